import SchemaModel

/// The values the sandbox sends for an operation's declared response headers (`responseHeaders:`) on
/// its success answers: one fixed, valid value per type, so a generated client's `…WithHeaders`
/// method reads every header, required or optional, over HTTP.
enum ResponseHeaderValues {
    /// An HTTP-date, as `Last-Modified` and `Expires` write dates.
    static let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    /// Headers that frame the message (`Content-Length`, SwiftPM's registry declares it): the server sets
    /// them from the body it sends, and a made-up value would make the client wait for bytes that never come.
    static let framing: Set<String> = ["content-length", "transfer-encoding", "connection", "content-encoding"]

    static func headers(of operation: OperationDefinition) -> [(String, String)] {
        operation.responseHeaders.compactMap { field in
            guard !framing.contains(field.wireName.lowercased()) else { return nil }
            guard case .primitive(let primitive) = field.type, let value = value(of: primitive) else { return nil }
            return (field.wireName, value)
        }
    }

    /// nil for a type a header cannot be read as (the validator reports it).
    static func value(of primitive: Primitive) -> String? {
        switch primitive {
        case .string: return "sandbox"
        case .email: return "sandbox@example.com"
        case .bool: return "true"
        case .int, .int32, .int64: return "42"
        case .double: return "0.5"
        case .uuid: return "6bac7eea-c120-428d-beb6-910c6f290434"
        case .uri: return "https://sandbox.example/resource"
        case .dateTime: return date
        case .decimal, .date, .base64, .binary, .json: return nil
        }
    }
}
