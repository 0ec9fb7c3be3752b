import ArgumentParser
import Foundation
import PayloadValidation
import SchemaModel
import TrafficCheck

/// `schema-check traffic`: checks recorded HTTP exchanges (a HAR capture) against the operations of a
/// schema, the check for the parts of a schema that are `modelled` rather than documented.
struct Traffic: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks the exchanges of a HAR capture against a schema's operations.",
        discussion: """
            Each recorded exchange is mapped to its operation by method and path template under a base \
            URL (the schema's environment URLs, a {variable} matching any text without '/', or the \
            --base-url you give), then its path, query (object-valued ones member by member) and header \
            parameters, credentials, request body (JSON, or form and multipart fields as the sandbox \
            checks them), status and response body (the success type, an outcome's body, or the error catalogue's body \
            and codes) are validated as `schema-check validate` does. Operations the capture never calls \
            and exchanges under the base URL that match no operation are listed; exchanges to other hosts \
            are counted and skipped. Header values, credentials and the query are never printed.

            HAR 1.2 as Charles, Proxyman, browser devtools and mitmproxy (`mitmdump --set hardump=FILE`) \
            write it; base64 bodies are decoded. Documented in docs/SchemaCheck.md.

            Text output, one line per problem (entry number, method, path, operation, status, part, \
            pointer), on standard output:
              cap.har#3 GET /v1/items (listItems) 200 response /0/id: error: <message> (rule: api.yaml:9:7)
              cap.har#9 GET /v1/nope: error: matches no operation of Shop
            then the operations never seen, and the summary on standard error.

            Exit status: 0 every exchange valid (warnings allowed), 1 an exchange invalid or matching no \
            operation, 2 usage error, schema that does not load, or a capture that cannot be read or is \
            not HAR.

            Examples:
              schema-check traffic capture.har --schema Schemas/whitelabelpay.yaml
              schema-check traffic cap.har --schema api.yaml --base-url 'http://127.0.0.1:{port}/v1'
              schema-check traffic cap.har --schema api.yaml --format json
            """
    )

    @Argument(help: "The HAR capture (HAR 1.2 JSON).")
    var capture: String

    @Option(help: ArgumentHelp("The schema the traffic should follow (YAML or JSON).", valueName: "schema.yaml"))
    var schema: String

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "The API's base URL in the capture (repeatable; {variables} match any text without '/'). Default: the schema's environment URLs.", valueName: "url")
    )
    var baseURLs: [String] = []

    @OptionGroup var options: CheckOptions

    func validate() throws {
        for url in baseURLs where !url.contains("://") {
            throw usageFailure("--base-url \(url) is not a URL: give scheme, host and path, e.g. http://127.0.0.1:8080/wlp/v1")
        }
    }

    func run() throws {
        let model = try checkedSchema(schema, nothingWas: "checked")
        let routes = TrafficRoutes(schema: model, baseURLs: baseURLs)
        if routes.baseURLs.isEmpty {
            throw usageFailure("the schema \(schema) names no base URL (its environment URL is one variable); give --base-url")
        }
        let bytes: [UInt8]
        // Reading stops one byte past the limit: a capture from an endless pipe is refused with the
        // memory of one capture.
        let maxBytes = options.maxBytes
        switch BoundedInput.read(path: capture == "-" ? nil : capture, limit: maxBytes) {
        case .success(let read): bytes = read
        case .failure(.tooLarge(_, let size)):
            throw usageFailure(options.refusal(of: capture, size: size))
        case .failure(.unreadable(let reason)): throw usageFailure("cannot read \(capture): \(reason)")
        }
        let har: HARCapture
        switch HARCapture.open(bytes, maxBytes: maxBytes) {
        case .success(let opened): har = opened
        case .failure(let failure): throw usageFailure("\(capture): \(failure.message)")
        }

        let checker = ExchangeChecker(schema: model, strictEnums: options.strictEnums)
        let out = Output(fd: 1, color: options.format == .text && Output.wantsColor(options.color))
        let report = TrafficReporter(out: out, format: options.format, quiet: options.quiet, capture: capture, api: model.api)
        report.begin(schema: schema)
        var seen = Set<String>()
        // One entry at a time: nothing of an entry is kept once it is reported.
        har.forEachEntry { entry in
            let exchangeReport = CaptureCheck.check(entry, routes: routes, checker: checker)
            if let operation = exchangeReport.operation { seen.insert(operation) }
            report.record(exchangeReport)
        }
        let unseen = model.operations.map(\.name).filter { !seen.contains($0) }
        report.end(unseen: unseen, operationCount: model.operations.count)
        out.flush()
        if options.format == .text { Output.standardError(report.summaryLine + "\n") }
        if report.exchanges > 0, report.checked == 0 {
            // Most likely the capture is of another host than the environments name (a local server).
            let bases = routes.baseURLs.map(\.text).joined(separator: ", ")
            Output.standardError(
                "schema-check: note: no exchange is under the base URL\(routes.baseURLs.count == 1 ? "" : "s") \(bases); give the one in the capture with --base-url\n"
            )
        }
        if report.invalid > 0 { throw ExitCode(1) }
    }

}

