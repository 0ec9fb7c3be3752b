/// The `ProofSupport` module of the diff proof's package (ProofPackage writes it next to the generated
/// clients; every caller imports it): the body the sandbox answered with, the misread check, and how
/// many items a paginated operation's server holds.
///
/// A wire-compatible verdict promises more than "the call did not throw": the old client must READ the
/// new server's answer as the server meant it. `proofMisread` compares what a client decoded with the
/// JSON it was sent:
/// - no value anywhere in it may be `.undocumented` (an enum value or union tag the client does not
///   know), unless it holds a value the server's schema added (`PROOF_NEW_VALUES`): generated code keeps
///   values added later as `.undocumented` by design, but a value the client should know (a union
///   whose tag moved to another key) read that way is a misread;
/// - every field of a decoded struct whose key was sent (not `null`) must have been read: a field left
///   nil although its key was there is a dropped field (walked with `Mirror`, by each struct's wire
///   names, `proofWireNames` in the caller); keys the client's types do not have are ignored, since a
///   client is allowed not to know what was added later;
/// - encoded back to JSON, every key both sides have must carry the value the server sent (a changed
///   meaning: another number, string or date);
/// - a documented error whose body did not decode as the catalogue's body type is a misread too.
enum ProofSupportSource {
    static let source = #"""
        // RFC3339 is the runtime's own parser behind @_spi(Generated): the proof compares dates as the
        // generated models read them.
        @_spi(Generated) import ClientRuntime
        import Foundation

        #if canImport(FoundationNetworking)
            import FoundationNetworking
        #endif

        /// The last response body a call received (one call at a time per instance).
        public final class ProofServedBody: @unchecked Sendable {
            private let lock = NSLock()
            private var stored = Data()
            public init() {}
            public var body: Data {
                get { lock.lock(); defer { lock.unlock() }; return stored }
                set { lock.lock(); stored = newValue; lock.unlock() }
            }
        }

