import SchemaModel

/// How the exports write the request constructs that are not JSON (docs/SchemaLanguage.md, "Bodies that
/// are not JSON" and following).
enum RequestShapesExport {
    /// Raw bytes in OpenAPI: `{type: string, format: binary}`.
    static let binarySchema: OrderedJSON = .object([("type", .string("string")), ("format", .string("binary"))])

    /// The OpenAPI path key. An operation whose whole URL is given at call time has no path under the
    /// servers, so it is listed under `/` with an operation-level `servers` entry that is the URL.
    static func pathKey(_ operation: OperationDefinition) -> String {
        operation.hasAbsoluteURL ? "/" : operation.path
    }

    /// `servers: [{url: "{uploadUrl}", variables: ...}]` for an operation whose URL is given at call time.
    static func absoluteURLServers(_ operation: OperationDefinition) -> OrderedJSON? {
        guard let parameter = operation.absoluteURLParameter else { return nil }
        var variable = ObjectBuilder()
        variable.set("default", parameter.wireName)
        variable.set(
            "description",
            (parameter.notes.docs.map { $0 + " " } ?? "") + "Required: the whole URL, given at call time; \"\(parameter.wireName)\" is a placeholder.")
        var server = ObjectBuilder()
        server.set("url", "{\(parameter.wireName)}")
        server.set("variables", .object([(parameter.wireName, variable.value)]))
        return .array([server.value])
    }

    /// The style of a query parameter holding a map or struct; nil for plain parameters.
    static func queryStyle(_ field: Field, in schema: Schema) -> QueryStyle? {
        schema.isQueryObject(field.type) ? (field.queryStyle ?? .form) : nil
    }

    /// OpenAPI's `encoding` of a form or multipart body: for a multipart body the content type of each
    /// file part and `application/json` for each JSON part (an object or list of objects); for a form
    /// body with `style: deepObject`, `style: deepObject, explode: true` on every field that is not a
    /// scalar (Stripe's document writes the same), which the import reads back as the body's style.
    static func bodyEncoding(_ body: OperationDefinition.Body, in schema: Schema) -> OrderedJSON? {
        var entries: [(String, OrderedJSON)] = []
        switch body.encoding {
        case .multipart:
            let contentType = body.contentType ?? "application/octet-stream"
            let files = Set(schema.fileFields(of: body).map(\.wireName))
            let json = Set(schema.jsonPartFields(of: body).map(\.wireName))
            for field in schema.structFields(of: body.type) {
                if files.contains(field.wireName) {
                    entries.append((field.wireName, .object([("contentType", .string(contentType))])))
                } else if json.contains(field.wireName) {
                    entries.append((field.wireName, .object([("contentType", .string("application/json"))])))
                }
            }
        case .form:
            guard body.style == .deepObject else { return nil }
            for field in schema.structFields(of: body.type) where !schema.isScalar(field.type) {
                entries.append((field.wireName, .object([("style", .string("deepObject")), ("explode", .bool(true))])))
            }
        case .json, .raw:
            return nil
        }
        return entries.isEmpty ? nil : .object(entries)
    }
}
