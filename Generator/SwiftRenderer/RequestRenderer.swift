import SchemaModel

/// The parts of an operation method for requests that are not JSON-in, JSON-out: form, multipart and
/// raw bodies, binary responses, URLs given at call time, object-valued query parameters, and
/// environments whose whole URL is a variable. `ClientRenderer` calls these hooks.
extension ClientRenderer {
    /// The method's return type: the response type, `BinaryResponse` for raw bytes, nil without a body.
    func outputType(of operation: OperationDefinition) -> String? {
        if operation.responseContentType != nil { return "BinaryResponse" }
        return operation.response.map { SwiftTypes.name($0, in: schema) }
    }

    /// Whether the method changes its `RequestBuilder` beyond what parameters do.
    func setsRequestShape(_ operation: OperationDefinition) -> Bool {
        operation.body?.encoding == .raw || operation.responseContentType != nil
    }

    /// The builder call for one parameter, or nil when the plain `setPath`/`addQuery` applies.
    func specialParameterLine(_ location: ParameterLocation, _ field: Field, label: String, in operation: OperationDefinition) -> String? {
        let wire = SwiftEscaping.stringLiteral(field.wireName)
        if location == .path, operation.absoluteURLParameter?.name == field.name {
            return "builder.setAbsoluteURL(\(label))"
        }
        if location == .query, schema.isQueryObject(field.type) {
            return "builder.addQueryObject(\(wire), \(label), style: .\((field.queryStyle ?? .form).rawValue))"
        }
        return nil
    }

    /// Lines before `perform`: a raw body, the `Accept` of a binary response.
    func requestShapeLines(_ operation: OperationDefinition) -> [String] {
        var lines: [String] = []
        if let body = operation.body, body.encoding == .raw {
            lines.append("builder.setRawBody(body, contentType: \(SwiftEscaping.stringLiteral(body.encoding.mediaType(contentType: body.contentType))))")
        }
        if let contentType = operation.responseContentType {
            lines.append("builder.setHeader(\"Accept\", \(SwiftEscaping.stringLiteral(contentType)))")
        }
        return lines
    }

    /// The body arguments of `perform`.
    func bodyArguments(_ operation: OperationDefinition) -> String {
        guard let body = operation.body else { return "" }
        switch body.encoding {
        case .json: return "jsonBody: body, "
        case .raw: return ""
        case .form:
            switch body.style ?? .form {
            case .form: return "body: body, encoding: .form, "
            case .deepObject: return "body: body, encoding: .deepObjectForm, "
            }
        case .multipart:
            let contentType = SwiftEscaping.stringLiteral(body.contentType ?? "application/octet-stream")
            let files = schema.fileFields(of: body).map { "\(SwiftEscaping.stringLiteral($0.wireName)): \(contentType)" }
            // Objects and lists of objects travel as JSON parts; omitted when there are none.
            let jsonParts = schema.jsonPartFields(of: body).map { SwiftEscaping.stringLiteral($0.wireName) }
            let json = jsonParts.isEmpty ? "" : ", jsonParts: [\(jsonParts.joined(separator: ", "))]"
            return "body: body, encoding: .multipart(files: [\(files.isEmpty ? ":" : files.joined(separator: ", "))]\(json)), "
        }
    }

    /// `static func custom(serverUrl: String) throws(BaseURLError) -> Environment` for `url: "{serverUrl}"`.
    func renderWholeURLEnvironment(_ variable: Environment.Variable, name: String, into writer: inout SwiftWriter) {
        writer.line("/// - Throws: `BaseURLError` unless the URL is absolute http(s) with a host, without user info, query or fragment.")
        let parameter = SwiftNaming.memberName(variable.name)
        let defaultValue = variable.defaultValue.map { " = \(SwiftEscaping.stringLiteral($0))" } ?? ""
        writer.block("public static func \(name)(\(parameter): String\(defaultValue)) throws(BaseURLError) -> Environment") { writer in
            writer.line("Self(baseURL: try ClientRuntime.URLTemplate.baseURL(validating: \(parameter)))")
        }
    }
}
