import Foundation

/// Builds one `HTTPRequest` from an operation's parameters; generated operation methods fill one in and
/// hand it to `ClientCore.perform`.
///
/// All escaping happens here, so generated code never concatenates URLs: each path value becomes exactly
/// one segment and query names and values are encoded strictly, whatever characters they contain.
@_spi(Generated) public struct RequestBuilder: Sendable {
    /// The operation being called.
    public let operation: OperationInfo
    /// The URL the operation's path is appended to; its own path (e.g. `/api/v1`) is kept.
    public let baseURL: URL

    /// Path values, already encoded as single segments.
    private var pathSegments: [String: String] = [:]
    /// Query items in the order added, not yet encoded.
    private var queryItems: [(name: String, value: String)] = []
    private var headers = HTTPHeaders()
    private var body: Data?
    private var bodyStream: RequestBodyStream?
    /// Set for operations whose whole URL is a call argument (a pre-signed upload URL); replaces
    /// `baseURL` and the path template.
    private var absoluteURL: URL?
    /// A parameter that could not be encoded when it was added; `build()` throws it.
    private var deferredError: RequestBuildError?

    /// Starts a request for `operation` against `baseURL`.
    public init(operation: OperationInfo, baseURL: URL) {
        self.operation = operation
        self.baseURL = baseURL
    }

    /// Fills the `{name}` placeholder of the path template with `value`, encoded as one segment.
    public mutating func setPath(_ name: String, _ value: some ParameterEncodable) {
        pathSegments[name] = PercentEncoding.encodePathSegment(value.parameterValue)
    }

    /// Appends the query item `name=value`; a `nil` value is omitted.
    public mutating func addQuery(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        queryItems.append((name: name, value: value.parameterValue))
    }

    /// Appends one `name=value` item per element (`sort=a&sort=b`); `nil` or empty adds nothing.
    public mutating func addQuery(_ name: String, _ values: [some ParameterEncodable]?) {
        for value in values ?? [] {
            queryItems.append((name: name, value: value.parameterValue))
        }
    }

    /// Appends an object-valued parameter (a `[String: T]` map or a struct) in `style`: `form` writes each
    /// scalar member as its own item (`status=x`; members flattened by the `FlatFields` rules: sorted by
    /// name, `nil` left out, arrays repeated), `deepObject` as `name[key]=value` nested to any depth
    /// (`filter[price][gte]=10`, `filter[tags][0]=a`; `FlatFields.bracketedPairs`). Items are then
    /// percent-encoded strictly like every query item; `nil` adds nothing. A value that cannot be
    /// flattened makes `build()` throw `RequestBuildError.unflattenableValue`.
    public mutating func addQueryObject(_ name: String, _ value: (some Encodable)?, style: QueryObjectStyle) {
        guard let value else { return }
        do {
            switch style {
            case .form: queryItems += try FlatFields.pairs(of: value)
            case .deepObject: queryItems += try FlatFields.bracketedPairs(of: value, prefix: name)
            }
        } catch {
            deferredError = (error as? RequestBuildError) ?? .unflattenableValue(member: name)
        }
    }

    /// Sends the request to `url` instead of `baseURL` plus the path template: for operations whose URL
    /// comes from an earlier response. The URL is kept exactly as given (a pre-signed query stays intact);
    /// `build()` throws `RequestBuildError.invalidAbsoluteURL` unless it is an absolute http(s) URL with a
    /// host and without user info. `ClientCore` attaches credentials only when its origin is the base
    /// URL's.
    public mutating func setAbsoluteURL(_ url: URL) {
        absoluteURL = url
    }

    /// Sends `stream` as the body, as it is produced, with `Content-Type: contentType`.
    public mutating func setBodyStream(_ stream: RequestBodyStream, contentType: String) {
        body = nil
        bodyStream = stream
        headers["Content-Type"] = contentType
    }

    /// Sets the body to `data` as it is, with `Content-Type: contentType`.
    public mutating func setRawBody(_ data: Data, contentType: String) {
        body = data
        headers["Content-Type"] = contentType
    }

    /// Encodes `value` as `application/x-www-form-urlencoded` (`FormURLEncoding`), members flattened by
    /// the `FlatFields` rules, or nested in brackets (`card[number]=4242`, `items[0][price]=p_1`) by the
    /// `FlatFields.bracketedPairs` rules when `nested` (a form body with `style: deepObject`).
    public mutating func setFormBody(_ value: some Encodable & Sendable, nested: Bool = false) throws {
        body = FormURLEncoding.encode(nested ? try FlatFields.bracketedPairs(of: value, prefix: nil) : try FlatFields.pairs(of: value))
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    }

