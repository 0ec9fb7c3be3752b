import Foundation

/// Why a received event could not be read by a generated `<API>Event` initializer: the payload is not
/// JSON, or it is an event the schema describes whose payload is not the declared type. An event the
/// schema does not describe is never an error: it becomes the enum's `undocumented` case.
///
/// Its description names the event and the failing field path, never a payload value.
public struct EventPayloadError: Error, Sendable, CustomStringConvertible {
    /// The schema's name of the event the payload was recognised as; nil when the payload is not JSON.
    public let event: String?
    /// The JSON or decoding error.
    public let underlying: any Error

    public init(event: String?, underlying: any Error) {
        self.event = event
        self.underlying = underlying
    }

    public var description: String {
        let reason = (underlying as? ReceivedEvent.UserInfoError)?.description ?? ErrorSummary.describe(underlying)
        guard let event else { return "EventPayloadError: the payload is not JSON (\(reason))" }
        return "EventPayloadError: the payload of event '\(event)' is not its type (\(reason))"
    }
}

/// A payload as generated `<API>Event` initializers recognise it: its bytes, its JSON and, for a
/// webhook, the request's headers.
@_spi(Generated) public struct ReceivedEvent: Sendable {
    public let body: Data
    public let json: JSONValue
    public let headers: HTTPHeaders

    /// Reads `body` as JSON; throws `EventPayloadError` when it is not.
    public init(body: Data, headers: HTTPHeaders = [:]) throws {
        do {
            json = try JSONCoding.sharedDecoder.decode(JSONValue.self, from: body)
        } catch {
            throw EventPayloadError(event: nil, underlying: error)
        }
        self.body = body
        self.headers = headers
    }

    /// A push notification's user info (what `UNUserNotificationCenter` and
    /// `application(_:didReceiveRemoteNotification:)` hand an app), read as the JSON the notification
    /// carried: keys are text, values are what `JSONSerialization` writes. A key that is not text or a
    /// value JSON cannot hold throws `EventPayloadError`.
    public init(userInfo: [AnyHashable: Any]) throws {
        let object: Any
        do {
            object = try Self.jsonObject(userInfo, depth: 0)
        } catch {
            throw EventPayloadError(event: nil, underlying: error)
        }
        guard JSONSerialization.isValidJSONObject(object) else {
            throw EventPayloadError(event: nil, underlying: UserInfoError.notJSON("a value JSON cannot hold"))
        }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } catch {
            throw EventPayloadError(event: nil, underlying: error)
        }
        try self.init(body: data)
    }

    /// The top-level member `name` of the payload, when it is an object that has one.
    public func field(_ name: String) -> JSONValue? {
        guard case .object(let members) = json else { return nil }
        return members[name]
    }

    /// The first value of header `name` (any case).
    public func header(_ name: String) -> String? { headers[name] }

    /// The payload as `T`, for the recognised event `event`; a payload that is not a `T` throws
    /// `EventPayloadError`.
    public func decode<T: Decodable>(as event: String) throws -> T {
        do {
            return try JSONCoding.sharedDecoder.decode(T.self, from: body)
        } catch {
            throw EventPayloadError(event: event, underlying: error)
        }
    }

    /// The payload as `T` when it is one (an event recognised by its shape), else nil.
    public func decodeIfPossible<T: Decodable>() -> T? {
        try? JSONCoding.sharedDecoder.decode(T.self, from: body)
    }

    /// What a user info holds that JSON cannot.
    enum UserInfoError: Error, CustomStringConvertible {
        case notJSON(String)
        var description: String {
            switch self {
            case .notJSON(let what): return "the user info holds \(what)"
            }
        }
    }

    /// `value` with every dictionary's keys as `String` (user info dictionaries are `[AnyHashable: Any]` at
    /// every level), at most 64 levels deep.
    private static func jsonObject(_ value: Any, depth: Int) throws -> Any {
        guard depth < 64 else { throw UserInfoError.notJSON("more than 64 levels of nesting") }
        if let dictionary = value as? [AnyHashable: Any] {
            var object: [String: Any] = [:]
            for (key, member) in dictionary {
                guard let key = key.base as? String else { throw UserInfoError.notJSON("a key that is not text") }
                object[key] = try jsonObject(member, depth: depth + 1)
            }
            return object
        }
        if let array = value as? [Any] {
            return try array.map { try jsonObject($0, depth: depth + 1) }
        }
        return value
    }
}
