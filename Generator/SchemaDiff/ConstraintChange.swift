import SchemaModel

/// One constraint that became stricter (fewer values allowed) or looser between two versions.
struct ConstraintChange {
    var detail: String
    var tightened: Bool

    /// Each bound compared on its own; a changed pattern or exclusion list counts as tightened
    /// unless one side has none (regular expressions are not compared for inclusion).
    static func between(_ before: Constraints, _ after: Constraints) -> [ConstraintChange] {
        var changes: [ConstraintChange] = []
        func lower<T: Comparable>(_ name: String, _ old: T?, _ new: T?) {
            guard old != new else { return }
            let tightened = switch (old, new) {
            case (nil, _): true
            case (_, nil): false
            case (let old?, let new?): new > old
            }
            changes.append(ConstraintChange(detail: "\(name) \(old.map { "\($0)" } ?? "none") -> \(new.map { "\($0)" } ?? "none")", tightened: tightened))
        }
        func upper<T: Comparable>(_ name: String, _ old: T?, _ new: T?) {
            guard old != new else { return }
            let tightened = switch (old, new) {
            case (nil, _): true
            case (_, nil): false
            case (let old?, let new?): new < old
            }
            changes.append(ConstraintChange(detail: "\(name) \(old.map { "\($0)" } ?? "none") -> \(new.map { "\($0)" } ?? "none")", tightened: tightened))
        }
        lower("minLength", before.minLength, after.minLength)
        upper("maxLength", before.maxLength, after.maxLength)
        lower("minimum", before.minimum, after.minimum)
        upper("maximum", before.maximum, after.maximum)
        lower("minItems", before.minItems, after.minItems)
        upper("maxItems", before.maxItems, after.maxItems)
        if before.pattern != after.pattern {
            changes.append(ConstraintChange(detail: "pattern \(before.pattern.map { "'\($0)'" } ?? "none") -> \(after.pattern.map { "'\($0)'" } ?? "none")",
                                            tightened: after.pattern != nil))
        }
        let oldExcluded = Set((before.excluded ?? []).map(\.text)), newExcluded = Set((after.excluded ?? []).map(\.text))
        if oldExcluded != newExcluded {
            changes.append(ConstraintChange(detail: "exclude [\(oldExcluded.sorted().joined(separator: ", "))] -> [\(newExcluded.sorted().joined(separator: ", "))]",
                                            tightened: !newExcluded.isSubset(of: oldExcluded)))
        }
        return changes
    }
}
