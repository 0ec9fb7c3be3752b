import Foundation

/// What the sandbox does to one request instead of (or before) answering it normally.
enum FaultAction: Equatable {
    case status(Int, retryAfter: String?)
    case unauthorized
    case close

    var description: String {
        switch self {
        case .status(let status, let retryAfter): return retryAfter.map { "\(status) Retry-After \($0)" } ?? "\(status)"
        case .unauthorized: return "401"
        case .close: return "closed connection"
        }
    }
}

/// Faults injected for a run, with what is left of each. Lives inside the sandbox's lock.
struct FaultBook {
    struct Entry {
        var fault: Fault
        /// nil: every operation.
        var operation: String?
        /// Requests left for counted faults.
        var remaining: Int
        /// `unauthorizedUntilRefresh`: whether the refresh operation has succeeded since injection.
        var refreshed = false

        func applies(to operation: String) -> Bool { self.operation == nil || self.operation == operation }
    }

    private(set) var entries: [Entry] = []

    mutating func add(_ fault: Fault, for operation: String?) {
        let remaining: Int
        switch fault {
        case .latency, .unauthorizedUntilRefresh, .slowStream: remaining = Int.max
        case .failures(let count, _), .rateLimited(let count, _), .unauthorized(let count), .closeConnection(let count), .dropStream(let count, _),
            .closeChannel(let count, _, _), .dropChannel(let count, _):
            remaining = max(0, count)
        }
        entries.append(Entry(fault: fault, operation: operation, remaining: remaining))
    }

    mutating func removeAll() { entries.removeAll() }

    /// Latencies add up without overflowing (`.latency(milliseconds: .max)` twice is still a value).
    static func saturatingSum(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? .max : sum
    }

    /// Total latency for a request to `operation`, in milliseconds.
    func latency(for operation: String) -> Int {
        entries.reduce(0) { total, entry in
            if case .latency(let milliseconds) = entry.fault, entry.applies(to: operation) { return FaultBook.saturatingSum(total, max(0, milliseconds)) }
            return total
        }
    }

    /// Uses up one request of the first counted fault, in injection order, that applies; then checks
    /// `unauthorizedUntilRefresh`. `needsCredentials`: the operation has auth schemes (a fault injected
    /// for every operation does not answer 401 to one that takes none); `usesBearer`: it takes the bearer scheme.
    mutating func consume(for operation: String, needsCredentials: Bool, usesBearer: Bool) -> FaultAction? {
        for index in entries.indices where entries[index].applies(to: operation) && entries[index].remaining > 0 {
            let entry = entries[index]
            let action: FaultAction
            switch entry.fault {
            case .latency, .unauthorizedUntilRefresh, .dropStream, .slowStream, .closeChannel, .dropChannel:
                continue  // the stream and channel faults act on a streamed answer or an open channel, below
            case .failures(_, let status):
                action = .status(status, retryAfter: nil)
            case .rateLimited(_, let retryAfter):
                action = .status(429, retryAfter: retryAfter.headerValue)
            case .unauthorized:
                if entry.operation == nil && !needsCredentials { continue }
                action = .unauthorized
            case .closeConnection:
                action = .close
            }
            entries[index].remaining -= 1
            return action
        }
        if usesBearer, entries.contains(where: { $0.fault == .unauthorizedUntilRefresh && $0.applies(to: operation) && !$0.refreshed }) {
            return .unauthorized
        }
        return nil
    }

    /// For a streamed answer of `operation`: the pause between events (the sum of `slowStream`s) and,
    /// using up one, the first `dropStream`'s event count.
    mutating func streamFaults(for operation: String) -> (intervalMilliseconds: Int, dropAfter: Int?) {
        var interval = 0
        var dropAfter: Int?
        for index in entries.indices where entries[index].applies(to: operation) {
            switch entries[index].fault {
            case .slowStream(let milliseconds):
                interval = FaultBook.saturatingSum(interval, max(0, milliseconds))
            case .dropStream(_, let afterEvents):
                guard dropAfter == nil, entries[index].remaining > 0 else { continue }
                entries[index].remaining -= 1
                dropAfter = max(0, afterEvents)
            case .latency, .failures, .rateLimited, .unauthorized, .unauthorizedUntilRefresh, .closeConnection, .closeChannel, .dropChannel:
                continue
            }
        }
        return (interval, dropAfter)
    }

    /// For a connection of `channel` being opened: using up one, the first `closeChannel` or `dropChannel`
    /// that applies.
    mutating func channelFault(for channel: String) -> ChannelFault? {
        for index in entries.indices where entries[index].applies(to: channel) && entries[index].remaining > 0 {
            switch entries[index].fault {
            case .closeChannel(_, let afterMessages, let code):
                entries[index].remaining -= 1
                return ChannelFault(afterMessages: max(0, afterMessages), closeCode: code)
            case .dropChannel(_, let afterMessages):
                entries[index].remaining -= 1
                return ChannelFault(afterMessages: max(0, afterMessages), closeCode: nil)
            case .latency, .failures, .rateLimited, .unauthorized, .unauthorizedUntilRefresh, .closeConnection, .dropStream, .slowStream:
                continue
            }
        }
        return nil
    }

