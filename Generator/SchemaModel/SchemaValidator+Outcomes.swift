import Foundation

/// Checks of the v2 error catalogue (code families, client-side cases) and of operation outcomes.
extension SchemaValidator {
    // MARK: Error families and client-side cases

    func checkErrorFamiliesAndConditions() {
        guard let catalogue = schema.errors else { return }
        var prefixes: [String: String] = [:]
        var patterns: [String: String] = [:]
        var conditions: [ErrorCatalogue.TransportCondition: String] = [:]
        for errorCase in catalogue.cases {
            if let family = errorCase.family {
                if catalogue.codePath == nil {
                    log.error(
                        "error '\(errorCase.name)' matches a family of codes, but 'errors' has no 'code' path saying where the body holds it",
                        at: errorCase.location)
                }
                switch family {
                case .prefix(let prefix):
                    if let other = prefixes[prefix] {
                        log.error("errors '\(other)' and '\(errorCase.name)' match the same prefix '\(prefix)'", at: errorCase.location)
                    }
                    prefixes[prefix] = errorCase.name
                case .pattern(let pattern):
                    if (try? NSRegularExpression(pattern: ECMAPattern.icuPattern(pattern))) == nil {
                        log.error("the code pattern of error '\(errorCase.name)' is not a valid regular expression: \(pattern)", at: errorCase.location)
                    } else if let other = patterns[pattern] {
                        log.error("errors '\(other)' and '\(errorCase.name)' match the same pattern '\(pattern)'", at: errorCase.location)
                    }
                    patterns[pattern] = errorCase.name
                }
            }
            if !errorCase.conditions.isEmpty {
                if errorCase.code != nil || errorCase.family != nil || errorCase.status != nil {
                    log.error(
                        "error '\(errorCase.name)' has 'when', so it stands for failures without a response; it cannot also have a 'code' or 'status' (declare a second case for the server's answer)",
                        at: errorCase.location)
                }
                for condition in errorCase.conditions {
                    if let other = conditions[condition] {
                        log.error(
                            "errors '\(other)' and '\(errorCase.name)' both claim the client-side condition '\(condition.rawValue)'", at: errorCase.location)
                    }
                    conditions[condition] = errorCase.name
                }
            }
        }
    }

    // MARK: Outcomes

