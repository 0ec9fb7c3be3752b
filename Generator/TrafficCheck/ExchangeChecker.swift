import Foundation
import PayloadValidation
import SchemaModel

/// One problem with a recorded exchange: which part of it (path, query, header, request body, status,
/// response body) and the validator's issue, whose pointer is relative to that part (a parameter's
/// wire name, or a JSON Pointer into the body).
public struct TrafficFinding: Sendable {
    public enum Part: String, Sendable {
        /// The HAR entry itself cannot be read.
        case capture
        /// The exchange matches no operation.
        case route
        case path, query, header, credentials
        case request
        case status
        case response
        /// A declared response header (`responseHeaders:`).
        case responseHeader
        /// A frame of a channel's connection (`_webSocketMessages`); the pointer starts with its index.
        case message
    }

    public let part: Part
    public let issue: ValidationIssue
}

extension TrafficFinding.Part {
    init(_ location: ParameterLocation) {
        switch location {
        case .path: self = .path
        case .query: self = .query
        case .header: self = .header
        }
    }
}

/// The verdict on one exchange.
public struct ExchangeReport: Sendable {
    public enum Kind: String, Sendable {
        /// Matched an operation and was checked.
        case checked
        /// Under a base URL of the API, but no operation has its method and path.
        case noOperation
        /// Not under any base URL: another service's traffic, not checked.
        case otherHost
        /// The HAR entry lacks what an entry must have.
        case unreadable
    }

    public let entry: Int
    public let method: String
    /// The URL path only (never the query, which may hold an API key).
    public let path: String
    public let operation: String?
    public let status: Int?
    public let kind: Kind
    public let findings: [TrafficFinding]

    public var isValid: Bool { !findings.contains { $0.issue.severity == .error } }
}

/// Checks one recorded exchange against the operation it calls, with the validator `schema-check
/// validate` and the sandbox use (`PayloadValidator`): parameters as the sandbox checks a request, and
/// the response body type as generated clients pick it (`OperationDefinition.responseBody(status:in:)`).
public struct ExchangeChecker: Sendable {
    public let schema: Schema
    let validator: PayloadValidator
    /// Parameters, form and multipart bodies, checked as the sandbox checks them.
    let requestValidator: RequestValidator

    public init(schema: Schema, strictEnums: Bool) {
        self.schema = schema
        validator = PayloadValidator(schema: schema, strictEnums: strictEnums)
        requestValidator = RequestValidator(schema: schema, validator: validator)
        envelopeExempt = Set(schema.operationsExemptFromEnvelope)
        credentialNames = Set(
            schema.authSchemes.flatMap { scheme -> [String] in
                switch scheme.kind {
                case .apiKey(_, let name): return [name.lowercased()]
                case .session(_, let header): return [header.lowercased()]
                case .bearer, .basic: return []
                }
            } + ["authorization", "cookie", "proxy-authorization"])
    }

    /// Operations whose 2xx bodies are never failures although the catalogue is an envelope.
    private let envelopeExempt: Set<String>

    /// Header and query names (lowercased) that carry credentials: their values are never quoted.
    private let credentialNames: Set<String>

    /// A channel's opening request (its parameters and credentials, as an operation's), its 101, and each
    /// recorded frame against the channel's `send` or `receive` type: a text frame's JSON, and no binary
    /// frame (channel messages are JSON text).
    func check(_ exchange: HARExchange, channel: ChannelDefinition, pathParameters: [String: String]) -> [TrafficFinding] {
        var findings = check(exchange, operation: channel.handshake, pathParameters: pathParameters)
        for (index, message) in exchange.webSocketMessages.enumerated() {
            let direction = message.sent ? "send" : "receive"
            let type = message.sent ? channel.send : channel.receive
            let prefix = "/\(index)"
            let issues: [ValidationIssue]
            switch message.opcode {
            case 1:
                issues = validate(Array(message.data.utf8), against: type).map { found in
                    var moved = found
                    moved.pointer = prefix + found.pointer
                    moved.message = "\(direction) message: " + found.message
                    return moved
                }
            case 2:
                issues = [
                    issue(
                        .error, .type, prefix, expected: "a JSON text message", found: "a binary frame",
                        "\(direction) message: a binary frame; the messages of channel \(channel.name) are JSON text")
                ]
            default:
                issues = []  // control frames (ping, pong, close) carry no message
            }
            findings += issues.map { TrafficFinding(part: .message, issue: hidingCredentials($0)) }
        }
        return findings
    }

