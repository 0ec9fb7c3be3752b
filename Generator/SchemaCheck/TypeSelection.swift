import SchemaModel

/// Resolves `--type`, `--request` and `--response` against a loaded schema.
enum TypeSelection {
    /// The payload type, or a usage message.
    static func resolve(type: String?, request: String?, response: String?, status: Int?,
                        in schema: Schema) -> Result<TypeReference, Failure> {
        let chosen = [type, request, response].compactMap { $0 }.count
        guard chosen == 1 else {
            return .failure(Failure(chosen == 0 ? "say what to validate against: --type Name, --request operation or --response operation"
                                                : "give only one of --type, --request and --response"))
        }
        if status != nil, response == nil { return .failure(Failure("--status goes with --response")) }
        if let type {
            guard let reference = parseExpression(type) else {
                return .failure(Failure("malformed type '\(type)': a list is [T], a map [string: T] or [int: T]"))
            }
            for name in namedTypes(in: reference) where schema.type(named: name) == nil {
                return .failure(Failure("unknown type '\(name)' in \(schema.file)\(didYouMean(name, in: schema.types.map(\.name)))"))
            }
            return .success(reference)
        }
        let name = request ?? response!
        guard let operation = schema.operation(named: name) else {
            return .failure(Failure("unknown operation '\(name)' in \(schema.file)\(didYouMean(name, in: schema.operations.map(\.name)))"))
        }
        if request != nil {
            guard let body = operation.body else {
                return .failure(Failure("operation '\(name)' has no request body"))
            }
            return .success(body.type)
        }
        if let status, status != operation.successStatus {
            guard status >= 400, let errorBody = schema.errors?.body else {
                return .failure(Failure("operation '\(name)' answers \(operation.successStatus) on success; status \(status) has no body type in the schema"))
            }
            return .success(errorBody)
        }
        guard let reference = operation.response else {
            return .failure(Failure("operation '\(name)' has no response type (its \(operation.successStatus) response has no body)"))
        }
        return .success(reference)
    }

    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The schema's type expression grammar: `[T]`, `[string: T]`, `[int: T]`, a primitive or a name.
    static func parseExpression(_ text: String) -> TypeReference? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("[") {
            guard trimmed.hasSuffix("]"), trimmed.count >= 3 else { return nil }
            let inner = String(trimmed.dropFirst().dropLast())
            var depth = 0
            for index in inner.indices {
                switch inner[index] {
                case "[": depth += 1
                case "]": depth -= 1
                case ":" where depth == 0:
                    guard let key = TypeReference.MapKey(rawValue: inner[..<index].trimmingCharacters(in: .whitespaces)),
                          let value = parseExpression(String(inner[inner.index(after: index)...])) else { return nil }
                    return .map(key: key, value: value)
                default: break
                }
            }
            return parseExpression(inner).map(TypeReference.array)
        }
        if let primitive = Primitive(rawValue: trimmed) { return .primitive(primitive) }
        guard !trimmed.isEmpty, SwiftNaming.isValidName(trimmed) else { return nil }
        return .named(trimmed)
    }

    static func namedTypes(in reference: TypeReference) -> [String] {
        switch reference {
        case .primitive: return []
        case .named(let name): return [name]
        case .array(let element): return namedTypes(in: element)
        case .map(_, let value): return namedTypes(in: value)
        }
    }

    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(word.lowercased()), Array(candidate.lowercased()))
            if distance <= max(1, min(3, word.count / 3)), distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best.map { "; did you mean '\($0.0)'?" } ?? ""
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

import Foundation
