import SchemaModel

/// The language's `errors:` catalogue: read back from this project's `x-error-catalogue`, or built
/// from the error responses the operations document (one case per status, the first error body as
/// the catalogue's body), with a `modelled:` note saying so.
final class ErrorCatalogueBuilder {
    private let document: OpenAPIDocument
    private let types: TypeTranslator
    private var log: ImportLog { document.log }
    private var cases: [(String, YAMLValue)] = []
    private var statusNames: [Int: String] = [:]
    private var names = NameScope()
    private(set) var bodyTypeName: String?
    private var bodyPointer: JSONPointer?
    private var declared: YAMLValue?

    init(document: OpenAPIDocument, types: TypeTranslator) {
        self.document = document
        self.types = types
        if let catalogue = document.root["x-error-catalogue"] { declared = read(catalogue) }
    }

    /// The catalogue case for an error response of `status` (creating it the first time).
    func claim(status: Int, response: YAMLNode, pointer: JSONPointer, typeName: String) -> String {
        if let schema = response["content"]?["application/json"]?["schema"]
            ?? response["content"]?.pairs?.first(where: { $0.key.hasSuffix("json") })?.value["schema"]
        {
            let schemaPointer = pointer.appending("content").appending("application/json").appending("schema")
            let expression = types.use(SchemaNode(schema, schemaPointer), hint: "ErrorBody").expression
            votes.append(Vote(body: expression, schema: schema, pointer: schemaPointer, fromStatus: true))
        }
        if let name = statusNames[status] { return name }
        let name = names.claim(Self.reasonName(status))
        statusNames[status] = name
        var value = MapBuilder()
        value.set("status", .number(String(status)))
        ImportNotes.read(description: response["description"]?.scalar?.text, deprecated: nil, into: &value)
        cases.append((name, value.value))
        return name
    }

    /// An error body some response documents; the catalogue's is the one most use (`settleBody`).
    private struct Vote {
        let body: String
        let schema: YAMLNode
        let pointer: JSONPointer
        /// From an exact error status (reported when it is not the catalogue's body), rather than from a
        /// `4XX`, `5XX` or `default` response (which the operation settles itself).
        let fromStatus: Bool
    }

    private var votes: [Vote] = []

    /// The body of a `4XX`, `5XX` or `default` response, a candidate for the catalogue's body.
    func vote(body: String, schema: YAMLNode, pointer: JSONPointer) {
        votes.append(Vote(body: body, schema: schema, pointer: pointer, fromStatus: false))
    }

    /// Chooses the catalogue's body once every operation has been read: the body most error responses
    /// document (the first of those in document order on a tie), so that one operation's odd error body
    /// (Box's OAuth2 endpoints) does not become every operation's. An exact error status with another
    /// body is reported: the language has one error body.
    func settleBody() {
        guard declared == nil, bodyTypeName == nil, !votes.isEmpty else { return }
        var counts: [String: Int] = [:]
        for vote in votes { counts[vote.body, default: 0] += 1 }
        let best = counts.values.max() ?? 0
        guard let chosen = votes.first(where: { counts[$0.body] == best }) else { return }
        bodyTypeName = chosen.body
        bodyPointer = chosen.pointer
        for vote in votes where vote.fromStatus && vote.body != chosen.body {
            log.warning(
                "this error body (\(vote.body)) differs from the catalogue's body \(chosen.body) (from \(chosen.pointer)): the schema language has one error body, so it is decoded as \(chosen.body)",
                at: vote.schema, vote.pointer)
        }
    }

    /// The `errors:` value, or nil when the document has no catalogue and no error responses.
    var value: YAMLValue? {
        if let declared { return declared }
        guard !cases.isEmpty || bodyTypeName != nil else { return nil }
        var builder = MapBuilder()
        builder.set(
            "modelled",
            cases.isEmpty
                ? "Built by the importer: the operations document no error status, only the body of their 4XX, 5XX or default responses."
                : "Built by the importer: one case per HTTP error status the operations document.")
        builder.set("body", bodyTypeName)
        builder.set("cases", .map(cases))
        return builder.value
    }

    private func read(_ catalogue: YAMLNode) -> YAMLValue {
        var builder = MapBuilder()
        if let body = catalogue["body"]?.scalar?.text {
            bodyTypeName = types.componentNames[body] ?? body
            builder.set("body", bodyTypeName)
        }
        builder.set("code", catalogue["codePath"]?.scalar?.text)
        if catalogue["envelope"]?.scalar?.text == "true" { builder.set("envelope", .bool(true)) }
        var items: [(String, YAMLValue)] = []
        for item in catalogue["cases"]?.elements ?? [] {
            guard let name = item["name"]?.scalar?.text else { continue }
            var value = MapBuilder()
            if let prefix = item["codePrefix"]?.scalar?.text {
                value.set("code", .map([("prefix", .string(prefix))]))
            } else if let pattern = item["codePattern"]?.scalar?.text {
                value.set("code", .map([("pattern", .string(pattern))]))
            } else if let code = item["code"] {
                value.set("code", YAMLValue(code))
            }
            if let status = item["status"]?.scalar?.text { value.set("status", .number(status)) }
            if item["retryable"]?.scalar?.text == "true" { value.set("retryable", .bool(true)) }
            if item["neverRetried"]?.scalar?.text == "true" { value.set("retryable", .bool(false)) }
            if item["statusFirst"]?.scalar?.text == "true" { value.set("statusFirst", .bool(true)) }
            if let conditions = item["when"]?.elements { value.set("when", .list(conditions.map(YAMLValue.init))) }
            ImportNotes.read(description: item["description"]?.scalar?.text, deprecated: item["deprecated"], into: &value)
            items.append((name, value.value))
        }
        builder.set("cases", .map(items))
        return builder.value
    }

    private static func reasonName(_ status: Int) -> String {
        let names: [Int: String] = [
            400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
            405: "methodNotAllowed", 406: "notAcceptable", 408: "requestTimeout", 409: "conflict", 410: "gone",
            412: "preconditionFailed", 413: "contentTooLarge", 415: "unsupportedMediaType", 422: "unprocessableContent",
            429: "tooManyRequests", 500: "internalServerError", 501: "notImplemented", 502: "badGateway",
            503: "serviceUnavailable", 504: "gatewayTimeout",
        ]
        return names[status] ?? "status\(status)"
    }
}
