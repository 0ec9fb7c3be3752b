import SchemaModel

/// Renders `<API>Error`: one case per catalogue entry, plus the failures every client can have.
struct ErrorRenderer {
    let schema: Schema

    var typeName: String { "\(schema.api)Error" }

    var bodyType: String {
        schema.errors?.body.map(SwiftTypes.name) ?? "JSONValue"
    }

    func render(into writer: inout SwiftWriter) {
        let catalogue = schema.errors
        let cases = (catalogue?.cases ?? []).map { (entry: $0, swift: SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.errorCases)) }
        let responseType = "ErrorResponse<\(bodyType)>"
        let table = CaseTable(typeName: typeName, isShielded: cases.contains { $0.entry.notes.isDeprecated }, members: [
            CaseTable.Member(name: "match", parameters: "_ response: ErrorResponse<\(bodyType)>, code: String?", arguments: "response, code: code", returnType: "{Self}") { writer in
                let coded = cases.filter { $0.entry.code != nil }
                if !coded.isEmpty {
                    writer.switchBlock("code") { writer in
                        for entry in coded {
                            writer.line("case \(SwiftEscaping.stringLiteral(entry.entry.code!))?: return .\(entry.swift)(response)")
                        }
                        writer.line("default: break")
                    }
                }
                let byStatus = cases.filter { $0.entry.code == nil && $0.entry.status != nil }
                if !byStatus.isEmpty {
                    writer.switchBlock("response.status") { writer in
                        for entry in byStatus {
                            writer.line("case \(entry.entry.status!): return .\(entry.swift)(response)")
                        }
                        writer.line("default: break")
                    }
                }
                writer.line("return .undocumented(response)")
            },
            CaseTable.Member(name: "response", parameters: "_ error: {Self}", arguments: "error", returnType: "\(responseType)?") { writer in
                writer.switchBlock("error") { writer in
                    let patterns = cases.map { ".\($0.swift)(let response)" } + [".undocumented(let response)"]
                    for (index, pattern) in patterns.enumerated() {
                        writer.line((index == 0 ? "case " : "     ") + pattern + (index == patterns.count - 1 ? ":" : ","))
                    }
                    writer.line("    return response")
                    writer.line("case .transport, .invalidRequest, .invalidResponse:")
                    writer.line("    return nil")
                }
            },
            CaseTable.Member(name: "name", parameters: "_ error: {Self}", arguments: "error", returnType: "String") { writer in
                writer.switchBlock("error") { writer in
                    for entry in cases {
                        writer.line("case .\(entry.swift): return \(SwiftEscaping.stringLiteral(SwiftNaming.bare(entry.swift)))")
                    }
                    for other in ["undocumented", "transport", "invalidRequest", "invalidResponse"] {
                        writer.line("case .\(other): return \"\(other)\"")
                    }
                }
            },
            CaseTable.Member(name: "isRetryable", parameters: "_ error: {Self}", arguments: "error", returnType: "Bool") { writer in
                let retryable = cases.filter { $0.entry.isRetryable }
                writer.switchBlock("error") { writer in
                    if !retryable.isEmpty {
                        writer.line("case " + retryable.map { ".\($0.swift)" }.joined(separator: ", ") + ": return true")
                    }
                    writer.line("default: return false")
                }
            },
        ])