    /// The bearer scheme's refresh operation succeeded: requests are accepted again.
    mutating func markRefreshed() {
        for index in entries.indices where entries[index].fault == .unauthorizedUntilRefresh {
            entries[index].refreshed = true
        }
    }

    /// Whether any `unauthorizedUntilRefresh` is waiting for a refresh.
    var awaitsRefresh: Bool {
        entries.contains { $0.fault == .unauthorizedUntilRefresh && !$0.refreshed }
    }
}

/// The per-request fault header: `X-Sandbox-Fault: status=503`, `latency=250ms`, `retry-after=2`,
/// `close`, `unauthorized`; several joined with `;`.
struct FaultHeader: Equatable {
    var latencyMilliseconds = 0
    var action: FaultAction?
    /// `event-interval=250ms`: a streamed answer pauses this long before each event after the first.
    var streamIntervalMilliseconds: Int?
    /// `drop-after=3`: a streamed answer closes the connection after this many events.
    var dropAfterEvents: Int?

    static let name = "x-sandbox-fault"

    enum ParseError: Error, CustomStringConvertible {
        case invalid(String)
        var description: String {
            if case .invalid(let message) = self { return message }
            return ""
        }
    }

    init() {}

    init(parsing text: String) throws {
        var status: Int?
        var retryAfter: String?
        var close = false
        var unauthorized = false
        for rawDirective in text.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let directive = rawDirective.trimmingCharacters(in: .whitespaces)
            guard !directive.isEmpty else { continue }
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let key = parts[0].lowercased()
            let value = parts.count > 1 ? parts[1] : nil
            switch (key, value) {
            case ("status", let value?):
                guard let code = Int(value), (400...599).contains(code) else {
                    throw ParseError.invalid("X-Sandbox-Fault: status must be 400-599, found '\(value)'")
                }
                status = code
            case ("latency", let value?), ("delay", let value?):
                guard let milliseconds = FaultHeader.milliseconds(value) else {
                    throw ParseError.invalid("X-Sandbox-Fault: latency must be like 250ms or 2s (at most an hour), found '\(value)'")
                }
                latencyMilliseconds = milliseconds
            case ("retry-after", let value?):
                guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) || value.hasSuffix("GMT") else {
                    throw ParseError.invalid("X-Sandbox-Fault: retry-after must be seconds or an HTTP date, found '\(value)'")
                }
                retryAfter = value
            case ("close", nil):
                close = true
            case ("event-interval", let value?):
                guard let milliseconds = FaultHeader.milliseconds(value) else {
                    throw ParseError.invalid("X-Sandbox-Fault: event-interval must be like 250ms or 2s (at most an hour), found '\(value)'")
                }
                streamIntervalMilliseconds = milliseconds
            case ("drop-after", let value?):
                guard let events = Int(value), events >= 0 else {
                    throw ParseError.invalid("X-Sandbox-Fault: drop-after must be a number of events, found '\(value)'")
                }
                dropAfterEvents = events
            case ("unauthorized", nil):
                unauthorized = true
            case ("count", _):
                throw ParseError.invalid(
                    "X-Sandbox-Fault: 'count' applies to a run, not to one request: use SandboxServer.inject(_:for:) or the sandbox command's options")
            default:
                throw ParseError.invalid(
                    "X-Sandbox-Fault: unknown directive '\(directive)'; use status=CODE, latency=MS, retry-after=SECONDS, close, unauthorized, event-interval=MS or drop-after=EVENTS"
                )
            }
        }
        if close {
            action = .close
        } else if unauthorized {
            action = .unauthorized
        } else if let status {
            action = .status(status, retryAfter: retryAfter)
        } else if let retryAfter {
            action = .status(429, retryAfter: retryAfter)
        }
    }

    /// `250ms`, `2s`, `1.5s` or `250`, at most an hour; nil otherwise. (`1e300ms` and `infs` are rejected
    /// here: converting them to `Int` would trap and take the server down.)
    static func milliseconds(_ text: String) -> Int? {
        let lower = text.lowercased()
        let value: Double?
        if lower.hasSuffix("ms") {
            value = Double(lower.dropLast(2))
        } else if lower.hasSuffix("s") {
            value = Double(lower.dropLast()).map { $0 * 1000 }
        } else {
            value = Int(lower).map(Double.init)
        }
        guard let value, value >= 0, value <= maximumLatencyMilliseconds else { return nil }
        return Int(value)
    }

    /// The longest latency the header may ask for: an hour.
    static let maximumLatencyMilliseconds: Double = 3_600_000
}
