import SchemaModel

/// Renders `<API>Error`: one case per catalogue entry, plus the failures every client can have.
struct ErrorRenderer {
    let schema: Schema

    /// The cases every generated error has besides the catalogue's, in their order.
    static let builtInCases = ["undocumented", "transport", "invalidRequest", "invalidResponse"]

    var typeName: String { "\(schema.api)Error" }
    var codeTypeName: String { "\(schema.api)ErrorCode" }

    /// Whether any case says whether it is retryable, so operations need the catalogue's retry rule.
    var hasRetryRule: Bool { schema.errors?.cases.contains { $0.declaredRetryable != nil } ?? false }

    /// `ResponseRetryRule.<api>Errors`.
    var retryRuleName: String { schema.api.prefix(1).lowercased() + schema.api.dropFirst() + "Errors" }

    var bodyType: String {
        schema.errors?.body.map { SwiftTypes.name($0, in: schema) } ?? "JSONValue"
    }

    func render(into writer: inout SwiftWriter) {
        let catalogue = schema.errors
        let cases = (catalogue?.cases ?? []).map { (entry: $0, swift: SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.errorCases)) }
        let responseType = "ErrorResponse<\(bodyType)>"
        let responseCases = cases.filter { $0.entry.conditions.isEmpty }
        let clientSideCases = cases.filter { !$0.entry.conditions.isEmpty }
        // Cases whose answers carry a body of their own: their `response` is seen as the catalogue's body.
        let ownBodies = responseCases.filter { $0.entry.body != nil }
        let table = CaseTable(
            typeName: typeName, isShielded: cases.contains { $0.entry.notes.isDeprecated },
            members: [
                CaseTable.Member(
                    name: "match", parameters: "_ response: ErrorResponse<\(bodyType)>, code: String?, allowed: Set<\(codeTypeName)>?",
                    arguments: "response, code: code, allowed: allowed", returnType: "{Self}"
                ) { writer in
                    renderMatching(cases: responseCases, into: &writer)
                },
                CaseTable.Member(name: "response", parameters: "_ error: {Self}", arguments: "error", returnType: "\(responseType)?") { writer in
                    // The switches over `error` name its cases through `caseSwitch`, which keeps a catalogue of
                    // hundreds of cases within what Swift can check for exhaustiveness.
                    let sameBody = responseCases.filter { $0.entry.body == nil }.map { ".\($0.swift)(let response)" } + [".undocumented(let response)"]
                    let asCatalogueBody = "return response.decoded(\(secretsArgument(reachableFrom: catalogue?.body, first: true)))"
                    let withoutResponse = clientSideCases.map { ".\($0.swift)" } + Self.builtInCases.filter { $0 != "undocumented" }.map { ".\($0)" }
                    writer.caseSwitch(
                        "error",
                        [SwitchArm(sameBody, ["return response"])]
                            + ownBodies.map { SwitchArm([".\($0.swift)(let response)"], [asCatalogueBody]) }
                            + [SwitchArm(withoutResponse, ["return nil"])])
                },
                CaseTable.Member(name: "name", parameters: "_ error: {Self}", arguments: "error", returnType: "String") { writer in
                    writer.caseSwitch(
                        "error",
                        cases.map { SwitchArm([".\($0.swift)"], ["return \(SwiftEscaping.stringLiteral(SwiftNaming.bare($0.swift)))"]) }
                            + Self.builtInCases.map { SwitchArm([".\($0)"], ["return \"\($0)\""]) })
                },
                CaseTable.Member(name: "isRetryable", parameters: "_ error: {Self}", arguments: "error", returnType: "Bool") { writer in
                    let retryable = cases.filter { $0.entry.isRetryable }
                    writer.caseSwitch(
                        "error",
                        (retryable.isEmpty ? [] : [SwitchArm(retryable.map { ".\($0.swift)" }, ["return true"])]) + [SwitchArm(["default"], ["return false"])])
                },
                CaseTable.Member(name: "code", parameters: "_ error: {Self}", arguments: "error", returnType: codeTypeName) { writer in
                    writer.caseSwitch(
                        "error", (cases.map(\.swift) + Self.builtInCases).map { SwitchArm([".\($0)"], ["return .\($0)"]) })
                },
                CaseTable.Member(
                    name: "asCase", parameters: "_ response: ErrorResponse<\(bodyType)>, code: \(codeTypeName)", arguments: "response, code: code",
                    returnType: "{Self}"
                ) { writer in
                    writer.switchBlock("code") { writer in
                        for entry in responseCases {
                            writer.line("case .\(entry.swift): return \(construct(entry))")
                        }
                        writer.line("default: return .undocumented(response)")
                    }
                },
                CaseTable.Member(
                    name: "clientSide", parameters: "_ error: any Error, condition: ClientRuntime.TransportCondition?",
                    arguments: "error, condition: condition", returnType: "{Self}"
                ) { writer in
                    writer.switchBlock("condition") { writer in
                        for entry in clientSideCases {
                            writer.line("case \(entry.entry.conditions.map { ".\($0.rawValue)?" }.joined(separator: ", ")): return .\(entry.swift)(error)")
                        }
                        writer.line("default: return .transport(error)")
                    }
                },
                CaseTable.Member(name: "clientSideError", parameters: "_ error: {Self}", arguments: "error", returnType: "(any Error)?") { writer in
                    writer.caseSwitch(
                        "error",
                        [SwitchArm(clientSideCases.map { ".\($0.swift)(let underlying)" }, ["return underlying"]), SwitchArm(["default"], ["return nil"])])
                },
                CaseTable.Member(name: "declaredRetryability", parameters: "_ error: {Self}", arguments: "error", returnType: "Bool?") { writer in
                    let declared = cases.filter { $0.entry.declaredRetryable != nil }
                    let arms = [true, false].compactMap { value -> SwitchArm? in
                        let matching = declared.filter { $0.entry.declaredRetryable == value }
                        return matching.isEmpty ? nil : SwitchArm(matching.map { ".\($0.swift)" }, ["return \(value)"])
                    }
                    writer.caseSwitch("error", arms + [SwitchArm(["default"], ["return nil"])])
                },
            ].filter { !clientSideCases.isEmpty || !["clientSide", "clientSideError"].contains($0.name) })

