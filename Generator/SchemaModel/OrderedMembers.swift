/// Builds a JSON object or YAML mapping in order, skipping absent values; setting a key again replaces
/// its value in place. (The exports build `OrderedJSON` objects, the import YAML mappings.)
public struct OrderedMembers<Value> {
    public private(set) var members: [(String, Value)] = []

    public init() {}

    public mutating func set(_ key: String, _ value: Value?) {
        guard let value else { return }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
    }

    public mutating func remove(_ key: String) {
        members.removeAll { $0.0 == key }
    }

    public var isEmpty: Bool { members.isEmpty }
}