    func check(_ exchange: HARExchange, operation: OperationDefinition, pathParameters: [String: String]) -> [TrafficFinding] {
        var findings: [TrafficFinding] = []
        func add(_ part: TrafficFinding.Part, _ issues: [ValidationIssue]) {
            findings += issues.map { TrafficFinding(part: part, issue: hidingCredentials($0)) }
        }
        let query = TrafficRoutes.queryItems(of: exchange.url)
        for found in requestValidator.parameterIssues(
            of: operation, pathParameters: pathParameters, query: query, headerValues: exchange.requestHeaderValues)
        {
            add(TrafficFinding.Part(found.location), [found.issue])
        }
        add(.credentials, missingCredentials(exchange, query: query, operation: operation))
        add(.request, requestBodyIssues(exchange, operation: operation))
        if exchange.status == 0 {
            add(
                .status,
                [
                    issue(
                        .warning, .type, "", expected: "a response", found: "none",
                        "the capture has no response (the connection closed or the tool recorded none); the response was not checked")
                ])
            return findings
        }
        if isEnvelopeFailure(exchange, operation: operation), let errorBody = schema.errors?.body {
            // `envelope: true`: a 2xx answer carrying a code is a failure, read as the error body.
            add(.response, validate(exchange.responseBody ?? [], against: errorBody) + catalogueIssues(exchange.responseBody ?? [], status: exchange.status))
            return findings
        }
        let (statusIssues, bodyType) = statusCheck(exchange.status, operation: operation)
        add(.status, statusIssues)
        add(.response, responseBodyIssues(exchange, operation: operation, bodyType: bodyType))
        if operation.carriesResponseHeaders(status: exchange.status) {
            // The declared response headers come with a normal answer; an error answer is the catalogue's.
            add(
                .responseHeader,
                ResponseHeaderCheck.problems(of: operation, value: exchange.responseHeader).map { problem in
                    guard let expected = problem.expected else {
                        return issue(
                            .error, .required, "", expected: "a \(problem.header) header", found: "none",
                            "the response has no \(problem.header) header, which the schema declares required")
                    }
                    return issue(
                        .error, .type, "", expected: expected, found: "a value of another form",
                        "the response's \(problem.header) header is not \(expected)")
                })
        }
        return findings
    }

    /// A 2xx answer that a client reads as an error: the catalogue has `envelope: true`, the operation
    /// is not exempt, and the JSON body has a value at the code path.
    private func isEnvelopeFailure(_ exchange: HARExchange, operation: OperationDefinition) -> Bool {
        guard let catalogue = schema.errors, catalogue.envelope, (200...299).contains(exchange.status),
            !envelopeExempt.contains(operation.name), let bytes = exchange.responseBody, !bytes.isEmpty,
            let value = try? bytes.withUnsafeBytes({ try JSONParser.parse($0) })
        else { return false }
        return code(in: value) != nil
    }

    // MARK: Request

    private func missingCredentials(_ exchange: HARExchange, query: [(name: String, value: String)], operation: OperationDefinition) -> [ValidationIssue] {
        guard let expected = requestValidator.missingCredentials(of: operation, query: query, headerValues: exchange.requestHeaderValues) else { return [] }
        return [
            issue(
                .error, .required, "", expected: expected, found: "no credentials",
                "the operation needs \(expected); the request has \(operation.hasCombinedAuth ? "no complete one of them" : "none")")
        ]
    }