    /// Encodes `value` as `multipart/form-data` with a fresh random boundary. Members are flattened by
    /// the `FlatFields` rules into text parts, except those named in `files` (wire name: content type),
    /// which hold `Data` and become file parts with their bytes, the member name as file name and the
    /// given content type, and those named in `jsonParts` (objects, lists of objects), each one part
    /// holding the member's JSON (shared encoder, keys sorted) with `Content-Type: application/json`,
    /// as OpenAPI sends a complex property of a multipart body. A `nil` member sends no part.
    public mutating func setMultipartBody(_ value: some Encodable & Sendable, files: [String: String], jsonParts: Set<String> = []) throws {
        let json = try JSONCoding.makeDecoder().decode(JSONValue.self, from: JSONCoding.makeEncoder().encode(value))
        guard case .object(let members) = json else { throw RequestBuildError.unflattenableValue(member: "") }
        var parts: [MultipartFormData.Part] = []
        // One member at a time, in the order of their names' code points, so parts keep `FlatFields`' order.
        for name in members.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            let member = members[name]!
            if jsonParts.contains(name) {
                if member != .null {
                    parts.append(MultipartFormData.Part(name: name, data: try JSONCoding.makeEncoder().encode(member), contentType: "application/json"))
                }
                continue
            }
            parts += try FlatFields.pairs(of: JSONValue.object([name: member])).map { pair -> MultipartFormData.Part in
                guard let contentType = files[pair.name] else {
                    return MultipartFormData.Part(name: pair.name, data: Data(pair.value.utf8))
                }
                // `Data` members come out of the JSON encoder as base64.
                guard let bytes = Data(base64Encoded: pair.value) else { throw RequestBuildError.unflattenableValue(member: pair.name) }
                return MultipartFormData.Part(name: pair.name, data: bytes, filename: pair.name, contentType: contentType)
            }
        }
        let boundary = MultipartFormData.makeBoundary()
        body = MultipartFormData.encode(parts, boundary: boundary)
        headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
    }

    /// Sets (replacing) the header `name`; `nil` removes it.
    public mutating func setHeader(_ name: String, _ value: (some ParameterEncodable)?) {
        headers[name] = value?.parameterValue
    }

    /// Encodes `value` with the shared JSON encoder as the body and sets `Content-Type: application/json`.
    ///
    /// Throws the encoder's error; use `ClientCore.perform(_:jsonBody:output:failure:)` to have it reported
    /// as the client's `invalidRequest` failure instead.
    public mutating func setJSONBody(_ value: some Encodable & Sendable) throws {
        body = try JSONCoding.makeEncoder().encode(value)
        headers["Content-Type"] = "application/json"
    }

    /// The finished request, with `Accept: application/json` unless a header parameter set `Accept`.
    ///
    /// - Throws: `RequestBuildError` when a placeholder was never set or set empty, the template is
    ///   malformed, a header value contains control characters, or no valid URL results.
    public func build() throws -> HTTPRequest {
        if let deferredError { throw deferredError }
        var headers = headers
        for (name, value) in headers where value.unicodeScalars.contains(where: Self.isForbiddenInHeader) {
            throw RequestBuildError.invalidHeaderValue(name: name)
        }
        if !headers.contains("Accept") {
            headers["Accept"] = "application/json"
        }
        return HTTPRequest(
            method: operation.method, url: try url(), headers: headers, body: body,
            secretNames: operation.secretNames, bodyStream: bodyStream)
    }

    private func url() throws -> URL {
        if let absoluteURL { return try Self.checkedAbsoluteURL(absoluteURL, appending: queryItems) }
        var path = try expandedPath()
        if !path.hasPrefix("/") { path = "/" + path }

        // Composed as text rather than through URLComponents setters, which trap on Apple platforms when
        // given a string they consider badly encoded; `URL(string:)` fails gracefully instead.
        var base = baseURL.absoluteString
        if let fragmentStart = base.firstIndex(of: "#") { base = String(base[..<fragmentStart]) }
        var query: [String] = []
        if let queryStart = base.firstIndex(of: "?") {
            let baseQuery = base[base.index(after: queryStart)...]
            if !baseQuery.isEmpty { query.append(String(baseQuery)) }
            base = String(base[..<queryStart])
        }
        while base.hasSuffix("/") { base.removeLast() }
        query += queryItems.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }

        let text = base + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        guard let url = URL(string: text) else { throw RequestBuildError.invalidURL }
        return url
    }

    private func expandedPath() throws -> String {
        let template = operation.pathTemplate
        var path = ""
        var remainder = template[...]
        while let open = remainder.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard remainder[open] == "{",
                let close = remainder[open...].firstIndex(of: "}")
            else { throw RequestBuildError.malformedPathTemplate(template) }
            path += PercentEncoding.encodePathLiteral(remainder[..<open])
            let name = String(remainder[remainder.index(after: open)..<close])
            guard !name.contains("{") else { throw RequestBuildError.malformedPathTemplate(template) }
            guard let segment = pathSegments[name] else { throw RequestBuildError.missingPathParameter(name) }
            guard !segment.isEmpty else { throw RequestBuildError.emptyPathParameter(name) }
            path += segment
            remainder = remainder[remainder.index(after: close)...]
        }
        return path + PercentEncoding.encodePathLiteral(remainder)
    }

    private static func checkedAbsoluteURL(_ url: URL, appending items: [(name: String, value: String)]) throws -> URL {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.user == nil, url.password == nil
        else { throw RequestBuildError.invalidAbsoluteURL }
        guard !items.isEmpty else { return url }
        var text = url.absoluteString
        var fragment = ""
        if let fragmentStart = text.firstIndex(of: "#") {
            fragment = String(text[fragmentStart...])
            text = String(text[..<fragmentStart])
        }
        text += (text.contains("?") ? "&" : "?") + items.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
        guard let result = URL(string: text + fragment) else { throw RequestBuildError.invalidURL }
        return result
    }

    private static func isForbiddenInHeader(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
