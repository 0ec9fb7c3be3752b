import Foundation
import PayloadValidation
import SchemaModel

/// The sandbox's handling of requests that are not JSON-in, JSON-out: form, multipart and raw bodies,
/// binary responses, object-valued query parameters (docs/SchemaLanguage.md, "Bodies that are not JSON").
/// The checks are `RequestShapeValidator`'s (Generator/PayloadValidation), which `schema-check traffic`
/// runs on recorded requests too; here their errors become the sandbox's problem lines.
extension RequestValidator {
    private var shapes: RequestShapeValidator { RequestShapeValidator(schema: schema, validator: validator) }

    /// Problems of an object-valued query parameter: a map's values against the value type, a struct's
    /// members against their fields (required ones present, no unknown ones).
    func queryObjectProblems(_ field: Field, query: [(name: String, value: String)], operation: SchemaOperation) -> [String] {
        lines(shapes.queryObjectIssues(field, query: query, operation: operation), place: "query parameter")
    }

    /// Problems of a non-JSON body against the operation's body.
    func nonJSONBodyProblems(_ request: IncomingRequest, body: SchemaOperation.Body) -> [String] {
        let mediaType = (request.header("content-type") ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let expected = body.encoding.mediaType(contentType: body.contentType).lowercased()
        guard mediaType == expected else {
            return ["body: Content-Type must be \(expected), found '\(mediaType)'"]
        }
        switch body.encoding {
        case .json:
            return []
        case .raw:
            return request.body.isEmpty ? ["body: the \(expected) body is empty"] : []
        case .form:
            return lines(shapes.formBodyIssues(request.body, of: body.type), place: "body")
        case .multipart:
            return lines(shapes.multipartBodyIssues(request.body, contentType: request.header("content-type") ?? "", of: body), place: "body")
        }
    }

    /// `place pointer: message` for each error (`place: message` for the whole body).
    private func lines(_ issues: [ValidationIssue], place: String) -> [String] {
        issues.filter { $0.severity == .error }.map { "\(place)\($0.pointer.isEmpty ? "" : " " + $0.pointer): \($0.message)" }
    }
}

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