        writer.docs(
            [
                catalogue?.notes.docs ?? "An error from the \(schema.api) API.",
                "Every failure of a `\(schema.api)Client` call arrives as this type: a documented error, an undocumented error status (with its status and body), a transport failure, or a response that does not match the schema.",
            ] + Docs.paragraphs(Notes(modelled: catalogue?.notes.modelled)).dropFirst())
        writer.block("public enum \(typeName): \(SwiftNaming.Conformances.error.joined(separator: ", "))") { writer in
            for entry in cases {
                let retry = entry.entry.declaredRetryable.map { $0 ? " Retryable." : " Never retried." } ?? ""
                writer.docs(Docs.paragraphs(entry.entry.notes, extra: ["Recognised by \(Self.recognition(of: entry.entry)).\(retry)"]))
                if let message = entry.entry.notes.deprecated {
                    writer.line(Docs.availability(message))
                }
                writer.line("case \(entry.swift)(\(payloadType(of: entry.entry)))")
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
            let bodySecrets = schema.secretWireNames(reachableFrom: schema.errors?.body.map { [$0] } ?? [])
            let secrets = SwiftTypes.stringSetLiteral(bodySecrets.sorted()).map { ", secretNames: \($0)" } ?? ""
            writer.block("private init(response: HTTPResponse, allowed: Set<\(codeTypeName)>?)") { writer in
                // Types only in type positions or through the module: a case may be called
                // `ErrorResponse` or like the body type.
                writer.line("typealias Body = \(bodyType)")
                writer.line("let details: \(responseType) = .init(response, decoding: Body.self\(secrets))")
                writer.line("self = \(table.call("match", "details, code: Self.code(in: response.body), allowed: allowed"))")
            }
            writer.line()
            writer.line("/// Matches among every case of the catalogue.")
            writer.block("public init(response: HTTPResponse)") { writer in
                writer.line("self.init(response: response, allowed: nil)")
            }
            writer.line()
            writer.line("/// Matches among the cases `operation` documents (its `errors:`); any other answer is `.undocumented`.")
            writer.block("public init(response: HTTPResponse, operation: OperationInfo)") { writer in
                writer.line("self.init(response: response, allowed: Self.documentedCodes(of: operation.name))")
            }
            writer.line()
            renderEnvelope(into: &writer)
            writer.line("/// The response as the case `code`, whatever its code and status: an error outcome an operation")
            writer.line("/// declares (`responses:`), such as an error envelope in a 2xx.")
            writer.block("public init(response: HTTPResponse, as code: \(codeTypeName))") { writer in
                writer.line("typealias Body = \(bodyType)")
                writer.line("let details: \(responseType) = .init(response, decoding: Body.self\(secrets))")
                writer.line("self = \(table.call("asCase", "details, code: code"))")
            }
            writer.line()
            renderDocumentedCodes(into: &writer)
            if !clientSideCases.isEmpty {
                writer.line()
                writer.line("/// A failure without a response: the catalogue's case for its condition (`when:`), else `.transport`.")
                writer.block("public init(transportFailure error: any Error)") { writer in
                    writer.line("self = \(table.call("clientSide", "error, condition: ClientRuntime.TransportCondition.of(error)"))")
                }
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
            writer.line("/// Which error this is, for `switch error.code { case .outOfStock: … }`; one value per case.")
            writer.line("public var code: \(codeTypeName) { \(table.call("code", "self")) }")
            writer.line()
            writer.line("/// What the catalogue says about repeating this error: nil when its case does not say.")
            writer.line("var declaredRetryability: Bool? { \(table.call("declaredRetryability", "self")) }")
            writer.line()
            writer.line("/// The error code the response body carries, if any (the catalogue's `code`), e.g. the concrete")
            writer.line("/// code of a case that matches a family of codes.")
            if let codePath = catalogue?.codePath {
                writer.line("public var rawCode: String? { response.flatMap { Self.code(in: $0.rawBody) } }")
                writer.line()
                writer.block("private static func code(in body: Data) -> String?") { writer in
                    writer.line(
                        "(try? ClientRuntime.JSONCoding.makeDecoder().decode(ClientRuntime.JSONValue.self, from: body))?[path: \(SwiftEscaping.stringLiteral(codePath))]?.scalarText"
                    )
                }
            } else {
                writer.line("public var rawCode: String? { nil }")
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
                if !clientSideCases.isEmpty {
                    writer.line(
                        "if let underlying = \(table.call("clientSideError", "self")) { return \"\(typeName).\\(name): \\(ClientRuntime.ErrorSummary.describe(underlying))\" }"
                    )
                }
                writer.switchBlock("self") { writer in
                    writer.line("case .transport(let error): return \"\(typeName).transport: \\(ClientRuntime.ErrorSummary.describe(error))\"")
                    writer.line("case .invalidRequest(let error): return \"\(typeName).invalidRequest: \\(ClientRuntime.ErrorSummary.describe(error))\"")
                    writer.line(
                        "case .invalidResponse(let response, let error): return \"\(typeName).invalidResponse (HTTP \\(response.status)): \\(ClientRuntime.ErrorSummary.describe(error))\""
                    )
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
        writer.line()
        renderCodeEnum(cases: cases, into: &writer)
        if hasRetryRule {
            writer.line()
            writer.block("extension ResponseRetryRule") { writer in
                writer.line("/// The \(schema.api) catalogue's `retryable`, for `OperationInfo.retryRule`.")
                writer.line("static let \(retryRuleName) = ResponseRetryRule { response, operation in")
                writer.line("    \(typeName)(response: response, operation: operation).declaredRetryability")
                writer.line("}")
            }
        }
    }
}
