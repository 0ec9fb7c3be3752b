import Foundation
import PayloadValidation
import SchemaModel

/// The sandbox's handling of requests that are not JSON-in, JSON-out (docs/SchemaLanguage.md, "Bodies
/// that are not JSON"): binary responses. Form, multipart and raw request bodies are checked with the
/// other problems of a request (RequestProblems.swift), Basic credentials with the others by
/// `RequestValidator.missingCredentials`.
extension SandboxEngine {
    /// The bytes of a binary response: the example's or sample's base64 text decoded; bytes 0…15 when
    /// it is not base64.
    static func binaryBody(fromJSON data: Data) -> Data {
        if case .string(let text)? = JSON.parse(data), let bytes = Data(base64Encoded: text), !bytes.isEmpty { return bytes }
        return Data(0..<16)
    }

}