    func checkOutcomes(types: [String: TypeDefinition]) {
        let catalogue = schema.errors
        let errorNames = catalogue?.cases.map(\.name) ?? []
        for operation in schema.operations {
            guard let outcomes = operation.outcomes else { continue }
            let context = "operation '\(operation.name)'"
            if !outcomes.contains(where: \.isResult), !outcomes.isEmpty {
                log.error("\(context) declares only error outcomes; at least one outcome must be a normal answer", at: operation.location)
            }
            checkDistinct(outcomes.map { ($0.name, SwiftNaming.memberName($0.name, reserved: ["init"]), $0.location) }, what: "outcomes of \(context)")
            // The outcome enum is nested in the client, where it would hide a schema type of its name.
            let typeName = SwiftNaming.outcomeTypeName(operation.name, api: schema.api)
            if let type = schema.types.first(where: { SwiftNaming.typeName($0.name, api: schema.api) == typeName }) {
                log.error("type '\(type.name)' has the name of the generated outcome enum of \(context), '\(typeName)'; rename the type", at: type.location)
            }
            var unconditional: [StatusPattern: String] = [:]
            for outcome in outcomes { checkName(outcome.name, what: "outcome name", at: outcome.location) }
            checkStatusClasses(outcomes, context: context)
            for outcome in outcomes {
                let outcomeContext = "outcome '\(outcome.name)' of \(context)"
                if let earlier = unconditional[outcome.status] {
                    log.error(
                        "\(outcomeContext) can never match: '\(earlier)' before it takes every \(outcome.status.text) response; give '\(earlier)' a 'where' or move it last",
                        at: outcome.location)
                }
                if outcome.conditions.isEmpty, unconditional[outcome.status] == nil { unconditional[outcome.status] = outcome.name }
                var bodyForConditions: TypeReference?
                switch outcome.kind {
                case .result(let body):
                    if !isNormalAnswerStatus(outcome.status) {
                        log.error(
                            "\(outcomeContext) is a normal answer, so its status must be 2xx or 4xx, found \(outcome.status.text); a 5xx is an error of the catalogue (a class: 2XX, 4XX; or default)",
                            at: outcome.location)
                    }
                    if let body, resolve(body, at: outcome.location, types: types) { bodyForConditions = body }
                    if body == nil, !outcome.conditions.isEmpty {
                        log.error("\(outcomeContext) has a 'where' but no 'body' to look in", at: outcome.location)
                    }
                case .error(let name):
                    guard let errorCase = catalogue?.cases.first(where: { $0.name == name }) else {
                        log.error("\(outcomeContext) names an unknown error '\(name)'\(Suggestion.didYouMean(name, in: errorNames))", at: outcome.location)
                        continue
                    }
                    if !errorCase.conditions.isEmpty {
                        log.error(
                            "\(outcomeContext) names error '\(name)', which stands for failures without a response ('when'); name a case the server answers",
                            at: outcome.location)
                    }
                    // An error envelope shares its status's success body (BSA's rtCode); else it is the error body.
                    bodyForConditions = outcomes.first { $0.status == outcome.status && $0.body != nil }?.body ?? catalogue?.body
                    if bodyForConditions == nil, !outcome.conditions.isEmpty {
                        log.error(
                            "\(outcomeContext) has a 'where', but neither an outcome with status \(outcome.status) nor 'errors' has a 'body' type to look in",
                            at: outcome.location)
                    }
                }
                if let body = bodyForConditions {
                    for condition in outcome.conditions {
                        checkPath(condition.path, in: body, what: "the 'where' of \(outcomeContext)", at: outcome.location, types: types, expectArray: false)
                    }
                }
            }
        }
    }

    /// A normal answer is a 2xx or a 4xx (BSA's 404 "not registered"); `default` may be one too, as
    /// OpenAPI's `default` response with its own body is (it then takes the 5xx as well).
    private func isNormalAnswerStatus(_ status: StatusPattern) -> Bool {
        switch status {
        case .exact(let code): return (200...299).contains(code) || (400...499).contains(code)
        case .range(let digit): return digit == 2 || digit == 4
        case .other: return true
        }
    }

    /// Overlaps the precedence rule settles silently would hide a mistake: a class whose every status
    /// an exact outcome already takes unconditionally, and a `default` after which nothing is left.
    private func checkStatusClasses(_ outcomes: [Outcome], context: String) {
        let exactUnconditional = Set(
            outcomes.compactMap { outcome -> Int? in
                guard outcome.conditions.isEmpty, case .exact(let status) = outcome.status else { return nil }
                return status
            })
        for outcome in outcomes {
            guard case .range(let digit) = outcome.status else { continue }
            let statuses = (digit * 100)...(digit * 100 + 99)
            if statuses.allSatisfy(exactUnconditional.contains) {
                log.error(
                    "outcome '\(outcome.name)' of \(context) can never match: outcomes with one status take every \(outcome.status.text) status",
                    at: outcome.location)
            }
        }
        // A class beside a `default` that is the only normal answer: every status has an outcome, so no
        // response is an error of the catalogue; say so rather than let errors read as values.
        let defaults = outcomes.filter { $0.status == .other && $0.isResult && $0.conditions.isEmpty }
        if let fallback = defaults.first, !outcomes.contains(where: { $0.status.isSuccess && $0.isResult }) {
            log.error(
                "outcome '\(fallback.name)' of \(context) answers every status with a normal answer, and no 2xx outcome is declared; declare the success status, or make '\(fallback.name)' an 'error'",
                at: fallback.location)
        }
    }
}
