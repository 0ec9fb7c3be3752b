import SchemaModel

/// Renders the outcome enum of an operation with several outcomes (`responses:`): one case per normal
/// answer (holding its body, if any), and the initialiser that picks the outcome of a response in the
/// schema's order, or throws the API's error.
struct OutcomeRenderer {
    let schema: Schema
    let operation: OperationDefinition
    let outcomes: [Outcome]

    /// `CheckDeviceOutcome`, nested in the client.
    var typeName: String { SwiftNaming.outcomeTypeName(operation.name, api: schema.api) }

    var errorName: String { "\(schema.api)Error" }

    /// "`.registered` (HTTP 200) or `.notRegistered` (HTTP 404)", for the method's docs.
    var summary: String {
        outcomes.filter(\.isResult).map { "`.\(SwiftNaming.bare(caseName($0)))` (HTTP \($0.status))" }.joined(separator: " or ")
    }

    private func caseName(_ outcome: Outcome) -> String {
        SwiftNaming.memberName(outcome.name, reserved: ["init"])
    }

    func render(into writer: inout SwiftWriter) {
        writer.docs([
            "What `\(SwiftNaming.bare(SwiftNaming.operationName(operation.name, api: schema.api)))` answers: one case per outcome the schema declares."
        ])
        writer.block("public enum \(typeName): Hashable, Sendable") { writer in
            for outcome in outcomes where outcome.isResult {
                writer.docs(Docs.paragraphs(outcome.notes, extra: ["Answered with HTTP \(outcome.status)\(conditionText(outcome))."]))
                writer.line("case \(caseName(outcome))" + (outcome.body.map { "(\(SwiftTypes.name($0, in: schema)))" } ?? ""))
            }
            writer.line()
            writer.line("/// The outcome `response` is, trying the declared outcomes in order. An error outcome, an error")
            writer.line("/// status and a 2xx no outcome declares throw `\(errorName)`, as does a body that does not decode.")
            writer.block("public init(response: HTTPResponse, operation: OperationInfo) throws") { writer in
                writer.line("typealias Failure = \(errorName)")
                if outcomes.contains(where: { !$0.conditions.isEmpty }) {
                    writer.line("let json = ClientRuntime.OutcomeMatching.json(in: response)")
                }
                for outcome in outcomes {
                    let test = (["response.status == \(outcome.status)"] + outcome.conditions.map(condition)).joined(separator: ", ")
                    writer.block("if \(test)") { writer in
                        switch outcome.kind {
                        case .result(let body):
                            if body != nil {
                                writer.line("self = .\(caseName(outcome))(try ClientRuntime.OutcomeMatching.body(of: response, failure: Failure.self))")
                            } else {
                                writer.line("self = .\(caseName(outcome))")
                            }
                            writer.line("return")
                        case .error(let name):
                            writer.line("throw Failure(response: response, as: .\(SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.errorCases)))")
                        }
                    }
                }
                writer.line("throw ClientRuntime.OutcomeMatching.undeclared(response, operation: operation, failure: Failure.self)")
            }
        }
    }

    /// `json?[path: "rtCode"]?.scalarText == "0000"`, or `.map({ ["A", "B"].contains($0) }) == true`.
    private func condition(_ condition: Outcome.Condition) -> String {
        let value = "json?[path: \(SwiftEscaping.stringLiteral(condition.path))]?.scalarText"
        if condition.values.count == 1 { return "\(value) == \(SwiftEscaping.stringLiteral(condition.values[0]))" }
        return "\(value).map({ [\(condition.values.map(SwiftEscaping.stringLiteral).joined(separator: ", "))].contains($0) }) == true"
    }

    private func conditionText(_ outcome: Outcome) -> String {
        guard !outcome.conditions.isEmpty else { return "" }
        return " when "
            + outcome.conditions.map { "`\(Docs.inline($0.path))` is " + $0.values.map { "`\(Docs.inline($0))`" }.joined(separator: " or ") }.joined(
                separator: " and ")
    }
}
