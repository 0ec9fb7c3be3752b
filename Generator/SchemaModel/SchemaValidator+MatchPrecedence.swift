import Foundation

/// Checks of the two catalogue keys that change the match order: a case decided by its status before
/// any code (`statusFirst`), and failures carried inside 2xx bodies (`envelope`).
extension SchemaValidator {
    func checkMatchPrecedence(_ catalogue: ErrorCatalogue) {
        for errorCase in catalogue.cases where errorCase.statusFirst {
            let location = errorCase.statusFirstLocation ?? errorCase.location
            if errorCase.code != nil || errorCase.family != nil {
                log.error("error '\(errorCase.name)' has 'statusFirst' and a 'code': a case decided by its status first is recognised by the status alone; give the code a case of its own", at: location)
            } else if errorCase.status == nil {
                log.error("error '\(errorCase.name)' has 'statusFirst' but no 'status' to be recognised by", at: location)
            }
        }
        guard catalogue.envelope else { return }
        guard let codePath = catalogue.codePath else {
            log.error("'envelope' needs the catalogue's 'code' path: a 2xx body is an error when it carries a value there", at: catalogue.envelopeLocation)
            return
        }
        for operation in schema.operations {
            for outcome in operation.outcomes ?? [] {
                guard case .result = outcome.kind, (200..<300).contains(outcome.status),
                      outcome.conditions.contains(where: { $0.path == codePath }) else { continue }
                log.error("outcome '\(outcome.name)' of operation '\(operation.name)' is a normal answer recognised by '\(codePath)', but with 'envelope: true' every 2xx body carrying '\(codePath)' is an error; drop 'envelope' or this condition", at: outcome.location)
            }
        }
    }
}
