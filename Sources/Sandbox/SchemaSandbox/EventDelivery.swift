import ClientRuntime
import Foundation
import SchemaModel

/// Why the sandbox cannot deliver an event.
public enum SandboxEventError: Error, Equatable, CustomStringConvertible {
    /// The schema declares no event of that name.
    case unknownEvent(String)
    /// The event arrives by push: there is no request to make (an app receives it from APNs or FCM).
    case notAWebhook(String)

    public var description: String {
        switch self {
        case .unknownEvent(let name): return "the schema declares no event '\(name)'"
        case .notAWebhook(let name): return "event '\(name)' arrives by push, not as a webhook request"
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, *)
extension SandboxServer {
    /// What the API sends for event `name` (`events:`): `Content-Type: application/json`, a value for each
    /// declared header of a webhook (the same fixed values as response headers) and the recognising
    /// header's value; and the payload, `payload` if given, else the payload type's example or a
    /// synthesized value, with a recognising field set to the event's value. A push event has no headers:
    /// its body is what the notification's user info holds.
    public func eventDelivery(for name: String, payload: JSON? = nil) throws -> (headers: HTTPHeaders, body: Data) {
        guard let event = schema.events.first(where: { $0.name == name }) else { throw SandboxEventError.unknownEvent(name) }
        var body = payload ?? engine.factory.sample(of: event.payload)
        if case .field(let field, _) = event.recognition, let value = schema.recognisingValue(of: event) {
            body.set(value, at: FieldPath(keys: [field]))
        }
        guard case .webhook(let webhook) = event.delivery else { return ([:], body.data) }
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        for field in webhook.headers {
            guard case .primitive(let primitive) = field.type, let value = ResponseHeaderValues.value(of: primitive) else { continue }
            headers[field.wireName] = value
        }
        if case .header(let header, let value) = event.recognition { headers[header] = value }
        return (headers, body.data)
    }

    /// The request the sandbox makes for webhook event `name` to a receiver at `url`: the event's method,
    /// `url` followed by the event's path, and `eventDelivery(for:payload:)`'s headers and body.
    public func webhookRequest(for name: String, to url: URL, payload: JSON? = nil) throws -> HTTPRequest {
        guard let event = schema.events.first(where: { $0.name == name }) else { throw SandboxEventError.unknownEvent(name) }
        guard case .webhook(let webhook) = event.delivery else { throw SandboxEventError.notAWebhook(name) }
        let delivery = try eventDelivery(for: name, payload: payload)
        var target = url
        if let path = webhook.path {
            target = URL(string: url.absoluteString.trimmingSuffix("/") + path) ?? url
        }
        return HTTPRequest(method: HTTPMethod(rawValue: webhook.method) ?? .post, url: target, headers: delivery.headers, body: delivery.body)
    }

    /// Delivers webhook event `name` to a receiver at `url` (a test's server on 127.0.0.1): sends
    /// `webhookRequest(for:to:payload:)` and returns the receiver's answer.
    public func deliverEvent(
        _ name: String, to url: URL, payload: JSON? = nil, transport: any HTTPTransport = URLSessionTransport()
    ) async throws -> HTTPResponse {
        try await transport.send(try webhookRequest(for: name, to: url, payload: payload))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
