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
        // `items:`/`values:`: the elements' own constraints, by the same rules ("items: maxLength 20 -> 8").
        if before.elements != nil || after.elements != nil {
            let keyword = after.elements?.keyword ?? before.elements?.keyword ?? "items"
            changes += between(before.elements?.constraints ?? Constraints(), after.elements?.constraints ?? Constraints()).map {
                ConstraintChange(detail: "\(keyword): \($0.detail)", tightened: $0.tightened)
            }
        }
        return changes
    }

    /// Where list elements or map values were made nullable or no longer are, at any depth (`items`,
    /// `items.items`), with whether they now are.
    static func elementNullability(_ before: Constraints, _ after: Constraints, path: String = "") -> [(path: String, nullable: Bool)] {
        guard before.elements != nil || after.elements != nil else { return [] }
        let keyword = after.elements?.keyword ?? before.elements?.keyword ?? "items"
        let here = path.isEmpty ? keyword : path + "." + keyword
        let (old, new) = (before.elements?.isNullable ?? false, after.elements?.isNullable ?? false)
        return (old == new ? [] : [(here, new)])
            + elementNullability(before.elements?.constraints ?? Constraints(), after.elements?.constraints ?? Constraints(), path: here)
    }
}

/// A bound as a schema writes it: `50`, not `50.0`, for a whole number.
private func shown<T>(_ value: T?) -> String {
    guard let value else { return "none" }
    if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(value)"
}
