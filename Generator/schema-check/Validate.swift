import ArgumentParser
import Foundation
import PayloadValidation
import SchemaModel

enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

extension ColorMode: ExpressibleByArgument {}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validates JSON payloads against a type, an operation's request or response, or an event's payload.",
        discussion: """
            Paths are files or folders; a folder means every *.json, *.ndjson and *.jsonl file below it, \
            in sorted order. No path, or -, reads standard input. .ndjson and .jsonl files hold one \
            payload per line; --ndjson reads every input (standard input included) that way.

            Text output, one line per issue, on standard output:
              payload.json:/content/0/amount: error: <message> (rule: api.yaml:120:7)
              events.ndjson:42:/status: warning: <message> (rule: api.yaml:88:5)
              broken.json:3:14: error: invalid JSON: <message>
            and the summary `checked N payloads: V valid, I invalid, W warnings` on standard error.

            Unknown enum values and union tags are warnings (generated clients keep them as .undocumented); \
            --strict-enums makes them errors.

            Exit status: 0 all payloads valid (warnings allowed), 1 any payload invalid (a syntax error \
            included), 2 usage error, schema that does not load, or input that cannot be read.

            Examples:
              schema-check validate Schemas/whitelabelpay.yaml --type Transaction tx.json
              schema-check Schemas/whitelabelpay.yaml --type "[Transaction]" list.json
              schema-check validate api.yaml --response fetchTransactions responses/
              schema-check validate api.yaml --request createItem --strict-enums body.json
              schema-check validate Schemas/whitelabelpay.yaml --event paymentFailed push.json
              schema-check validate Schemas/whitelabelpay.yaml --any-event pushes.ndjson
              cat items.ndjson | schema-check api.yaml --type Item --ndjson --format json
              schema-check validate Schemas/finaptic.yaml --channel chat --direction receive messages.ndjson
            """
    )

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Argument(help: "Payload files or folders; none or - reads standard input.")
    var paths: [String] = []

    @Option(name: .customLong("type"), help: ArgumentHelp("A type name or expression (Item, [Item], [string: Item]).", valueName: "type"))
    var typeName: String?

    @Option(help: ArgumentHelp("Validate against the request body of this operation.", valueName: "operation"))
    var request: String?

    @Option(help: ArgumentHelp("Validate against the response of this operation.", valueName: "operation"))
    var response: String?

    @Option(
        help: ArgumentHelp("Validate against the payload of this event (`events:`: a push notification's user info, a webhook's body).", valueName: "event"))
    var event: String?

    @Flag(help: "Recognise each payload among the schema's events (a field's value, else the payload's shape) and validate it as that event's payload.")
    var anyEvent = false

    @Option(help: "With --response: the HTTP status (default: the operation's success status; 4xx/5xx: the error body).")
    var status: Int?

    @Option(help: ArgumentHelp("Validate messages of this channel (with --direction).", valueName: "channel"))
    var channel: String?

    @Option(help: ArgumentHelp("With --channel: send (what clients send) or receive (what the server sends).", valueName: "direction"))
    var direction: ChannelDirection?

    @Flag(help: "Read every input as newline-delimited JSON, one payload per line.")
    var ndjson = false

    @OptionGroup var options: CheckOptions

    @Flag(help: "Only parse every payload (syntax errors are still reported); for benchmarks.")
    var parseOnly = false

    func run() throws {
        let model = try checkedSchema(schema, nothingWas: "validated")
        let reference: TypeReference
        if direction != nil, channel == nil { throw usageFailure("--direction goes with --channel") }
        if anyEvent {
            guard typeName == nil, request == nil, response == nil, event == nil, channel == nil else {
                throw usageFailure("--any-event goes alone: it chooses each payload's type itself")
            }
            guard !model.events.isEmpty else { throw usageFailure("\(schema) declares no events for --any-event to recognise") }
            // Reported as the union of the events' payloads; each payload is checked as the event it is.
            reference = .primitive(.json)
        } else {
            switch TypeSelection.resolve(
                type: typeName, request: request, response: response, status: status, channel: channel.map { ($0, direction) }, event: event,
                in: model)
            {
            case .success(let resolved): reference = resolved
            case .failure(let failure): throw usageFailure(failure.message)
            }
        }

        let validator = PayloadValidator(schema: model, strictEnums: options.strictEnums)
        let prepared = validator.prepare(reference)
        let recognition = anyEvent ? EventRecognition(schema: model, validator: validator) : nil
        let strict = options.strictEnums
        let out = Output(fd: 1, color: options.format == .text && Output.wantsColor(options.color))
        let reporter = Reporter(out: out, format: options.format, quiet: options.quiet)
        reporter.begin(schema: schema, type: reference.description)

        var unreadable = false
        for source in Inputs.sources(paths, forceNDJSON: ndjson) {
            let bytes: [UInt8]
            switch Inputs.read(source, limit: options.maxBytes) {
            case .success(let read): bytes = read
            case .failure(let error):
                out.flush()
                Output.standardError("schema-check: error: \(error.reason(options))\n")
                unreadable = true
                continue
            }
            bytes.withUnsafeBytes { raw in
                if source.isNDJSON {
                    var lines = LineValidator(source: source.name, validator: validator, type: prepared, parseOnly: parseOnly)
                    lines.recognition = recognition.map { recognition in { value in recognition.issues(of: value, strict: strict).issues } }
                    lines.run(raw, reporter: reporter)
                } else {
                    if Self.isBlank(raw) {
                        reporter.recordSyntax(
                            source.name, line: nil, error: JSONSyntaxError(message: "", offset: 0, line: 1, column: 1),
                            message: "empty input: expected a JSON value")
                        return
                    }
                    do {
                        let value = try JSONParser.parse(raw)
                        let issues =
                            parseOnly
                            ? [] : recognition.map { $0.issues(of: value, strict: strict).issues } ?? validator.validate(value, against: prepared)
                        reporter.record(source.name, line: nil, issues: issues)
                    } catch let error as JSONSyntaxError {
                        reporter.recordSyntax(source.name, line: nil, error: error, message: Self.explain(error, raw, lineMode: false))
                    } catch {
                        reporter.recordSyntax(
                            source.name, line: nil, error: JSONSyntaxError(message: "", offset: 0, line: 1, column: 1),
                            message: "unreadable input: \(error)")
                    }
                }
            }
        }
        reporter.end()
        out.flush()
        if options.format == .text {
            Output.standardError(reporter.summaryLine + "\n")
        }
        if unreadable { throw ExitCode(2) }
        if reporter.invalid > 0 { throw ExitCode(1) }
    }

    /// Only whitespace (or a byte order mark).
    static func isBlank(_ raw: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { index = 3 }
        while index < raw.count {
            switch raw[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return false
            }
        }
        return true
    }

    /// The syntax error's message, saying so when the input is binary or not UTF-8 text.
    static func explain(_ error: JSONSyntaxError, _ raw: UnsafeRawBufferPointer, lineMode: Bool) -> String {
        if !lineMode {
            if raw.prefix(8192).contains(0) {
                return "not JSON: a binary file (it contains NUL bytes)"
            }
            if String(validating: raw, as: UTF8.self) == nil {
                return "not JSON: the input is not valid UTF-8 text (\(error.message))"
            }
        }
        return "invalid JSON: \(error.message)"
    }
}

