// Checks of the generated cache arguments (`cacheOnlyParameter`, `maxAgeParameter`) against the rest of
// their operation; the `cache:` keys themselves are checked where they are parsed.

extension SchemaValidator {
    func checkCacheArguments() {
        // Wrappers (`savingTo:`, `clearing:`) and the refresh closure call these operations themselves.
        let wired = Set(schema.authSchemes.flatMap { [$0.flows.login?.operation, $0.flows.refresh?.operation, $0.flows.logout].compactMap { $0 } })
        for operation in schema.operations {
            guard let cache = operation.cache else { continue }
            let context = "operation '\(operation.name)'"
            let taken = operation.argumentNames
            for (name, role) in cache.parameters {
                let key = role == .cacheOnly ? "cacheOnlyParameter" : "maxAgeParameter"
                let location = cache.parameterLocations[name]
                let swiftName = SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.parameters)
                if let other = taken[swiftName] {
                    log.error(
                        "'\(key)' of \(context) is '\(name)', the name of its \(other); an argument that is never sent needs a name of its own", at: location)
                } else if operation.pagination != nil {
                    log.error(
                        "'\(key)' of \(context) does not apply to a paginated operation: its page sequences take the cache settings in `options:`", at: location
                    )
                } else if wired.contains(operation.name) {
                    log.error(
                        "'\(key)' of \(context) does not apply to a login, refresh or logout operation: the client calls it itself; pass the cache settings in `options:`",
                        at: location)
                }
            }
        }
    }
}
