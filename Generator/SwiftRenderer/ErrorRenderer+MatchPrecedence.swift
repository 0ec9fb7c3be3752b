import SchemaModel

/// The parts of `<API>Error` for the catalogue keys that change the match order: `statusFirst` cases,
/// matched by status before any code, and `envelope`, failures carried inside 2xx bodies.
extension ErrorRenderer {
    /// `switch response.status` for the cases that decide by status before codes and families.
    func renderStatusFirst(_ cases: [RenderedCase], into writer: inout SwiftWriter) {
        guard !cases.isEmpty else { return }
        writer.line("// Decided by status before any code: these answers carry a code like any failure.")
        writer.switchBlock("response.status") { writer in
            for entry in cases {
                writer.line("case \(entry.entry.status!) where allows(.\(entry.swift)): return \(construct(entry))")
            }
            writer.line("default: break")
        }
    }

    /// `envelopeFailure(in:operation:)`, which `ClientCore` asks about every response: a 2xx whose body
    /// carries a code is matched as an error. Without `envelope` the protocol's default (nil) applies.
    func renderEnvelope(into writer: inout SwiftWriter) {
        guard let catalogue = schema.errors, catalogue.envelope, let codePath = catalogue.codePath else { return }
        let exempt = schema.operationsExemptFromEnvelope
        writer.line("/// A 2xx response whose body carries `\(Docs.inline(codePath))` is a failure (the catalogue's `envelope`),")
        writer.line("/// matched among the cases `operation` documents; nil for any other response, and for operations")
        writer.line("/// whose own success body has that field.")
        writer.block("public static func envelopeFailure(in response: HTTPResponse, operation: OperationInfo) -> Self?") { writer in
            if !exempt.isEmpty {
                let names = exempt.map(SwiftEscaping.stringLiteral).joined(separator: ", ")
                writer.line("// Their success bodies declare the code field themselves.")
                writer.line("if [\(names)].contains(operation.name) { return nil }")
            }
            writer.line("guard response.isSuccess, Self.code(in: response.body) != nil else { return nil }")
            writer.line("return Self(response: response, operation: operation)")
        }
        writer.line()
    }
}
