import SchemaModel

/// The parts of `<API>Error` that follow the catalogue's v2 keys: code families, per-operation
/// `errors:` lists, client-side cases (`when:`) and the `<API>ErrorCode` enum.
extension ErrorRenderer {
    typealias RenderedCase = (entry: ErrorCatalogue.Case, swift: String)

    /// The type a case holds: `ErrorResponse<Body>` of its own body or the catalogue's, `any Error` for a
    /// client-side case.
    func payloadType(of entry: ErrorCatalogue.Case) -> String {
        guard entry.conditions.isEmpty else { return "any Error" }
        guard let body = entry.body else { return "ErrorResponse<\(bodyType)>" }
        return "ErrorResponse<\(SwiftTypes.name(body, in: schema))>"
    }

    /// `.case(response)`, where `response` is the catalogue body's `ErrorResponse`: a case with a body of its
    /// own decodes the raw body again as that type (inferred from the case).
    func construct(_ entry: RenderedCase, from response: String = "response") -> String {
        guard let body = entry.entry.body else { return ".\(entry.swift)(\(response))" }
        return ".\(entry.swift)(\(response).decoded(\(secretsArgument(reachableFrom: body, first: true))))"
    }

    /// `secretNames: [...]` for a body type's secret fields, or nothing when it has none.
    func secretsArgument(reachableFrom body: TypeReference?, first: Bool) -> String {
        let secrets = schema.secretWireNames(reachableFrom: body.map { [$0] } ?? [])
        guard let literal = SwiftTypes.stringSetLiteral(secrets.sorted()) else { return "" }
        return (first ? "" : ", ") + "secretNames: \(literal)"
    }

    /// How a case is recognised, for its doc comment.
    static func recognition(of entry: ErrorCatalogue.Case) -> String {
        var recognised: [String] = []
        if let code = entry.code { recognised.append("code `\(Docs.inline(code))`") }
        switch entry.family {
        case .prefix(let prefix): recognised.append("codes starting with `\(Docs.inline(prefix))`")
        case .pattern(let pattern): recognised.append("codes matching `\(Docs.inline(pattern))`")
        case nil: break
        }
        if let status = entry.status { recognised.append(entry.statusFirst ? "HTTP \(status) (before any code)" : "HTTP \(status)") }
        if !entry.conditions.isEmpty {
            recognised.append("a failure without a response: " + entry.conditions.map(\.rawValue).joined(separator: ", "))
        }
        return recognised.joined(separator: ", ")
    }

    /// The match order: cases with `statusFirst` by status, then an exact code, then code families (longest prefix first, then patterns in schema
    /// order), then the status of cases without a code; each only when `allowed` (the operation's
    /// `errors:`) lets it.
    func renderMatching(cases: [RenderedCase], into writer: inout SwiftWriter) {
        let exact = cases.filter { $0.entry.code != nil }
        let prefixes = cases.compactMap { entry -> (RenderedCase, String)? in
            if case .prefix(let prefix) = entry.entry.family { return (entry, prefix) }
            return nil
        }.sorted { $0.1.count > $1.1.count }
        let patterns = cases.compactMap { entry -> (RenderedCase, String)? in
            if case .pattern(let pattern) = entry.entry.family { return (entry, pattern) }
            return nil
        }
        let byStatus = cases.filter { $0.entry.code == nil && $0.entry.family == nil && $0.entry.status != nil && !$0.entry.statusFirst }
        let statusFirst = cases.filter { $0.entry.code == nil && $0.entry.family == nil && $0.entry.status != nil && $0.entry.statusFirst }
        if !(exact.isEmpty && prefixes.isEmpty && patterns.isEmpty && byStatus.isEmpty && statusFirst.isEmpty) {
            writer.line("func allows(_ code: \(codeTypeName)) -> Bool { allowed?.contains(code) ?? true }")
        }
        renderStatusFirst(statusFirst, into: &writer)
        if !(exact.isEmpty && prefixes.isEmpty && patterns.isEmpty) {
            writer.block("if let code") { writer in
                if !exact.isEmpty {
                    writer.switchBlock("code") { writer in
                        for entry in exact {
                            writer.line(
                                "case \(SwiftEscaping.stringLiteral(entry.entry.code!)) where allows(.\(entry.swift)): return \(construct(entry))")
                        }
                        writer.line("default: break")
                    }
                }
                for (entry, prefix) in prefixes {
                    writer.line("if code.hasPrefix(\(SwiftEscaping.stringLiteral(prefix))), allows(.\(entry.swift)) { return \(construct(entry)) }")
                }
                for (entry, pattern) in patterns {
                    let icu = SwiftEscaping.stringLiteral(ECMAPattern.icuPattern(pattern))
                    writer.line(
                        "if ClientRuntime.ErrorCodePattern.matches(code, icuPattern: \(icu)), allows(.\(entry.swift)) { return \(construct(entry)) }")
                }
            }
        }
        if !byStatus.isEmpty {
            writer.switchBlock("response.status") { writer in
                for entry in byStatus {
                    writer.line("case \(entry.entry.status!) where allows(.\(entry.swift)): return \(construct(entry))")
                }
                writer.line("default: break")
            }
        }
        writer.line("return .undocumented(response)")
    }

    /// `documentedCodes(of:)`: the cases each operation's `errors:` lists; nil (every case) otherwise.
    func renderDocumentedCodes(into writer: inout SwiftWriter) {
        let narrowed = schema.operations.filter { !$0.errors.isEmpty }
        writer.line("/// The cases an operation documents (its `errors:` in the schema); nil: every case of the catalogue.")
        writer.block("static func documentedCodes(of operationName: String) -> Set<\(codeTypeName)>?") { writer in
            guard !narrowed.isEmpty else {
                writer.line("nil")
                return
            }
            writer.switchBlock("operationName") { writer in
                for operation in narrowed {
                    let codes = operation.errors.map { ".\(SwiftNaming.memberName($0, reserved: SwiftNaming.Reserved.errorCases))" }
                    writer.line("case \(SwiftEscaping.stringLiteral(operation.name)): return [\(codes.joined(separator: ", "))]")
                }
                writer.line("default: return nil")
            }
        }
    }

    /// `<API>ErrorCode`: one value per case of `<API>Error`, so callers can `switch error.code`.
    func renderCodeEnum(cases: [RenderedCase], into writer: inout SwiftWriter) {
        writer.docs([
            "Which `\(typeName)` an error is, one value per case: `switch error.code { case .\(cases.first.map { SwiftNaming.bare($0.swift) } ?? "undocumented"): … }`.",
            "`undocumented` is any error response the catalogue does not describe; `transport`, `invalidRequest` and `invalidResponse` are the client's own failures. The raw value is the Swift case name (`error.name`).",
        ])
        writer.block("public enum \(codeTypeName): String, \(SwiftNaming.Conformances.errorCode.joined(separator: ", "))") { writer in
            for entry in cases {
                writer.docs(Docs.paragraphs(Notes(docs: entry.entry.notes.docs, deprecated: entry.entry.notes.deprecated)))
                writer.line("case \(entry.swift)")
            }
            writer.line("/// An error response the catalogue does not describe.")
            writer.line("case undocumented")
            writer.line("/// No usable HTTP response, and no catalogue case claims the failure.")
            writer.line("case transport")
            writer.line("/// The request could not be built; nothing was sent.")
            writer.line("case invalidRequest")
            writer.line("/// A success status whose body does not match the schema.")
            writer.line("case invalidResponse")
        }
    }
}
