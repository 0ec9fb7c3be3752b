import SchemaModel

// KD Pay extension: operations that store answers for cache-only reads (`store: true`) and the generated
// cache arguments (`cacheOnlyParameter`, `maxAgeParameter`) that choose the cache for one call without
// reaching the wire (docs/SchemaLanguage.md, "Cache arguments and stored answers").

extension ClientRenderer {
    /// A generated argument that is never sent: it only adjusts the call's `RequestOptions`.
    struct CacheArgument {
        let label: String
        let role: CachePolicy.ParameterRole
        let docs: String

        /// `cached: Bool` or `cacheInterval: Double? = nil`.
        var declaration: String {
            switch role {
            case .cacheOnly: "\(label): Bool"
            case .maxAge: "\(label): Double? = nil"
            }
        }
    }

    /// The operation's cache arguments, in signature order (they come first, as in KD Pay's
    /// `getAccount(cached:referrerId:isShort:)`).
    func cacheArguments(_ operation: OperationDefinition) -> [CacheArgument] {
        guard let cache = operation.cache else { return [] }
        let maxAge = cache.maxAge.map { "\($0) s" } ?? "any age"
        return cache.parameters.map { name, role in
            let label = SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.parameters)
            switch role {
            case .cacheOnly:
                return CacheArgument(
                    label: label, role: role,
                    docs:
                        "Not sent. `true` answers from the cache alone (a stored answer younger than \(maxAge)), and nothing is sent; with none it throws `.transport(ResponseCacheMiss)`. `false` asks the server\(cache.storesAnswers ? " and stores the answer" : "")."
                )
            case .maxAge:
                return CacheArgument(
                    label: label, role: role,
                    docs: "Not sent. How old, in seconds, a stored answer may be and still be served for this call; `nil` keeps the schema's \(maxAge).")
            }
        }
    }

    /// `options`, or `options.applyingCacheArguments(...)` when the operation has cache arguments.
    func cacheOptionsExpression(_ operation: OperationDefinition) -> String {
        let arguments = cacheArguments(operation)
        guard !arguments.isEmpty else { return "options" }
        let applied = arguments.map { argument in
            "\(argument.role == .cacheOnly ? "cacheOnly" : "maxAge"): \(argument.label)"
        }
        return "options.applyingCacheArguments(\(applied.joined(separator: ", ")))"
    }

    /// The `OperationInfo` argument of a network operation that stores its answers, else nil.
    func cacheStorageArgument(_ operation: OperationDefinition) -> String? {
        guard let cache = operation.cache, cache.mode == .network, cache.store else { return nil }
        return "cache: .networkStoring(maxAge: \(cache.maxAge.map(String.init) ?? "nil"))"
    }

    /// The docs line of a network operation that stores its answers, else nil.
    func cacheStorageDocs(_ operation: OperationDefinition) -> String? {
        guard let cache = operation.cache, cache.mode == .network, cache.store else { return nil }
        return
            "Cache hint: network, answers stored for cache-only calls\(cache.maxAge.map { " (served while younger than \($0) s)" } ?? "").\(cache.notes.docs.map { " " + $0 } ?? "")"
    }
}