    private func requestBodyIssues(_ exchange: HARExchange, operation: OperationDefinition) -> [ValidationIssue] {
        let sent = exchange.requestBody ?? []
        if let requestStream = operation.requestStream {
            return requestStreamIssues(exchange, sent: sent, stream: requestStream)
        }
        guard let body = operation.body else {
            guard !sent.isEmpty else { return [] }
            return [
                issue(
                    .warning, .type, "", expected: "no body", found: "\(sent.count) bytes",
                    "\(operation.name) has no request body in the schema; the request sent \(sent.count) bytes")
            ]
        }
        let mediaType = body.encoding.mediaType(contentType: body.contentType)
        var issues: [ValidationIssue] = []
        if let contentType = exchange.requestHeaderValues("Content-Type").first, !Self.sameMediaType(contentType, mediaType) {
            issues.append(
                issue(
                    .error, .type, "", expected: "Content-Type \(mediaType)", found: "Content-Type \(Self.mediaType(of: contentType))",
                    "expected a \(mediaType) body, the request says Content-Type \(Self.mediaType(of: contentType))"))
        }
        // A raw body is checked by its content type only; a form or multipart body of another content
        // type is not read as one (the sandbox answers such a request with the content type alone).
        if body.encoding == .raw || (body.encoding != .json && !issues.isEmpty) { return issues }
        if exchange.requestBody == nil, exchange.requestBodySize > 0 {
            issues.append(
                issue(
                    .warning, .required, "", expected: "a \(mediaType) body of type \(body.type)", found: "no body text in the capture",
                    "the capture has no request body text; the body was not checked"))
            return issues
        }
        // Form and multipart fields are text on the wire: checked member by member with the parameter
        // rules, as the sandbox checks them (RequestValidator).
        switch body.encoding {
        case .raw:
            return issues
        case .form:
            return issues + requestValidator.formBodyIssues(Data(sent), of: body)
        case .multipart:
            return issues + requestValidator.multipartBodyIssues(Data(sent), contentType: exchange.requestHeaderValues("Content-Type").first ?? "", of: body)
        case .json:
            break
        }
        if sent.isEmpty {
            issues.append(
                issue(
                    .error, .required, "", expected: "a JSON body of type \(body.type)", found: "an empty body",
                    "a JSON body of type \(body.type) is required, the request has none"))
        } else {
            issues += validate(sent, against: body.type)
        }
        return issues
    }

    // MARK: Response

    /// Whether the schema expects `status` for this operation, and the body type a client reads then.
    private func statusCheck(_ status: Int, operation: OperationDefinition) -> ([ValidationIssue], TypeReference?) {
        var declared: [StatusPattern] = [.exact(operation.successStatus)]
        if let outcomes = operation.outcomes {
            declared = []
            for outcome in outcomes where !declared.contains(outcome.status) { declared.append(outcome.status) }
        }
        let body = operation.responseBody(status: status, in: schema)
        if declared.contains(where: { $0.matches(status) }) || status >= 400 {
            return ([], body)
        }
        let list = declared.map(\.text).joined(separator: ", ")
        return (
            [
                issue(
                    .error, .type, "", expected: "status \(list) or an error status", found: "status \(status)",
                    "\(operation.name) answers \(list) in the schema (or an error status), the response has \(status)")
            ], body
        )
    }

    private func responseBodyIssues(_ exchange: HARExchange, operation: OperationDefinition, bodyType: TypeReference?) -> [ValidationIssue] {
        let status = exchange.status
        if (200...299).contains(status), let contentType = operation.responseContentType {
            guard let got = exchange.responseHeader("Content-Type") ?? exchange.responseMimeType, !Self.sameMediaType(got, contentType) else { return [] }
            return [
                issue(
                    .error, .type, "", expected: "Content-Type \(contentType)", found: "Content-Type \(Self.mediaType(of: got))",
                    "expected a \(contentType) body, the response says Content-Type \(Self.mediaType(of: got))")
            ]
        }
        if (200...299).contains(status), let stream = operation.stream, let bytes = exchange.responseBody {
            return streamIssues(bytes, stream: stream)
        }
        guard let bodyType else {
            let size = exchange.responseBody?.count ?? exchange.responseBodySize
            guard size > 0, (200...299).contains(status) else { return [] }
            return [
                issue(
                    .warning, .type, "", expected: "no body", found: "\(size) bytes",
                    "the schema has no response body for \(operation.name) with status \(status); the response has \(size) bytes")
            ]
        }
        guard let bytes = exchange.responseBody, !(bytes.isEmpty && exchange.responseBodySize > 0) else {
            if exchange.responseBodySize > 0 {
                return [
                    issue(
                        .warning, .required, "", expected: "a JSON body of type \(bodyType)", found: "no body text in the capture",
                        "the capture has no response body text (\(exchange.responseBodySize) bytes were not recorded); the body was not checked")
                ]
            }
            return [
                issue(
                    .error, .required, "", expected: "a JSON body of type \(bodyType)", found: "an empty body",
                    "expected a JSON body of type \(bodyType), the response has none")
            ]
        }
        if bytes.isEmpty {
            return [
                issue(
                    .error, .required, "", expected: "a JSON body of type \(bodyType)", found: "an empty body",
                    "expected a JSON body of type \(bodyType), the response has none")
            ]
        }
        var issues = validate(bytes, against: bodyType)
        if status >= 400, issues.isEmpty {
            issues += catalogueIssues(bytes, status: status)
        }
        return issues
    }

