import SchemaModel

/// The language's `errors:` catalogue: read back from this project's `x-error-catalogue`, or built
/// from the error responses the operations document (one case per status, the first error body as
/// the catalogue's body), with a `modelled:` note saying so.
final class ErrorCatalogueBuilder {
    private let document: OpenAPIDocument
    private let types: TypeTranslator
    private var log: ImportLog { document.log }
    private var cases: [(String, YAMLValue)] = []
    private var names = NameScope()
    private(set) var bodyTypeName: String?
    private var bodyPointer: JSONPointer?
    private var declared: YAMLValue?

    init(document: OpenAPIDocument, types: TypeTranslator) {
        self.document = document
        self.types = types
        if let catalogue = document.root["x-error-catalogue"] { declared = read(catalogue) }
    }

    /// The catalogue case for an error response of `status` with its body (creating it the first time):
    /// one case per status and body, so an operation whose answer for a status has another body than the
    /// others' gets a case with that `body:` (set once the catalogue's body is settled), listed in its `errors:`.
    func claim(status: Int, response: YAMLNode, pointer: JSONPointer, typeName: String) -> String {
        var body: String?
        if let schema = response["content"]?["application/json"]?["schema"]
            ?? response["content"]?.pairs?.first(where: { $0.key.hasSuffix("json") })?.value["schema"]
        {
            let schemaPointer = pointer.appending("content").appending("application/json").appending("schema")
            let expression = types.use(SchemaNode(schema, schemaPointer), hint: "ErrorBody").expression
            votes.append(Vote(body: expression, schema: schema, pointer: schemaPointer))
            body = expression
        }
        // An answer without a body is the status's first case, whatever that case's body; a case made by
        // one takes the first body documented for its status.
        if let index = claimed.firstIndex(where: { $0.status == status && (body == nil || $0.body == body || $0.body == nil) }) {
            if claimed[index].body == nil { claimed[index].body = body }
            return claimed[index].name
        }
        let first = !claimed.contains { $0.status == status }
        let name = names.claim(first ? Self.reasonName(status) : Self.reasonName(status) + ImportNames.upperCamel(body ?? ""))
        claimed.append(ClaimedCase(name: name, status: status, body: body, isFirstOfStatus: first))
        var value = MapBuilder()
        value.set("status", .number(String(status)))
        ImportNotes.read(description: response["description"]?.scalar?.text, deprecated: nil, into: &value)
        cases.append((name, value.value))
        return name
    }

    /// A case `claim` made: its status and the body its responses carry (nil: none documented).
    private struct ClaimedCase {
        let name: String
        let status: Int
        var body: String?
        let isFirstOfStatus: Bool
    }

    private var claimed: [ClaimedCase] = []

    /// An error body some response documents; the catalogue's is the one most use (`settleBody`).
    private struct Vote {
        let body: String
        let schema: YAMLNode
        let pointer: JSONPointer
    }

    private var votes: [Vote] = []

    /// The body of a `4XX`, `5XX` or `default` response, a candidate for the catalogue's body.
    func vote(body: String, schema: YAMLNode, pointer: JSONPointer) {
        votes.append(Vote(body: body, schema: schema, pointer: pointer))
    }

    /// Chooses the catalogue's body once every operation has been read: the body most error responses
    /// document (the first of those in document order on a tie), so that one operation's odd error body
    /// (Box's OAuth2 endpoints) does not become every operation's. An exact error status with another
    /// body keeps it as its case's own `body:`.
    func settleBody() {
        guard declared == nil, bodyTypeName == nil, !votes.isEmpty else { return }
        var counts: [String: Int] = [:]
        for vote in votes { counts[vote.body, default: 0] += 1 }
        let best = counts.values.max() ?? 0
        guard let chosen = votes.first(where: { counts[$0.body] == best }) else { return }
        bodyTypeName = chosen.body
        bodyPointer = chosen.pointer
        giveCasesTheirBodies()
    }

    /// `body:` on each case whose responses carry another body than the catalogue's, and on every case
    /// after the first of its status (two cases of one status are told apart by their bodies).
    private func giveCasesTheirBodies() {
        for claim in claimed {
            guard let body = claim.body, body != bodyTypeName || !claim.isFirstOfStatus,
                let index = cases.firstIndex(where: { $0.0 == claim.name }), case .map(var members) = cases[index].1
            else { continue }
            members.insert(("body", .string(body)), at: 1)
            cases[index].1 = .map(members)
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
            if let body = item["body"]?.scalar?.text { value.set("body", types.componentNames[body] ?? body) }
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