        writer.docs([catalogue?.notes.docs ?? "An error from the \(schema.api) API.",
                     "Every failure of a `\(schema.api)Client` call arrives as this type: a documented error, an undocumented error status (with its status and body), a transport failure, or a response that does not match the schema."] +
                    Docs.paragraphs(Notes(modelled: catalogue?.notes.modelled)).dropFirst())
        writer.block("public enum \(typeName): APIFailure, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable") { writer in
            for entry in cases {
                var recognised: [String] = []
                if let code = entry.entry.code { recognised.append("code `\(Docs.inline(code))`") }
                if let status = entry.entry.status { recognised.append("HTTP \(status)") }
                let retry = entry.entry.isRetryable ? " Retryable." : ""
                writer.docs(Docs.paragraphs(entry.entry.notes, extra: ["Recognised by \(recognised.joined(separator: ", ")).\(retry)"]))
                if let message = entry.entry.notes.deprecated {
                    writer.line(Docs.availability(message))
                }
                writer.line("case \(entry.swift)(\(responseType))")
            }
            writer.line("/// An error response the catalogue does not describe; its status and body are kept.")
            writer.line("case undocumented(\(responseType))")
            writer.line("/// No usable HTTP response: the connection failed or was cancelled, or a `TransportError`: the call")
            writer.line("/// timed out, the response was too large, or the server redirected to another origin.")
            writer.line("case transport(any Error)")
            writer.line("/// The request could not be built (a body that does not encode, a missing path value, a credential")
            writer.line("/// with control characters); nothing was sent.")
            writer.line("case invalidRequest(any Error)")
            writer.line("/// A success status whose body does not match the schema.")
            writer.line("case invalidResponse(HTTPResponse, any Error)")
            writer.line()
            writer.block("public init(response: HTTPResponse)") { writer in
                let bodySecrets = schema.secretWireNames(reachableFrom: schema.errors?.body.map { [$0] } ?? [])
                let secrets = SwiftTypes.stringSetLiteral(bodySecrets.sorted()).map { ", secretNames: \($0)" } ?? ""
                // Types only in type positions or through the module: a case may be called
                // `ErrorResponse` or like the body type.
                writer.line("typealias Body = \(bodyType)")
                writer.line("let details: \(responseType) = .init(response, decoding: Body.self\(secrets))")
                writer.line("self = \(table.call("match", "details, code: Self.code(in: response.body)"))")
            }
            writer.line()
            writer.line("/// The error response, for documented and undocumented errors.")
            writer.line("public var response: \(responseType)? { \(table.call("response", "self")) }")
            writer.line()
            writer.line("/// The HTTP status, when a response arrived.")
            writer.line("public var status: Int? { response?.status }")
            writer.line()
            writer.line("/// Whether the catalogue marks this error as worth retrying.")
            writer.line("public var isRetryable: Bool { \(table.call("isRetryable", "self")) }")
            writer.line()
            writer.line("/// The error code the response body carries, if any (the catalogue's `code`).")
            if let codePath = catalogue?.codePath {
                writer.line("public var code: String? { response.flatMap { Self.code(in: $0.rawBody) } }")
                writer.line()
                writer.block("private static func code(in body: Data) -> String?") { writer in
                    writer.line("(try? ClientRuntime.JSONCoding.makeDecoder().decode(ClientRuntime.JSONValue.self, from: body))?[path: \(SwiftEscaping.stringLiteral(codePath))]?.scalarText")
                }
            } else {
                writer.line("public var code: String? { nil }")
                writer.line()
                writer.line("private static func code(in body: Data) -> String? { nil }")
            }
            writer.line()
            writer.line("/// The case name, e.g. for logs and metrics.")
            writer.line("public var name: String { \(table.call("name", "self")) }")
            writer.line()
            writer.line("/// Names the error and its status; never the body, which may echo personal data. Underlying errors")
            writer.line("/// are summarised by `ErrorSummary`, which hides credentials in URLs (an `NSError`'s failing URL).")
            writer.block("public var description: String") { writer in
                writer.line("if let status { return \"\(typeName).\\(name) (HTTP \\(status))\" }")
                writer.switchBlock("self") { writer in
                    writer.line("case .transport(let error): return \"\(typeName).transport: \\(ClientRuntime.ErrorSummary.describe(error))\"")
                    writer.line("case .invalidRequest(let error): return \"\(typeName).invalidRequest: \\(ClientRuntime.ErrorSummary.describe(error))\"")
                    writer.line("case .invalidResponse(let response, let error): return \"\(typeName).invalidResponse (HTTP \\(response.status)): \\(ClientRuntime.ErrorSummary.describe(error))\"")
                    writer.line("default: return \"\(typeName).\\(name)\"")
                }
            }
            writer.line()
            writer.line("/// Same as `description`: debug output is just as likely to end up in a log.")
            writer.line("public var debugDescription: String { description }")
            writer.line()
            writer.line("/// Keeps `dump` from printing the underlying error or body, which may carry secrets.")
            writer.line("public var customMirror: Mirror { .init(self, children: [\"description\": self.description]) }")
        }
        writer.line()
        table.render(into: &writer)
    }
}