/// Counts payloads and writes their issues as text lines or as the streamed JSON document.
final class Reporter {
    let out: Output
    let format: OutputFormat
    let quiet: Bool
    private(set) var payloads = 0
    private(set) var invalid = 0
    private(set) var warnings = 0
    private var firstPayload: Bool

    /// `segment`: a reporter for one part of a file checked in parallel, whose JSON payloads all
    /// start with a comma (`absorb` removes the first one when needed).
    init(out: Output, format: OutputFormat, quiet: Bool, segment: Bool = false) {
        self.out = out
        self.format = format
        self.quiet = quiet
        self.firstPayload = !segment
    }

    /// Adds a segment reporter's counts and output, in order.
    func absorb(_ segment: Reporter) {
        payloads += segment.payloads
        invalid += segment.invalid
        warnings += segment.warnings
        var bytes = segment.out.take()
        guard !bytes.isEmpty else { return }
        if format == .json, firstPayload, bytes.first == UInt8(ascii: ",") { bytes.removeFirst() }
        if format == .json { firstPayload = false }
        out.write(bytes: bytes)
    }

    var valid: Int { payloads - invalid }

    var summaryLine: String {
        "checked \(payloads) payload\(payloads == 1 ? "" : "s"): \(valid) valid, \(invalid) invalid, \(warnings) warning\(warnings == 1 ? "" : "s")"
    }

    func begin(schema: String, type: String) {
        guard format == .json else { return }
        out.write("{\"schema\":\(JSONText.quoted(schema)),\"type\":\(JSONText.quoted(type)),\"payloads\":[")
    }

    func end() {
        guard format == .json else { return }
        out.write("],\"summary\":{\"payloads\":\(payloads),\"valid\":\(valid),\"invalid\":\(invalid),\"warnings\":\(warnings)}}\n")
    }

    /// One validated payload.
    @inline(__always)
    func record(_ source: String, line: Int?, issues: [ValidationIssue]) {
        payloads += 1
        if issues.isEmpty {
            if format == .json, !quiet { writeJSONPayload(source, line: line, valid: true, issues: []) }
            return
        }
        var isValid = true
        for issue in issues {
            if issue.severity == .error { isValid = false } else { warnings += 1 }
        }
        if !isValid { invalid += 1 }
        switch format {
        case .json: writeJSONPayload(source, line: line, valid: isValid, issues: issues)
        case .text:
            guard !quiet else { return }
            for issue in issues { writeTextIssue(source, line: line, issue) }
        }
    }

