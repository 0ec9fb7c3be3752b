/// Checks for catalogue cases with a body of their own (`body:` on a case): an operation's error answer
/// for a status whose body is not the catalogue's (GitHub's 422 `ValidationError`, SCIM's 400 `ScimError`).
extension SchemaValidator {
    func checkCaseBody(_ errorCase: ErrorCatalogue.Case, types: [String: TypeDefinition]) {
        guard let body = errorCase.body else { return }
        let location = errorCase.bodyLocation ?? errorCase.location
        if !errorCase.conditions.isEmpty {
            log.error(
                "error '\(errorCase.name)' has 'when' and a 'body': a failure without a response has no body; declare a second case for the server's answer",
                at: location)
            return
        }
        _ = resolve(body, at: location, types: types)
    }

    /// Two cases recognised by the same status alone are one case twice, unless the second has a body of
    /// its own: then it is another operation's answer for that status, reached through the operations
    /// whose `errors:` list it without the first (or an error outcome naming it). The first in schema
    /// order wins for an operation that could see both.
    func checkSharedStatus(_ status: Int, first: String, second: ErrorCatalogue.Case, in catalogue: ErrorCatalogue) {
        guard let firstCase = catalogue.cases.first(where: { $0.name == first }), let secondBody = second.body,
            catalogue.body(of: firstCase) != secondBody
        else {
            log.error(
                "errors '\(first)' and '\(second.name)' are both recognised by status \(status) alone (give the second a 'body' of its own when its answers carry another type)",
                at: second.location)
            return
        }
        let reachable = schema.operations.contains { operation in
            (operation.errors.contains(second.name) && !operation.errors.contains(first))
                || (operation.outcomes ?? []).contains { $0.errorCase == second.name }
        }
        if !reachable {
            log.error(
                "error '\(second.name)' is recognised by status \(status) alone like '\(first)', which comes first: no operation lists it in 'errors' without '\(first)', nor names it in an outcome, so it can never match",
                at: second.location)
        }
    }
}
