/// Reads one YAML mapping of the schema: checks its keys against the ones allowed there (unknown keys
/// are errors with a "did you mean") and converts values, reporting wrong kinds with their location.
///
/// A misspelled key is read as the key it was reported as (`tpye: string` reads as `type`), the way a
/// compiler recovers from a typo: the mistake is one error, not a second "needs a 'type'" for the
/// same keystroke.
struct MappingReader {
    let node: YAMLNode
    /// How messages name this mapping: "type 'PaymentMean'".
    let context: String
    let log: DiagnosticLog
    /// Misspelled keys by the allowed key they were reported as; only where that key is not written too.
    private let misspellings: [String: YAMLNode.Pair]

    /// nil (after reporting) when `node` is not a mapping.
    init?(_ node: YAMLNode, context: String, allowed: [String], log: DiagnosticLog) {
        guard let pairs = node.pairs else {
            log.error("\(context) must be a mapping, found \(node.kindDescription)", at: node.location)
            return nil
        }
        ParserKeyTables.observer?(allowed)
        self.node = node
        self.context = context
        self.log = log
        var misspellings: [String: YAMLNode.Pair] = [:]
        for pair in pairs where !allowed.contains(pair.key) {
            log.error("unknown key '\(pair.key)' in \(context)\(Suggestion.didYouMean(pair.key, in: allowed))", at: pair.keyLocation)
            if let intended = Suggestion.closest(to: pair.key, in: allowed), node[intended] == nil, misspellings[intended] == nil {
                misspellings[intended] = pair
            }
        }
        self.misspellings = misspellings
    }

    var pairs: [YAMLNode.Pair] { node.pairs ?? [] }

    func has(_ key: String) -> Bool { self[key] != nil }

    subscript(key: String) -> YAMLNode? { node[key] ?? misspellings[key]?.value }

    func keyLocation(_ key: String) -> SourceLocation {
        (pairs.first { $0.key == key } ?? misspellings[key])?.keyLocation ?? node.location
    }

    /// Any scalar as text (so `version: 1.1` works); lists and mappings are errors.
    func string(_ key: String) -> String? {
        guard let value = self[key] else { return nil }
        guard let scalar = value.scalar, scalar.kind != .null else {
            log.error("'\(key)' in \(context) must be text, found \(value.kindDescription)", at: value.location)
            return nil
        }
        return scalar.text
    }

    func bool(_ key: String) -> Bool? {
        guard let value = self[key] else { return nil }
        guard let scalar = value.scalar, scalar.kind == .bool else {
            log.error("'\(key)' in \(context) must be true or false, found \(value.kindDescription)", at: value.location)
            return nil
        }
        return scalar.text == "true"
    }

    func int(_ key: String) -> Int? {
        guard let value = self[key] else { return nil }
        guard let scalar = value.scalar, scalar.kind == .int, let number = Int(scalar.text) else {
            log.error("'\(key)' in \(context) must be an integer, found \(value.foundDescription)", at: value.location)
            return nil
        }
        return number
    }

    func number(_ key: String) -> Double? {
        guard let value = self[key] else { return nil }
        guard let scalar = value.scalar, scalar.kind == .int || scalar.kind == .float,
            let number = Double(scalar.text), number.isFinite
        else {
            log.error("'\(key)' in \(context) must be a number, found \(value.foundDescription)", at: value.location)
            return nil
        }
        return number
    }

    /// A name or a list of names (`auth: bearer`, `auth: [a, b]`).
    func names(_ key: String) -> [(String, SourceLocation)]? {
        guard let value = self[key] else { return nil }
        if let scalar = value.scalar, scalar.kind == .string { return [(scalar.text, value.location)] }
        if let elements = value.elements {
            return elements.compactMap { element in
                guard let scalar = element.scalar, scalar.kind == .string else {
                    log.error("'\(key)' in \(context) must list names, found \(element.kindDescription)", at: element.location)
                    return nil
                }
                return (scalar.text, element.location)
            }
        }
        log.error("'\(key)' in \(context) must be a name or a list of names, found \(value.kindDescription)", at: value.location)
        return nil
    }

    /// The entries of a nested mapping (`fields:`, `cases:`), or [] after reporting a wrong kind.
    func entries(_ key: String) -> [YAMLNode.Pair] {
        guard let value = self[key] else { return [] }
        guard let pairs = value.pairs else {
            log.error("'\(key)' in \(context) must be a mapping, found \(value.kindDescription)", at: value.location)
            return []
        }
        return pairs
    }

    /// `docs`, `deprecated` and `modelled`.
    func notes() -> Notes {
        var notes = Notes(docs: string("docs"), modelled: string("modelled"))
        if let value = self["deprecated"] {
            switch value.scalar?.kind {
            case .bool: notes.deprecated = value.scalar?.text == "true" ? "" : nil
            case .string: notes.deprecated = value.scalar?.text
            default:
                log.error("'deprecated' in \(context) must be true, false or a message, found \(value.kindDescription)", at: value.location)
            }
        }
        if let value = self["renamedFrom"] {
            if let scalar = value.scalar, scalar.kind == .string, !scalar.text.trimmingCharacters(in: .whitespaces).isEmpty {
                notes.renamedFrom = scalar.text
                notes.renamedFromLocation = value.location
            } else {
                log.error("'renamedFrom' in \(context) must be the name it had in the previous version, found \(value.foundDescription)", at: value.location)
            }
        }
        return notes
    }

    static let noteKeys = ["docs", "deprecated", "modelled", "renamedFrom"]
}
