import Foundation

/// What generated code needs to map a response of an operation with several outcomes (`responses:` in
/// the schema) to one of them: the body as JSON for `where` conditions, the typed body, and the error
/// for a status the operation does not declare.
@_spi(Generated) public enum OutcomeMatching {
    /// The body as JSON, for conditions such as `rtCode == "0000"`; nil when it is empty or not JSON.
    public static func json(in response: HTTPResponse) -> JSONValue? {
        guard !response.body.isEmpty else { return nil }
        return try? JSONCoding.makeDecoder().decode(JSONValue.self, from: response.body)
    }

    /// The JSON body decoded as `Output`; an empty or mismatched body is `Failure.invalidResponse`.
    public static func body<Output: Decodable, Failure: APIFailure>(of response: HTTPResponse, failure: Failure.Type) throws -> Output {
        do {
            guard !response.body.isEmpty else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [],
                        debugDescription: "Expected a JSON body for \(Output.self), but the response body is empty."
                    ))
            }
            return try JSONCoding.sharedDecoder.decode(Output.self, from: response.body)
        } catch {
            throw Failure.invalidResponse(response, error)
        }
    }

    /// The error for a response no declared outcome matches: an error status is matched against the
    /// catalogue as usual; a 2xx the operation does not declare is `invalidResponse`.
    public static func undeclared<Failure: APIFailure>(_ response: HTTPResponse, operation: OperationInfo, failure: Failure.Type) -> Failure {
        guard response.isSuccess else { return Failure(response: response, operation: operation) }
        return Failure.invalidResponse(response, UndeclaredOutcome(operation: operation.name, status: response.status))
    }
}

/// A success status, or a body, that none of an operation's declared outcomes describes.
public struct UndeclaredOutcome: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation's name in the schema.
    public let operation: String
    /// The status received.
    public let status: Int

    /// Creates the error for `operation`'s `status`.
    public init(operation: String, status: Int) {
        self.operation = operation
        self.status = status
    }

    public var description: String {
        "\(operation) answered HTTP \(status), which matches none of its declared outcomes."
    }
}