        /// How many items each paginated operation's server holds, by the client's operation name: the
        /// proof sets `PROOF_PAGE_ITEMS` (JSON) per run, from the schema the server serves.
        public let proofExpectedItems: [String: Int] = {
            guard let text = ProcessInfo.processInfo.environment["PROOF_PAGE_ITEMS"],
                  let map = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int] else { return [:] }
            return map
        }()

        /// The case of an outcome enum (`found`, `gone`), as the schema names it.
        public func proofCaseName(_ value: Any) -> String {
            Mirror(reflecting: value).children.first?.label ?? "\(value)"
        }

        /// How many messages to send on each channel, by name (`PROOF_CHANNEL_MESSAGES`, JSON, set by the proof per
        /// run): as many as the server's `receive` union has variants, which the sandbox answers in turn, so every
        /// kind of message the server sends reaches the client.
        public let proofChannelMessageCounts: [String: Int] = {
            guard let text = ProcessInfo.processInfo.environment["PROOF_CHANNEL_MESSAGES"],
                  let map = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int] else { return [:] }
            return map
        }()

        /// Enum values and union tags the server's schema has and the client's does not (`PROOF_NEW_VALUES`,
        /// JSON, set by the proof per run): reading one of them as `.undocumented` is what the client should do.
        public let proofNewValues: Set<String> = {
            guard let text = ProcessInfo.processInfo.environment["PROOF_NEW_VALUES"],
                  let values = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String] else { return [] }
            return Set(values)
        }()

        /// A channel transport (the driver's: SwiftNIO's) that keeps what the misread check and the report need:
        /// how many connections were opened, the last connection error, and the last frame received.
        public final class ProofRecordingChannelTransport: ChannelTransport, @unchecked Sendable {
            private let base: any ChannelTransport
            private let lock = NSLock()
            private var connectionCount = 0
            private var error: String?
            private var frame = Data()

            public init(base: any ChannelTransport) { self.base = base }

            public var connections: Int { lock.lock(); defer { lock.unlock() }; return connectionCount }
            public var lastError: String? { lock.lock(); defer { lock.unlock() }; return error }
            public var lastFrame: Data { lock.lock(); defer { lock.unlock() }; return frame }

            public func connect(_ request: URLRequest) async throws -> any ChannelConnection {
                do {
                    let connection = try await base.connect(request)
                    opened()
                    return Connection(base: connection, owner: self)
                } catch {
                    failed(error)
                    throw error
                }
            }

            // NSLock's lock() is unavailable in async functions: these hold it synchronously.
            private func opened() { lock.lock(); connectionCount += 1; lock.unlock() }
            private func failed(_ error: any Error) { lock.lock(); self.error = "\(error)"; lock.unlock() }

            private func received(_ frame: ChannelFrame) {
                let data: Data
                switch frame {
                case .text(let text): data = Data(text.utf8)
                case .binary(let bytes): data = bytes
                }
                lock.lock(); self.frame = data; lock.unlock()
            }

            private struct Connection: ChannelConnection {
                let base: any ChannelConnection
                let owner: ProofRecordingChannelTransport
                func send(_ frame: ChannelFrame) async throws { try await base.send(frame) }
                func receive() async throws -> ChannelFrame {
                    let frame = try await base.receive()
                    owner.received(frame)
                    return frame
                }
                func close(code: Int, reason: String) async { await base.close(code: code, reason: reason) }
            }
        }

        /// What one channel did, written by its reader and status tasks and polled by `proofChannelRun`.
        private final class ProofChannelLog: @unchecked Sendable {
            private let lock = NSLock()
            private var messages: [Any] = []
            private var statuses: [ChannelStatus] = []
            private var end: (error: (any Error)?, ended: Bool) = (nil, false)
            private var expired = false

            func add(message: Any) { lock.lock(); messages.append(message); lock.unlock() }
            func add(status: ChannelStatus) { lock.lock(); statuses.append(status); lock.unlock() }
            func finish(_ error: (any Error)?) { lock.lock(); end = (error, true); lock.unlock() }
            func expire() { lock.lock(); expired = true; lock.unlock() }
            var timedOut: Bool { lock.lock(); defer { lock.unlock() }; return expired }
            var received: [Any] { lock.lock(); defer { lock.unlock() }; return messages }
            var statusHistory: [ChannelStatus] { lock.lock(); defer { lock.unlock() }; return statuses }
            var ending: (error: (any Error)?, ended: Bool) { lock.lock(); defer { lock.unlock() }; return end }

            /// Polls until `done` holds, the messages loop ended or the run's time is up; returns `done`'s last answer.
            func wait(until done: (ProofChannelLog) -> Bool) async -> Bool {
                while true {
                    if done(self) { return true }
                    if ending.ended || timedOut { return done(self) }
                    try? await Task.sleep(nanoseconds: 10_000_000)
                }
            }
        }

        /// Opens `channel` (through `transport`, which wraps the driver's), sends `messages` one at a time (again
        /// from the first until `atLeast` were sent), and reads the reply to each; every reply must decode as the client's receive type and be read as sent
        /// (`proofMisread`). Returns "ok" or "failed: why". The whole run is bounded by `seconds`: a channel that
        /// does not open (the server refuses the upgrade; the client keeps reconnecting) or a reply that never
        /// comes is closed then.
        ///
        /// With `afterServerClose` (the sandbox closes the first connection with a code after its first reply),
        /// what the client did with the code: "reconnect" (it opened a new connection, and a message sent on it
        /// was answered), "finish" (the messages loop ended), "fail <case>" (the loop threw the channel's
        /// failure), else "failed: why".
        public func proofChannelRun<Outgoing, Incoming: Encodable, Failure>(
            _ channel: Channel<Outgoing, Incoming, Failure>, transport: ProofRecordingChannelTransport, messages: [Outgoing], atLeast: Int,
            afterServerClose: Bool, seconds: Double, wireNames: [String: [String: String]]
        ) async -> String {
            let messages = messages.isEmpty ? [] : (0..<max(messages.count, atLeast)).map { messages[$0 % messages.count] }
            let log = ProofChannelLog()
            let statuses = channel.statusUpdates
            let statusTask = Task { for await status in statuses { log.add(status: status) } }
            let watchdog = Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                if Task.isCancelled { return }
                log.expire()
                await channel.close()
            }
            defer {
                watchdog.cancel()
                statusTask.cancel()
            }
            let outcome = await proofChannelSteps(channel, transport: transport, messages: messages, afterServerClose: afterServerClose, log: log, wireNames: wireNames)
            await channel.close()
            return log.timedOut && !outcome.hasPrefix("ok") ? outcome + " (nothing more within \(Int(seconds)) s)" : outcome
        }

        private func proofChannelSteps<Outgoing, Incoming: Encodable, Failure>(
            _ channel: Channel<Outgoing, Incoming, Failure>, transport: ProofRecordingChannelTransport, messages: [Outgoing],
            afterServerClose: Bool, log: ProofChannelLog, wireNames: [String: [String: String]]
        ) async -> String {
            do {
                try await channel.connect()
            } catch {
                return "failed: the channel did not open: \(transport.lastError ?? "\(error)")"
            }
            // `connect()` also returns when the run's time is up while the client was still reconnecting.
            guard transport.connections > 0 else { return "failed: the channel did not open: \(transport.lastError ?? "no connection")" }
            let reader = Task {
                do {
                    for try await message in channel.messages { log.add(message: message) }
                    log.finish(nil)
                } catch {
                    log.finish(error)
                }
            }
            defer { reader.cancel() }
            func ended() -> String {
                let ending = log.ending
                return ending.ended ? "the messages loop ended\(ending.error.map { " with \($0)" } ?? "")" : "no reply"
            }
            for (index, message) in messages.enumerated() {
                do {
                    try await channel.send(message)
                } catch {
                    return "failed: message \(index + 1) was not sent: \(error)"
                }
                guard await log.wait(until: { $0.received.count > index }), let reply = log.received[index] as? Incoming else {
                    return "failed: message \(index + 1) got \(ended())"
                }
                if let misread = proofMisread(reply, served: transport.lastFrame, wireNames: wireNames) {
                    return "failed: reply \(index + 1) misread: \(misread)"
                }
                if afterServerClose { break }
            }
            guard afterServerClose, let first = messages.first else { return "ok" }
            // The server closes after its first reply: the status leaves `.connected`, then either the channel
            // ends (`.closed`) or it reconnects (`.reconnecting`, then `.connected` again).
            let reconnected: (ProofChannelLog) -> Bool = { log in
                log.statusHistory.drop { $0 != .connected }.dropFirst().contains(.connected)
            }
            let changed = await log.wait { log in log.statusHistory.contains(.closed) || reconnected(log) }
            guard changed else { return "failed: the server's close changed nothing: \(ended())" }
            if reconnected(log), transport.connections > 1 {
                do {
                    try await channel.send(first)
                } catch {
                    return "failed: reconnected, but a message was not sent: \(error)"
                }
                return await log.wait(until: { $0.received.count > 1 }) ? "reconnect" : "failed: reconnected, but \(ended())"
            }
            _ = await log.wait { $0.ending.ended }
            let ending = log.ending
            guard ending.ended else { return "failed: closed, but the messages loop did not end" }
            guard let error = ending.error else { return "finish" }
            if error is Failure { return "fail \(proofCaseName(error))" }
            return "failed: the messages loop threw \(error)"
        }

        /// Why `value` is not what `served` said, or nil when it is.
        public func proofMisread<T: Encodable>(_ value: T?, served: Data, wireNames: [String: [String: String]]) -> String? {
            let sent = served.isEmpty ? nil : try? JSONSerialization.jsonObject(with: served, options: [.fragmentsAllowed])
            guard let value else {
                return sent == nil ? nil : "the body did not decode as the schema's type"
            }
            if let path = undocumentedPath(value, path: "", depth: 0) {
                return "\(path.isEmpty ? "/" : path) read as .undocumented"
            }
            guard let sent else { return nil }
            if let dropped = droppedField(value, sent: sent, path: "", wireNames: wireNames, depth: 0) { return dropped }
            guard let data = try? JSONCoding.makeEncoder().encode(value),
                  let read = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                return "what was read does not encode back to JSON"
            }
            return difference(sent: sent, read: read, path: "")
        }

        /// The first field of a struct in `value` that was sent but read as nil.
        private func droppedField(_ value: Any, sent: Any, path: String, wireNames: [String: [String: String]], depth: Int) -> String? {
            guard depth < 64 else { return nil }
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional?, .enum?:
                // An optional's value, a union variant's payload (read from the same object), a kept raw value.
                guard let child = mirror.children.first else { return nil }
                return droppedField(child.value, sent: sent, path: path, wireNames: wireNames, depth: depth + 1)
            case .struct?:
                guard let names = wireNames[String(describing: type(of: value))], let object = sent as? [String: Any] else { return nil }
                for child in mirror.children {
                    guard let label = child.label, let wire = names[label], let sentValue = object[wire], !(sentValue is NSNull) else { continue }
                    let field = Mirror(reflecting: child.value)
                    if field.displayStyle == .optional, field.children.isEmpty { return "\(path)/\(wire) was sent but read as nil" }
                    if let found = droppedField(child.value, sent: sentValue, path: "\(path)/\(wire)", wireNames: wireNames, depth: depth + 1) { return found }
                }
                return nil
            case .collection?:
                guard let array = sent as? [Any] else { return nil }
                for (index, pair) in zip(mirror.children, array).enumerated() {
                    if let found = droppedField(pair.0.value, sent: pair.1, path: "\(path)/\(index)", wireNames: wireNames, depth: depth + 1) { return found }
                }
                return nil
            default:
                return nil
            }
        }

        private func undocumentedPath(_ value: Any, path: String, depth: Int) -> String? {
            guard depth < 64 else { return nil }
            let mirror = Mirror(reflecting: value)
            for (index, child) in mirror.children.enumerated() {
                if mirror.displayStyle == .enum && child.label == "undocumented" {
                    if proofNewValues.isDisjoint(with: scalars(of: child.value)) { return path }
                    continue
                }
                let step = child.label.map { $0 == "some" ? "" : "/\($0)" } ?? "/\(index)"
                if let found = undocumentedPath(child.value, path: path + step, depth: depth + 1) { return found }
            }
            return nil
        }

        /// The text of a kept raw value, or of the top-level scalars of a kept JSON object (its tag among them).
        private func scalars(of value: Any) -> Set<String> {
            guard let encodable = value as? any Encodable, let data = try? JSONEncoder().encode(encodable),
                  let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return ["\(value)"] }
            let members = (json as? [String: Any]).map { Array($0.values) } ?? [json]
            return Set(members.compactMap { member in
                if let text = member as? String { return text }
                if let number = member as? NSNumber { return number.stringValue }
                return nil
            })
        }

        private func difference(sent: Any, read: Any, path: String) -> String? {
            switch (sent, read) {
            case (let sent as [String: Any], let read as [String: Any]):
                for key in sent.keys.sorted() {
                    let sentValue = sent[key]!
                    if sentValue is NSNull { continue }
                    // A key not read back is one the client's type does not have (dropped fields are found above).
                    guard let readValue = read[key], !(readValue is NSNull) else { continue }
                    if let found = difference(sent: sentValue, read: readValue, path: "\(path)/\(key)") { return found }
                }
                return nil
            case (let sent as [Any], let read as [Any]):
                guard sent.count == read.count else { return "\(path): \(sent.count) elements sent, \(read.count) read" }
                for (index, pair) in zip(sent, read).enumerated() {
                    if let found = difference(sent: pair.0, read: pair.1, path: "\(path)/\(index)") { return found }
                }
                return nil
            case (let sent as String, let read as String):
                if sent == read { return nil }
                if let sentDate = RFC3339.date(from: sent), let readDate = RFC3339.date(from: read), sentDate == readDate { return nil }
                return "\(path): sent \"\(sent)\", read \"\(read)\""
            case (let sent as NSNumber, let read as NSNumber):
                return sent == read ? nil : "\(path): sent \(sent), read \(read)"
            case (is NSNull, is NSNull):
                // A null list element or map value read back as null (`[T?]`).
                return nil
            default:
                return "\(path): sent \(sent), read \(read)"
            }
        }
        """#
}
