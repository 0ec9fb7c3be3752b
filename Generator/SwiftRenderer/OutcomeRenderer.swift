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
        outcomes.filter(\.isResult).map { "`.\(SwiftNaming.bare(caseName($0)))` (\(statusText($0.status)))" }.joined(separator: " or ")
    }

    /// "HTTP 404", "any HTTP 4xx", "any other HTTP status".
    private func statusText(_ status: StatusPattern) -> String {
        switch status {
        case .exact(let code): return "HTTP \(code)"
        case .range(let digit): return "any HTTP \(digit)xx"
        case .other: return "any other HTTP status"
        }
    }

    /// A class or `default` stands for several statuses, so its case carries the one received.
    private func carriesStatus(_ outcome: Outcome) -> Bool {
        switch outcome.status {
        case .exact: return false
        case .range, .other: return true
        }
    }

    /// The test of a response's status, nil for `default` (every status reaching it).
    private func statusTest(_ status: StatusPattern) -> String? {
        switch status {
        case .exact(let code): return "response.status == \(code)"
        case .range(let digit): return "(\(digit * 100)...\(digit * 100 + 99)).contains(response.status)"
        case .other: return nil
        }
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
                writer.docs(Docs.paragraphs(outcome.notes, extra: ["Answered with \(statusText(outcome.status))\(conditionText(outcome))."]))
                var values = carriesStatus(outcome) ? ["status: Int"] : []
                if let body = outcome.body { values.append(SwiftTypes.name(body, in: schema)) }
                writer.line("case \(caseName(outcome))" + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))"))
            }
            writer.line()
            writer.line("/// The outcome `response` is: outcomes declaring its exact status first, then its class (4XX), then")
            writer.line("/// `default`, each in the schema's order. An error outcome, an error status and a 2xx no outcome")
            writer.line("/// declares throw `\(errorName)`, as does a body that does not decode.")
            writer.block("public init(response: HTTPResponse, operation: OperationInfo) throws") { writer in
                writer.line("typealias Failure = \(errorName)")
                let ordered = outcomes.inPrecedenceOrder
                if outcomes.contains(where: { !$0.conditions.isEmpty }) {
                    writer.line("let json = ClientRuntime.OutcomeMatching.json(in: response)")
                }
                for outcome in ordered {
                    let tests = [statusTest(outcome.status)].compactMap { $0 } + outcome.conditions.map(condition)
                    // An unconditional `default` takes whatever is left: its branch ends the initialiser
                    // (an `if` around it would leave the fall-through throw unreachable).
                    if tests.isEmpty {
                        answer(outcome, into: &writer)
                        return
                    }
                    writer.block("if \(tests.joined(separator: ", "))") { writer in answer(outcome, into: &writer) }
                }
                writer.line("throw ClientRuntime.OutcomeMatching.undeclared(response, operation: operation, failure: Failure.self)")
            }
        }
    }

    private func answer(_ outcome: Outcome, into writer: inout SwiftWriter) {
        switch outcome.kind {
        case .result(let body):
            var values = carriesStatus(outcome) ? ["status: response.status"] : []
            if body != nil { values.append("try ClientRuntime.OutcomeMatching.body(of: response, failure: Failure.self)") }
            writer.line("self = .\(caseName(outcome))" + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))"))
            writer.line("return")
        case .error(let name):
            writer.line("throw Failure(response: response, as: .\(SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.errorCases)))")
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
