/// A value stored out of line: the private storage of a generated model's field that closes a cycle
/// (`parent: Pet?` in `Pet`). A Swift struct cannot hold itself inline, not even as an `Optional`, so the
/// generated `Pet` keeps its `parent` in one of these and gives it the plain property `parent: Pet?`.
///
/// A value type like the field it holds: the box is immutable and a change stores a new one, so copies
/// never share a change. Equal and hashed by the value, so the model's synthesized `Hashable` is the one
/// it would have inline.
@_spi(Generated) public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    public init(_ value: Value) {
        box = Box(value)
    }

    /// The value; setting it stores a new box.
    public var value: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

@_spi(Generated) extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.value == rhs.value
    }
}

@_spi(Generated) extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

@_spi(Generated) extension Indirect: CustomReflectable {
    /// The value's own mirror, so `dump` and `print` of a model show the field's value, not the box.
    public var customMirror: Mirror { Mirror(reflecting: value) }
}
