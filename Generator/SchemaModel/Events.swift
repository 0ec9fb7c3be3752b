/// `events:` of a schema: what the API sends outside any call (a push notification the app receives, a
/// webhook request the API makes to a server), its payload and how each is told from the API's other
/// events (docs/SchemaLanguage.md, "Events outside calls"). The generator turns them into one
/// `<API>Event` enum that recognises a received payload; unknown events become its `undocumented` case.
public struct EventDefinition: Sendable {
    /// How the event reaches its receiver.
    public enum Delivery: Sendable {
        /// A push notification: the payload is the notification's user info (APNs, FCM data).
        case push
        /// An HTTP request the API makes to a URL the receiver registers.
        case webhook(Webhook)

        /// `push` or `webhook`, as the schema writes it.
        public var keyword: String {
            switch self {
            case .push: return "push"
            case .webhook: return "webhook"
            }
        }

        public static let keywords = ["push", "webhook"]
    }

    /// The request of a webhook event.
    public struct Webhook: Sendable {
        /// POST unless the schema says otherwise.
        public var method: String
        /// The path the API calls below the receiver's URL, when the schema names one.
        public var path: String?
        /// Headers the request carries (a signature, a delivery id), by the field syntax.
        public var headers: [Field]
    }

    /// How a payload is recognised as this event among the API's events.
    public enum Recognition: Sendable, Hashable {
        /// A top-level member of the payload (by its wire name) has this value (`yp-type: payment-failed.v1`).
        case field(String, value: String)
        /// A webhook header has this value (`X-Event-Type: order.shipped`).
        case header(String, value: String)
        /// The payload decodes as the event's payload type (the default).
        case shape

        /// What messages call it: "field 'yp-type' = 'payment-failed.v1'".
        public var description: String {
            switch self {
            case .field(let name, let value): return "field '\(name)' = '\(value)'"
            case .header(let name, let value): return "header '\(name)' = '\(value)'"
            case .shape: return "its payload's shape"
            }
        }
    }

    public var name: String
    /// The payload's type: a declared type.
    public var payload: TypeReference
    public var payloadLocation: SourceLocation
    public var delivery: Delivery
    public var recognition: Recognition
    public var recognitionLocation: SourceLocation
    public var notes: Notes
    public var location: SourceLocation
}

extension Schema {
    /// The Swift enum that recognises the API's events: `<API>Event`.
    public var eventTypeName: String { SwiftNaming.eventTypeName(api: api) }
}

extension Schema {
    /// The payload field (by wire name) that recognises `event`: nil when a header or the shape does, or
    /// the payload is not a struct with that field.
    public func recognisingField(of event: EventDefinition) -> Field? {
        guard case .field(let wireName, _) = event.recognition, case .named(let name) = event.payload else { return nil }
        return type(named: name)?.fields.first { $0.wireName == wireName }
    }

    /// The JSON the recognising field holds for `event`: text, an integer or a boolean by the field's type
    /// (through aliases); nil when a header or the shape recognises it, or the value does not fit the type.
    public func recognisingValue(of event: EventDefinition) -> JSON? {
        guard case .field(_, let value) = event.recognition, let field = recognisingField(of: event) else { return nil }
        var reference = field.type
        for _ in 0..<32 {
            switch reference {
            case .array, .map: return nil
            case .primitive(let primitive):
                if primitive.isInteger { return Int(value).map { .number(String($0)) } }
                if primitive == .bool { return value == "true" ? .bool(true) : value == "false" ? .bool(false) : nil }
                return primitive.isStringLike && primitive != .binary ? .string(value) : nil
            case .named(let name):
                guard let definition = type(named: name) else { return nil }
                switch definition.kind {
                case .alias(let target, _): reference = target
                case .enumeration(let enumeration):
                    guard enumeration.cases.contains(where: { $0.value == value }) else { return nil }
                    return enumeration.rawType == .string ? .string(value) : .number(value)
                case .structure, .union: return nil
                }
            }
        }
        return nil
    }
}
