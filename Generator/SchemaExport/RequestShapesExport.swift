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

    /// OpenAPI's `encoding` of a multipart body: the content type of each file part.
    static func multipartEncoding(_ body: OperationDefinition.Body, in schema: Schema) -> OrderedJSON? {
        let files = schema.fileFields(of: body)
        guard !files.isEmpty else { return nil }
        let contentType = body.contentType ?? "application/octet-stream"
        return .object(files.map { ($0.wireName, .object([("contentType", .string(contentType))])) })
    }
}
