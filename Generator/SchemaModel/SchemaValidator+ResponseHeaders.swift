/// Checks of an operation's typed response headers (`responseHeaders:`).
extension SchemaValidator {
    func checkResponseHeaders(types: [String: TypeDefinition]) {
        let methodNames = Set(schema.operations.map { SwiftNaming.bare(SwiftNaming.operationName($0.name, api: schema.api)) })
        for operation in schema.operations where !operation.responseHeaders.isEmpty {
            let context = "operation '\(operation.name)'"
            checkFields(operation.responseHeaders, in: "the response headers of \(context)", types: types, reserved: ["init"], sentInHeadOfRequest: true)
            var seen: [String: String] = [:]
            let allowed = OperationDefinition.responseHeaderPrimitives.map(\.rawValue)
            for field in operation.responseHeaders {
                let fieldContext = "response header '\(field.name)' of \(context)"
                if !Self.isHeaderName(field.wireName) {
                    log.error("\(fieldContext) has '\(field.wireName)', which is not a valid header name", at: field.location)
                }
                // Header names are case-insensitive: `ETag` and `Etag` are one header.
                if let other = seen[field.wireName.lowercased()], field.wireName != other {
                    log.error(
                        "\(fieldContext) names the header '\(field.wireName)', which is '\(other)' in another case; header names ignore case",
                        at: field.location)
                }
                seen[field.wireName.lowercased()] = field.wireName
                var readable = false
                if case .primitive(let primitive) = field.type { readable = OperationDefinition.responseHeaderPrimitives.contains(primitive) }
                if !readable {
                    log.error(
                        "\(fieldContext) is \(field.type); a response header is read as one of \(allowed.joined(separator: ", "))", at: field.typeLocation)
                }
                if let defaultValue = field.defaultValue {
                    log.error("\(fieldContext) has a default; a header the response lacks is nil: mark it 'optional'", at: defaultValue.location)
                }
                if field.isNullable {
                    log.error("\(fieldContext) is nullable; a header is present or absent: mark it 'optional'", at: field.location)
                }
            }
            let method = SwiftNaming.withHeadersMethodName(operation.name, api: schema.api)
            if let other = schema.operations.first(where: { SwiftNaming.bare(SwiftNaming.operationName($0.name, api: schema.api)) == method }),
                methodNames.contains(method)
            {
                log.error(
                    "operation '\(other.name)' has the name of the generated method '\(method)' of \(context), which returns its response headers; rename one",
                    at: other.location)
            }
            let typeName = SwiftNaming.responseHeadersTypeName(operation.name, api: schema.api)
            if let type = schema.types.first(where: { SwiftNaming.typeName($0.name, api: schema.api) == typeName }) {
                log.error(
                    "type '\(type.name)' has the name of the generated response headers struct of \(context), '\(typeName)'; rename the type", at: type.location
                )
            }
        }
    }
}
