import SchemaModel

/// One constraint that became stricter (fewer values allowed) or looser between two versions.
struct ConstraintChange {
    var detail: String
    var tightened: Bool

    /// Each bound compared on its own; a changed pattern or exclusion list counts as tightened
    /// unless one side has none (regular expressions are not compared for inclusion).
    static func between(_ before: Constraints, _ after: Constraints) -> [ConstraintChange] {
        var changes: [ConstraintChange] = []
        /// A bound that tightens when the new value is on `stricter`'s side of the old one (or newly set).
        func bound<T: Comparable>(_ name: String, _ old: T?, _ new: T?, stricter: (T, T) -> Bool) {
            guard old != new else { return }
            let tightened =
                switch (old, new) {
                case (nil, _): true
                case (_, nil): false
                case (let old?, let new?): stricter(new, old)
                }
            changes.append(ConstraintChange(detail: "\(name) \(shown(old)) -> \(shown(new))", tightened: tightened))
        }
        func lower<T: Comparable>(_ name: String, _ old: T?, _ new: T?) { bound(name, old, new, stricter: >) }
        func upper<T: Comparable>(_ name: String, _ old: T?, _ new: T?) { bound(name, old, new, stricter: <) }
        lower("minLength", before.minLength, after.minLength)
        upper("maxLength", before.maxLength, after.maxLength)
        lower("minimum", before.minimum, after.minimum)
        upper("maximum", before.maximum, after.maximum)
        lower("minItems", before.minItems, after.minItems)
        upper("maxItems", before.maxItems, after.maxItems)
        if before.pattern != after.pattern {
            changes.append(
                ConstraintChange(
                    detail: "pattern \(before.pattern.map { "'\($0)'" } ?? "none") -> \(after.pattern.map { "'\($0)'" } ?? "none")",
                    tightened: after.pattern != nil))
        }
        let oldExcluded = Set((before.excluded ?? []).map(\.text))
        let newExcluded = Set((after.excluded ?? []).map(\.text))
        if oldExcluded != newExcluded {
            changes.append(
                ConstraintChange(
                    detail: "exclude [\(oldExcluded.sorted().joined(separator: ", "))] -> [\(newExcluded.sorted().joined(separator: ", "))]",
                    tightened: !newExcluded.isSubset(of: oldExcluded)))
        }
        return changes
    }
}

/// A bound as a schema writes it: `50`, not `50.0`, for a whole number.
private func shown<T>(_ value: T?) -> String {
    guard let value else { return "none" }
    if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(value)"
}
