import Foundation
import PayloadValidation
import SchemaModel

/// A `closeChannel` or `dropChannel` fault taken for one connection.
struct ChannelFault: Equatable {
    /// Messages the server sends first.
    var afterMessages: Int
    /// The close code; nil: the TCP connection is dropped without a close frame.
    var closeCode: Int?
}

/// What the sandbox does with a request to open a channel (`channels:`).
enum ChannelHandshake {
    /// Not a channel's path: an HTTP request like any other.
    case notAChannel
    /// Answered with an HTTP response instead of the upgrade (a fault, missing credentials, a bad parameter).
    case refuse(Outcome)
    /// The connection is accepted: its channel and the fault it carries, if any.
    case accept(ChannelDefinition, fault: ChannelFault?)
}

/// The sandbox's side of an open channel: each message the client sends is checked against the channel's
/// `send` type; a valid one is answered with `receive` messages: the reply configured for its kind
/// (`SandboxOptions.channelReplies`), else the message itself when it is a valid `receive` message (an
/// echo), else a synthesized one, the union's variants in turn.
struct ChannelConversation {
    let channel: ChannelDefinition
    let validator: PayloadValidator
    let factory: PayloadFactory
    let replies: [String: String]
    private var synthesized = 0

    init(channel: ChannelDefinition, validator: PayloadValidator, factory: PayloadFactory, replies: [String: String]) {
        self.channel = channel
        self.validator = validator
        self.factory = factory
        self.replies = replies
    }

    /// The replies to one received text message, or the problems that make it invalid (a close 1008).
    mutating func answer(_ text: String) -> Result<[String], ChannelViolation> {
        let data = Data(text.utf8)
        let issues = validator.validate(data: data, against: channel.send).filter { $0.severity == .error }
        if !issues.isEmpty {
            // Without the schema rule's location: it names a file on the server's disk.
            let problems = issues.map { "\($0.pointer.isEmpty ? "(root)" : $0.pointer): \($0.severity.rawValue): \($0.message)" }
            return .failure(ChannelViolation(message: problems.joined(separator: "; ")))
        }
        let json = JSON.parse(data)
        if let kind = json.flatMap({ kind(of: $0) }), let reply = replies[kind] ?? replies["*"] { return .success([reply]) }
        // An echo only of a kind `receive` declares: an unknown tag is valid (`.undocumented`) but says nothing.
        if replies.isEmpty, json.map(isDeclaredReceiveKind) ?? false,
            validator.validate(data: data, against: channel.receive).allSatisfy({ $0.severity != .error })
        {
            return .success([text])
        }
        if let reply = replies["*"] { return .success([reply]) }
        return .success([synthesizedReply().description])
    }

    /// Whether `json` is of a kind the `receive` type declares: a tagged union's message carries one of its
    /// variants' tags; any other type takes what validates.
    private func isDeclaredReceiveKind(_ json: JSON) -> Bool {
        guard case .named(let name) = channel.receive, let definition = factory.schema.type(named: name), case .union(let union) = definition.kind,
            union.discriminator != nil
        else { return true }
        return kind(of: json, in: channel.receive).map { tag in union.variants.contains { $0.tag == tag } } ?? false
    }

    /// The tag of a message of a tagged union (its discriminator's value), else nil.
    private func kind(of json: JSON, in type: TypeReference? = nil) -> String? {
        guard case .named(let name) = type ?? channel.send, let definition = factory.schema.type(named: name), case .union(let union) = definition.kind,
            let discriminator = union.discriminator, case .object(let members) = json,
            let value = members.first(where: { $0.key == discriminator })?.value
        else { return nil }
        switch value {
        case .string(let text): return text
        case .number(let text): return text
        default: return nil
        }
    }

    /// The next synthesized `receive` message: a union's variants in turn, each with its tag.
    private mutating func synthesizedReply() -> JSON {
        defer { synthesized += 1 }
        guard case .named(let name) = channel.receive, let definition = factory.schema.type(named: name), case .union(let union) = definition.kind,
            !union.variants.isEmpty
        else { return factory.sample(of: channel.receive) }
        let variant = union.variants[synthesized % union.variants.count]
        var json = factory.sample(of: variant.type)
        if let discriminator = union.discriminator, case .object(var members) = json {
            members.removeAll { $0.key == discriminator }
            members.insert(JSON.Member(key: discriminator, value: union.tagType == .integer ? .number(variant.tag) : .string(variant.tag)), at: 0)
            json = .object(members)
        }
        return json
    }
}

/// A received message the channel's `send` type does not allow: the server closes with 1008 (policy violation).
struct ChannelViolation: Error, Equatable {
    var message: String

    /// The close reason: a close frame's reason is at most 123 bytes of UTF-8, cut at a character.
    var closeReason: String {
        var reason = "invalid message: " + message
        while reason.utf8.count > 123 { reason.removeLast() }
        return reason
    }
}

extension SandboxEngine {
    /// Decides a request to open a channel: routed by the channels' paths, counted and recorded under the
    /// channel's name, refused by the run's HTTP faults (`failures`, `unauthorized`, `closeConnection`) and,
    /// as an operation's request is, for missing credentials or invalid parameters; else accepted, with the
    /// first `closeChannel`/`dropChannel` fault that applies.
    func channelHandshake(_ request: IncomingRequest) -> ChannelHandshake {
        guard request.method == "GET", let path = base.relativePath(of: request.path),
            case .operation(let handshake, let pathParameters) = channelRouter.match(method: "GET", path: path, query: request.queryItems),
            let channel = schema.channel(named: handshake.name)
        else { return .notAChannel }
        let needsCredentials = !handshake.auth.isEmpty
        let action = state.withLock { state -> FaultAction? in
            state.counts[channel.name, default: 0] += 1
            return state.faults.consume(for: channel.name, needsCredentials: needsCredentials, usesBearer: false)
        }
        let decision: ChannelHandshake
        if let action {
            switch action {
            case .status(let status, _): decision = .refuse(error(status, message: "sandbox fault: channel \(channel.name) refused with \(status)"))
            case .unauthorized: decision = .refuse(error(401, message: "sandbox fault: channel \(channel.name) refused with 401"))
            case .close: decision = .refuse(.closeConnection)
            }
        } else if options.requireCredentials, needsCredentials,
            let needed = requestValidator.missingCredentials(
                of: handshake, query: request.queryItems, headerValues: request.headerValues, accepts: { accepts($0, for: $1) })
        {
            decision = .refuse(error(401, message: "missing credentials: channel \(channel.name) needs \(needed)"))
        } else if options.validateRequests,
            case let problems = problems(in: request, query: request.queryItems, pathParameters: pathParameters, operation: handshake), !problems.isEmpty
        {
            decision = .refuse(error(400, message: "invalid request: " + problems.joined(separator: "; ")))
        } else {
            decision = .accept(channel, fault: state.withLock { $0.faults.channelFault(for: channel.name) })
        }
        let outcome: Outcome
        switch decision {
        case .refuse(let refusal): outcome = refusal
        case .accept, .notAChannel: outcome = .respond(status: 101, headers: [], body: Data())
        }
        record(request, operation: channel.name, outcome: outcome)
        return decision
    }

    /// The conversation of one accepted connection of `channel`.
    func conversation(on channel: ChannelDefinition) -> ChannelConversation {
        ChannelConversation(
            channel: channel, validator: requestValidator.validator, factory: factory, replies: options.channelReplies[channel.name] ?? [:])
    }
}