/// Writes exchange verdicts as text lines or one JSON document, and counts them.
final class TrafficReporter {
    let out: Output
    let format: OutputFormat
    let quiet: Bool
    let capture: String
    let api: String
    private(set) var exchanges = 0
    private(set) var invalid = 0
    private(set) var warnings = 0
    private(set) var otherHost = 0
    private(set) var unmatched = 0
    private var first = true
    private var unseenCount = 0

    init(out: Output, format: OutputFormat, quiet: Bool, capture: String, api: String) {
        self.out = out
        self.format = format
        self.quiet = quiet
        self.capture = capture
        self.api = api
    }

    var checked: Int { exchanges - otherHost }
    var valid: Int { checked - invalid }

    var summaryLine: String {
        "checked \(checked) exchange\(checked == 1 ? "" : "s") of \(exchanges): \(valid) valid, \(invalid) invalid (\(unmatched) matching no operation), "
            + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(otherHost) to other hosts skipped, \(unseenCount) operation\(unseenCount == 1 ? "" : "s") never seen"
    }

    func begin(schema: String) {
        guard format == .json else { return }
        out.write("{\"schema\":\(JSONText.quoted(schema)),\"capture\":\(JSONText.quoted(capture)),\"exchanges\":[")
    }

    func record(_ report: ExchangeReport) {
        exchanges += 1
        if report.kind == .otherHost { otherHost += 1 }
        if report.kind == .noOperation { unmatched += 1 }
        if !report.isValid { invalid += 1 }
        warnings += report.findings.filter { $0.issue.severity == .warning }.count
        switch format {
        case .text:
            guard !quiet else { return }
            for finding in report.findings { writeText(report, finding) }
        case .json:
            guard !quiet || !report.findings.isEmpty else { return }
            writeJSON(report)
        }
    }

    func end(unseen: [String], operationCount: Int) {
        unseenCount = unseen.count
        switch format {
        case .text:
            guard !quiet, !unseen.isEmpty else { return }
            out.write("\(capture): note: \(unseen.count) of \(operationCount) operations of \(api) never seen: \(unseen.joined(separator: ", "))\n")
        case .json:
            out.write("],\"unseenOperations\":[\(unseen.map(JSONText.quoted).joined(separator: ","))]")
            out.write(",\"summary\":{\"exchanges\":\(exchanges),\"checked\":\(checked),\"valid\":\(valid),\"invalid\":\(invalid)")
            out.write(",\"noOperation\":\(unmatched),\"otherHosts\":\(otherHost),\"warnings\":\(warnings)")
            out.write(",\"operations\":\(operationCount),\"operationsSeen\":\(operationCount - unseen.count)}}\n")
        }
    }

    private func place(_ report: ExchangeReport) -> String {
        var text = "\(capture)#\(report.entry)"
        if !report.method.isEmpty { text += " \(report.method) \(report.path)" }
        if let operation = report.operation { text += " (\(operation))" }
        if let status = report.status, report.kind == .checked { text += " \(status)" }
        return text
    }

    private func writeText(_ report: ExchangeReport, _ finding: TrafficFinding) {
        let issue = finding.issue
        var location = ""
        switch finding.part {
        case .route: break
        case .capture: location = " " + issue.pointer
        default: location = " \(finding.part.rawValue)" + (issue.pointer.isEmpty ? "" : " " + issue.pointer)
        }
        let severity = issue.severity == .error ? out.styled("error:", "1;31") : out.styled("warning:", "1;33")
        let rule = issue.rule.map { " " + out.styled("(rule: \($0))", "2") } ?? ""
        out.write("\(out.styled(place(report) + location, "1")): \(severity) \(issue.message)\(rule)\n")
    }

    private func writeJSON(_ report: ExchangeReport) {
        var text = first ? "\n" : ",\n"
        first = false
        text += "{\"entry\":\(report.entry),\"method\":\(JSONText.quoted(report.method)),\"path\":\(JSONText.quoted(report.path))"
        text += ",\"operation\":\(report.operation.map(JSONText.quoted) ?? "null"),\"status\":\(report.status.map(String.init) ?? "null")"
        text += ",\"result\":\"\(report.kind.rawValue)\",\"valid\":\(report.isValid),\"issues\":["
        for (index, finding) in report.findings.enumerated() {
            if index > 0 { text += "," }
            text += finding.issue.jsonObject(leading: "\"part\":\"\(finding.part.rawValue)\",")
        }
        text += "]}"
        out.write(text)
    }
}