    /// A payload that is not JSON (or is empty): one `syntax` error.
    func recordSyntax(_ source: String, line: Int?, error: JSONSyntaxError, message: String) {
        payloads += 1
        invalid += 1
        let positioned = message.hasPrefix("empty input") ? message : "\(message) (line \(error.line), column \(error.column))"
        switch format {
        case .json:
            let found = message.hasPrefix("empty input") ? "empty input" : "invalid JSON at line \(error.line), column \(error.column)"
            let issue = ValidationIssue(
                severity: .error, kind: .syntax, pointer: "", expected: "JSON", found: found,
                message: positioned, rule: nil)
            writeJSONPayload(source, line: line, valid: false, issues: [issue])
        case .text:
            guard !quiet else { return }
            // Compiler style: file:line:column (the line of the file, also for NDJSON).
            let place = message.hasPrefix("empty input") ? "\(source):1:1" : "\(source):\(error.line):\(error.column)"
            out.write("\(out.styled(place, "1")): \(out.styled("error:", "1;31")) \(message)\n")
        }
    }

    private func writeTextIssue(_ source: String, line: Int?, _ issue: ValidationIssue) {
        var place = source
        if let line { place += ":\(line)" }
        place += ":" + (issue.pointer.isEmpty ? "(root)" : issue.pointer)
        let severity = issue.severity == .error ? out.styled("error:", "1;31") : out.styled("warning:", "1;33")
        let rule = issue.rule.map { " " + out.styled("(rule: \($0))", "2") } ?? ""
        out.write("\(out.styled(place, "1")): \(severity) \(issue.message)\(rule)\n")
    }

    private func writeJSONPayload(_ source: String, line: Int?, valid: Bool, issues: [ValidationIssue]) {
        var text = firstPayload ? "\n" : ",\n"
        firstPayload = false
        text += "{\"source\":\(JSONText.quoted(source))"
        if let line { text += ",\"line\":\(line)" }
        text += ",\"valid\":\(valid),\"issues\":["
        for (index, issue) in issues.enumerated() {
            if index > 0 { text += "," }
            text += issue.jsonObject()
        }
        text += "]}"
        out.write(text)
    }
}

/// Validates newline-delimited JSON. Big inputs are cut into 4 MB segments at line ends and checked
/// on every core, a batch of segments at a time; each segment's output is collected and written in
/// input order, so the output is the same as a serial run and memory stays bounded.
struct LineValidator: @unchecked Sendable {
    let source: String
    let validator: PayloadValidator
    let type: PayloadValidator.PreparedType
    let parseOnly: Bool
    /// `--any-event`: the issues of a payload as the event it is, instead of checking against `type`.
    var recognition: ((JSON) -> [ValidationIssue])? = nil
    static let segmentSize = 1 << 22

    func run(_ raw: UnsafeRawBufferPointer, reporter: Reporter) {
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, 16)
        guard cores > 1, raw.count > LineValidator.segmentSize, let base = raw.baseAddress else {
            check(raw, firstLine: 0, into: reporter)
            return
        }
        var start = 0
        var firstLine = 0
        while start < raw.count {
            var segments: [(range: Range<Int>, firstLine: Int)] = []
            while segments.count < cores, start < raw.count {
                var end = min(start + LineValidator.segmentSize, raw.count)
                if end < raw.count {
                    if let newline = memchr(base + end, 0x0A, raw.count - end) {
                        end = (base.distance(to: UnsafeRawPointer(newline))) + 1
                    } else {
                        end = raw.count
                    }
                }
                segments.append((start..<end, firstLine))
                firstLine += LineValidator.newlines(in: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                start = end
            }
            let workers = segments.map { _ in
                Reporter(out: Output(fd: -1, color: reporter.out.color), format: reporter.format, quiet: reporter.quiet, segment: true)
            }
            let shared = SharedRaw(raw: raw, workers: workers, segments: segments)
            DispatchQueue.concurrentPerform(iterations: segments.count) { index in
                let segment = shared.segments[index]
                check(UnsafeRawBufferPointer(rebasing: shared.raw[segment.range]), firstLine: segment.firstLine, into: shared.workers[index])
            }
            for worker in workers { reporter.absorb(worker) }
        }
    }

    private struct SharedRaw: @unchecked Sendable {
        let raw: UnsafeRawBufferPointer
        let workers: [Reporter]
        let segments: [(range: Range<Int>, firstLine: Int)]
    }

    static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var position = 0
        while position < bytes.count, let found = memchr(base + position, 0x0A, bytes.count - position) {
            count += 1
            position = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        return count
    }

    /// The lines of `bytes`; line numbers are `firstLine` + the line in `bytes`.
    func check(_ bytes: UnsafeRawBufferPointer, firstLine: Int, into reporter: Reporter) {
        JSONParser.parseLines(bytes) { line, parsed in
            switch parsed {
            case .success(let value):
                reporter.record(
                    source, line: firstLine + line, issues: parseOnly ? [] : recognition?(value) ?? validator.validate(value, against: type))
            case .failure(let error):
                let shifted = JSONSyntaxError(message: error.message, offset: error.offset, line: firstLine + error.line, column: error.column)
                reporter.recordSyntax(source, line: firstLine + line, error: shifted, message: Validate.explain(error, bytes, lineMode: true))
            }
        }
    }
}
