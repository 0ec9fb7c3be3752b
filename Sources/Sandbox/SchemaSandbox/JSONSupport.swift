import Foundation
import PayloadValidation
import SchemaModel

/// What the sandbox needs on top of the shared `JSON` value (which keeps key order and number text, so
/// an example is served as the schema gives it): editing at a path (`FieldPath`), for pagination and credentials.
extension JSON {
    /// Parses a request body; nil when it is not valid JSON.
    static func parse(_ data: Data, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSON? {
        try? JSONParser.parse(data, maxDepth: maxDepth)
    }

    /// Compact JSON text as bytes, for a response body.
    var data: Data { Data(description.utf8) }

    // MARK: Reading

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var intValue: Int? {
        switch self {
        case .number(let text): return Int(text) ?? Double(text).flatMap { $0.rounded() == $0 ? Int(exactly: $0) : nil }
        case .string(let text): return Int(text)
        default: return nil
        }
    }

    var arrayValue: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    // MARK: Editing

    /// Sets `value` at `path`, creating objects on the way (a non-object on the way is replaced).
    mutating func set(_ value: JSON, at path: FieldPath) {
        set(value, at: path.keys[...])
    }

    private mutating func set(_ value: JSON, at keys: ArraySlice<String>) {
        guard let key = keys.first else {
            self = value
            return
        }
        var members: [Member]
        if case .object(let existing) = self { members = existing } else { members = [] }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value.set(value, at: keys.dropFirst())
        } else {
            var child = JSON.object([])
            child.set(value, at: keys.dropFirst())
            members.append(Member(key: key, value: child))
        }
        self = .object(members)
    }

    /// Removes the key at `path`; nothing happens when it is not there.
    mutating func remove(at path: FieldPath) {
        remove(at: path.keys[...])
    }

    private mutating func remove(at keys: ArraySlice<String>) {
        guard let key = keys.first, case .object(var members) = self else { return }
        if keys.count == 1 {
            members.removeAll { $0.key == key }
        } else if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value.remove(at: keys.dropFirst())
        }
        self = .object(members)
    }

    /// Whether `path` leads to a value (possibly null).
    func contains(_ path: FieldPath) -> Bool { value(at: path) != nil }
}
