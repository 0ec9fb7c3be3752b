import Foundation

/// Checks of the two catalogue keys that change the match order: a case decided by its status before
/// any code (`statusFirst`), and failures carried inside 2xx bodies (`envelope`).
extension SchemaValidator {
    func checkMatchPrecedence(_ catalogue: ErrorCatalogue) {
        for errorCase in catalogue.cases where errorCase.statusFirst {
            let location = errorCase.statusFirstLocation ?? errorCase.location
            if errorCase.code != nil || errorCase.family != nil {
                log.error(
                    "error '\(errorCase.name)' has 'statusFirst' and a 'code': a case decided by its status first is recognised by the status alone; give the code a case of its own",
                    at: location)
            } else if errorCase.status == nil {
                log.error("error '\(errorCase.name)' has 'statusFirst' but no 'status' to be recognised by", at: location)
            }
        }
        guard catalogue.envelope else { return }
        if catalogue.codePath == nil {
            log.error("'envelope' needs the catalogue's 'code' path: a 2xx body is an error when it carries a value there", at: catalogue.envelopeLocation)
        }
    }
}
