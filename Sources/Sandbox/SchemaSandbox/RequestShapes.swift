import Foundation
import PayloadValidation
import SchemaModel

/// The sandbox's handling of requests that are not JSON-in, JSON-out (docs/SchemaLanguage.md, "Bodies
/// that are not JSON"): binary responses and Basic credentials. Form, multipart and raw request bodies
/// are checked with the other problems of a request (RequestProblems.swift).
extension SandboxEngine {
    /// The bytes of a binary response: the example's or sample's base64 text decoded; bytes 0…15 when
    /// it is not base64.
    static func binaryBody(fromJSON data: Data) -> Data {
        if case .string(let text)? = JSON.parse(data), let bytes = Data(base64Encoded: text), !bytes.isEmpty { return bytes }
        return Data(0..<16)
    }

    /// Whether `Authorization: Basic` carries `id:secret` in base64.
    static func hasBasicCredentials(_ request: IncomingRequest) -> Bool {
        guard let value = request.header("authorization") else { return false }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic", let decoded = Data(base64Encoded: String(parts[1])) else { return false }
        return String(decoding: decoded, as: UTF8.self).contains(":")
    }
}
