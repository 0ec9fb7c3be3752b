/// Where the client middlewares send their `ClientLogEvent`s.
///
/// A plain closure so any logging system can be plugged in (`os.Logger`, swift-log, a test recorder). The
/// sink may be called concurrently from several tasks.
public struct ClientLogger: Sendable {
    private let sink: @Sendable (ClientLogEvent) -> Void

    /// Creates a logger that hands every event to `sink`.
    public init(_ sink: @escaping @Sendable (ClientLogEvent) -> Void) {
        self.sink = sink
    }

    /// Sends `event` to the sink.
    public func log(_ event: ClientLogEvent) {
        sink(event)
    }

    /// Sends an event built from its parts to the sink.
    public func log(_ kind: ClientLogEvent.Kind, operation: String, _ message: String) {
        sink(ClientLogEvent(kind: kind, operation: operation, message: message))
    }

    /// A logger printing every event to standard output, each line starting with `prefix`.
    public static func print(prefix: String = "[ClientRuntime]") -> ClientLogger {
        ClientLogger { event in Swift.print("\(prefix) \(event)") }
    }
}
