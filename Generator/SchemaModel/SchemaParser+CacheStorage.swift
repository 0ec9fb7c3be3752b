// KD Pay extension of the `cache:` hint: answers stored for cache-only reads, and generated arguments
// that choose the cache for one call (docs/SchemaLanguage.md, "Cache arguments and stored answers").

extension SchemaParser {
    /// The `cache:` keys this file reads.
    static let cacheStorageKeys = ["store", "cacheOnlyParameter", "maxAgeParameter"]

    /// Reads `store`, `cacheOnlyParameter` and `maxAgeParameter` into `policy`, reporting each misuse once.
    func cacheStorage(_ reader: MappingReader, into policy: inout CachePolicy, context: String) {
        if let store = reader.bool("store") {
            if store, policy.mode == .localFirst {
                log.error("'store' of the cache of \(context) applies to mode network: localFirst already stores every answer", at: reader.keyLocation("store"))
            } else {
                policy.store = store
            }
        }
        for (key, role) in [("cacheOnlyParameter", CachePolicy.ParameterRole.cacheOnly), ("maxAgeParameter", .maxAge)] {
            guard let name = reader.string(key) else { continue }
            let location = reader[key]?.location ?? reader.keyLocation(key)
            guard SwiftNaming.isValidName(name) else {
                log.error(
                    "\(key) '\(name)' of \(context) cannot be a Swift identifier: use ASCII letters, digits and '_', not starting with a digit", at: location)
                continue
            }
            if role == .cacheOnly, !policy.storesAnswers {
                log.error(
                    "'cacheOnlyParameter' of \(context) reads a cache that mode network never fills; add 'store: true' or use mode localFirst", at: location)
                continue
            }
            if role == .maxAge, policy.cacheOnlyParameter == name {
                log.error(
                    "'maxAgeParameter' of \(context) is '\(name)', the name of its 'cacheOnlyParameter'; give the two arguments different names", at: location)
                continue
            }
            switch role {
            case .cacheOnly: policy.cacheOnlyParameter = name
            case .maxAge: policy.maxAgeParameter = name
            }
            policy.parameterLocations[name] = location
        }
    }
}

extension OperationDefinition {
    /// The Swift labels of the operation's own arguments (path, body, query, header), for the cache
    /// arguments' collision check.
    var argumentNames: [String: String] {
        var names: [String: String] = [:]
        for (location, field) in parameters {
            names[SwiftNaming.memberName(field.name, reserved: SwiftNaming.Reserved.parameters)] = "\(location.rawValue) parameter '\(field.name)'"
        }
        if body != nil { names["body"] = "body" }
        return names
    }
}
