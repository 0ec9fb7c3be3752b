import Foundation

/// How `ClientCore.perform(_:body:encoding:output:failure:options:)` writes an `Encodable` body.
@_spi(Generated) public enum RequestBodyEncoding: Sendable, Hashable {
    /// `application/json` with the shared encoder.
    case json
    /// `application/x-www-form-urlencoded` (`FormURLEncoding`), a flat struct of scalars.
    case form
    /// `application/x-www-form-urlencoded` with members nested in brackets (`card[number]=4242`,
    /// `items[0][price]=p_1`): a form body with `style: deepObject` (`FlatFields.bracketedPairs`).
    case deepObjectForm
    /// `multipart/form-data` (`MultipartFormData`); `files` maps the wire names of `Data` members to the
    /// content type of their file part; the members named in `jsonParts` (objects, lists of objects) are
    /// parts of their own holding the member's JSON, with `Content-Type: application/json`.
    case multipart(files: [String: String], jsonParts: Set<String> = [])
}

/// An `Output` that `ClientCore.perform` builds from the raw response instead of decoding JSON.
@_spi(Generated) public protocol RawResponseBody {
    /// The value for a successful `response`.
    init(response: HTTPResponse)
}

/// The body of a binary download (an image, a PDF), as the server sent it.
public struct BinaryResponse: Decodable, Sendable, Hashable {
    /// The bytes of the body, unchanged.
    public var data: Data
    /// The response's `Content-Type`, if it had one.
    public var contentType: String?

    /// Takes the body and content type of `response`.
    public init(response: HTTPResponse) {
        data = response.body
        contentType = response.headers["Content-Type"]
    }

    /// Never used: binary responses are not JSON. Present because `perform` requires `Decodable`.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "A binary response is not decoded from JSON."))
    }
}

// The conformance is SPI like the protocol: only `ClientCore.perform`, called by generated code, asks for it.
@_spi(Generated) extension BinaryResponse: RawResponseBody {}

/// HTTP Basic credentials (RFC 7617) for an auth scheme of kind `.basic`.
public enum BasicCredentials {
    /// The secret a `CredentialProvider` returns for a Basic scheme: `id:secret`, which the client sends
    /// as `Authorization: Basic base64(id:secret)` (UTF-8).
    ///
    /// - Throws: `RequestBuildError.invalidCredential` when `id` contains a `:` (the server would split
    ///   it there) or either part contains a control character.
    public static func secret(id: String, secret: String, scheme: String = "basic") throws -> String {
        let hasControl = (id + secret).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard !id.contains(":"), !hasControl else { throw RequestBuildError.invalidCredential(scheme: scheme) }
        return id + ":" + secret
    }
}

/// Why a base URL supplied at run time (an environment like `url: "{serverUrl}"`, `"{server}/api/v2"` or
/// `"{protocol}://{hostname}"`) was refused.
/// Descriptions never repeat the URL: it may carry credentials.
public enum BaseURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a URL at all, or without a host.
    case notAnAbsoluteURL
    /// A scheme other than http or https.
    case unsupportedScheme(String)
    /// A query or fragment, which requests could not keep apart from their own.
    case hasQueryOrFragment
    /// `user:password@` in the URL, which would be sent to every request's host.
    case hasUserInfo

    /// A human-readable explanation.
    public var description: String {
        switch self {
        case .notAnAbsoluteURL: "The server URL must be absolute, like https://api.example.com/v1."
        case .unsupportedScheme(let scheme): "The server URL must use http or https, not '\(scheme)'."
        case .hasQueryOrFragment: "The server URL must not have a query ('?') or fragment ('#')."
        case .hasUserInfo: "The server URL must not contain a user name or password."
        }
    }
}

@_spi(Generated) extension URLTemplate {
    /// A base URL given whole at run time, checked: absolute `http` or `https` with a host, no user info,
    /// no query, no fragment. Surrounding whitespace is ignored.
    public static func baseURL(validating text: String) throws(BaseURLError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme else { throw .notAnAbsoluteURL }
        guard ["http", "https"].contains(scheme.lowercased()) else { throw .unsupportedScheme(scheme) }
        guard let host = url.host, !host.isEmpty else { throw .notAnAbsoluteURL }
        guard url.user == nil, url.password == nil else { throw .hasUserInfo }
        guard url.query == nil, url.fragment == nil, !trimmed.contains("?"), !trimmed.contains("#") else { throw .hasQueryOrFragment }
        return url
    }

    /// `template` expanded with `values` (`expandedText`), then checked like `baseURL(validating:)`: for an
    /// environment whose variables make up the scheme or the origin, which only the values given at run
    /// time complete.
    public static func baseURL(expanding template: String, _ values: [String: String]) throws(BaseURLError) -> URL {
        try baseURL(validating: expandedText(template, values))
    }
}