    /// An error body whose code no catalogue case has: generated clients report it as an undocumented
    /// error, so it is a warning.
    private func catalogueIssues(_ bytes: [UInt8], status: Int) -> [ValidationIssue] {
        guard let catalogue = schema.errors, let codePath = catalogue.codePath,
            let value = try? bytes.withUnsafeBytes({ try JSONParser.parse($0) }), let code = code(in: value)
        else { return [] }
        let known = catalogue.cases.contains { errorCase in
            if errorCase.code == code { return true }
            switch errorCase.family {
            case .prefix(let prefix)?: return code.hasPrefix(prefix)
            case .pattern?: return true  // checked by the generated matcher; not second-guessed here
            case nil: return errorCase.code == nil && errorCase.status == status
            }
        }
        guard !known else { return [] }
        let pointer = JSONPointer.string(FieldPath(codePath).keys)
        return [
            issue(
                .warning, .enumValue, pointer, expected: "a code of the error catalogue", found: "code \"\(code)\"",
                "error code \"\(code)\" (status \(status)) is not in the error catalogue; generated clients report it as undocumented",
                rule: catalogue.bodyLocation)
        ]
    }

    /// The error code at the catalogue's code path (`code`, `error.code`), as text.
    private func code(in body: JSON) -> String? {
        guard let codePath = schema.errors?.codePath else { return nil }
        switch body.value(at: FieldPath(codePath)) {
        case .string(let text)?: return text
        case .number(let text)?: return text
        default: return nil
        }
    }

    // MARK: Helpers

    func validate(_ bytes: [UInt8], against type: TypeReference) -> [ValidationIssue] {
        if bytes.prefix(8192).contains(0) {
            return [issue(.error, .syntax, "", expected: "JSON", found: "binary data", "not JSON: the body is binary (it contains NUL bytes)")]
        }
        return validator.validate(data: Data(bytes), against: type)
    }

    private func hidingCredentials(_ issue: ValidationIssue) -> ValidationIssue {
        guard let first = issue.pointer.split(separator: "/").first, credentialNames.contains(JSONPointer.unescape(String(first)).lowercased()) else {
            return issue
        }
        return issue.hidingSecretValues([JSONPointer.unescape(String(first))])
    }

    func issue(
        _ severity: ValidationIssue.Severity, _ kind: ValidationIssue.Kind, _ pointer: String, expected: String, found: String,
        _ message: String, rule: SourceLocation? = nil
    ) -> ValidationIssue {
        ValidationIssue(severity: severity, kind: kind, pointer: pointer, expected: expected, found: found, message: message, rule: rule)
    }

    /// `application/json; charset=utf-8` -> `application/json`.
    static func mediaType(of contentType: String) -> String {
        String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Same media type; `application/problem+json` and the like count as JSON, a multipart boundary is ignored.
    static func sameMediaType(_ contentType: String, _ expected: String) -> Bool {
        let got = mediaType(of: contentType)
        let want = mediaType(of: expected)
        if got == want { return true }
        if want == "application/json" { return got.hasSuffix("+json") }
        if want.hasSuffix("/*") { return got.hasPrefix(want.dropLast()) }
        return false
    }
}
