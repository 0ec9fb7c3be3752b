/// The output of operations that return no body.
///
/// Decoding accepts any payload (or none is attempted at all: `ClientCore` returns it for any 2xx without
/// reading the body), so a server that starts sending a body cannot break the call.
@_spi(Generated) public struct NoContent: Codable, Hashable, Sendable {
    /// Creates the (only) value.
    public init() {}

    /// Ignores whatever was sent.
    public init(from decoder: any Decoder) throws {}

    /// Writes nothing.
    public func encode(to encoder: any Encoder) throws {}
}
