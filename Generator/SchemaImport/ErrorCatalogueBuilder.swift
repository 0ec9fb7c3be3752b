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
            if bodyTypeName == nil {
                bodyTypeName = expression
                bodyPointer = schemaPointer
            } else if expression != bodyTypeName {
                log.warning(
                    "this error body (\(expression)) differs from the catalogue's body \(bodyTypeName!) (from \(bodyPointer!)): the schema language has one error body, so it is decoded as \(bodyTypeName!)",
                    at: schema, schemaPointer)
            }
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

    /// The `errors:` value, or nil when the document has no catalogue and no error responses.
    var value: YAMLValue? {
        if let declared { return declared }
        guard !cases.isEmpty else { return nil }
        var builder = MapBuilder()
        builder.set("modelled", "Built by the importer: one case per HTTP error status the operations document.")
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
