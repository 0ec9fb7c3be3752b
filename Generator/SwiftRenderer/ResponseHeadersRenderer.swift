import SchemaModel

/// Renders the struct of an operation's declared response headers (`responseHeaders:`), nested in the
/// client: one property per header, typed, and the initialiser that reads them from a response.
struct ResponseHeadersRenderer {
    let schema: Schema
    let operation: OperationDefinition

    func render(into writer: inout SwiftWriter) {
        let typeName = SwiftNaming.responseHeadersTypeName(operation.name, api: schema.api)
        let method = SwiftNaming.withHeadersMethodName(operation.name, api: schema.api)
        writer.docs([
            "The response headers of `\(SwiftNaming.bare(SwiftNaming.operationName(operation.name, api: schema.api)))` the schema declares, as `\(method)` returns them."
        ])
        writer.block("public struct \(typeName): Hashable, Sendable") { writer in
            for field in operation.responseHeaders {
                let wire = Docs.inline(field.wireName)
                let presence = field.isOptional ? "nil when the response has none" : "always present"
                writer.docs(Docs.paragraphs(field.notes, extra: ["The `\(wire)` header; \(presence)."]))
                writer.line("public var \(property(field)): \(type(of: field))")
            }
            writer.line()
            writer.line("/// Reads the declared headers of `response`; a missing required header or a value that does not")
            writer.line("/// parse is a `ResponseHeaderError`.")
            writer.block("public init(response: HTTPResponse) throws(ResponseHeaderError)") { writer in
                for field in operation.responseHeaders {
                    let read = field.isOptional ? "optional" : "required"
                    writer.line(
                        "self.\(property(field)) = try ClientRuntime.ResponseHeaderField.\(read)(\(SwiftEscaping.stringLiteral(field.wireName)), in: response)")
                }
            }
            writer.line()
            writer.line("/// Creates the headers, for tests and previews.")
            let arguments = operation.responseHeaders.map { "\(property($0)): \(type(of: $0))\($0.isOptional ? " = nil" : "")" }
            writer.block("public init(\(arguments.joined(separator: ", ")))") { writer in
                for field in operation.responseHeaders {
                    writer.line("self.\(property(field)) = \(property(field))")
                }
            }
        }
    }

    private func property(_ field: Field) -> String {
        // `ClientRuntime` would shadow the module the initializer reads headers through (`ClientRuntime.ResponseHeaderField`).
        SwiftNaming.memberName(field.name, reserved: ["init", "ClientRuntime"])
    }

    private func type(of field: Field) -> String {
        SwiftTypes.name(field.type, in: schema, elements: field.constraints.elements) + (field.isOptional ? "?" : "")
    }
}
