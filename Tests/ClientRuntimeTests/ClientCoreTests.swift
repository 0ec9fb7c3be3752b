@_spi(Generated) import ClientRuntime
import XCTest

private struct Item: Codable, Equatable, Sendable {
    let id: String
    let createdAt: Date
}

/// Records entry and exit so the nesting order of the chain is visible.
private struct TracingMiddleware: ClientMiddleware {
    let name: String
    let log: EventLog

    func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        log.append("\(name)>")
        var request = request
        request.headers.add(name: "X-Trace", value: name)
        var response = try await next(request)
        response.headers.add(name: "X-Trace", value: name)
        log.append("<\(name)")
        return response
    }
}

/// Answers without calling the rest of the chain, as a cache or a fail-fast check would.
private struct ShortCircuitMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        HTTPResponse(status: 203, headers: ["X-Cached": operation.name], body: Data())
    }
}

private struct FailingMiddleware: ClientMiddleware {
    let error: TestFailure

    func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        throw error
    }
}

final class ClientCoreTests: XCTestCase {
    private let base = URL(string: "https://api.example.com/v1")!

    private func core(
        _ transport: RecordingTransport,
        middlewares: [any ClientMiddleware] = [],
        credentials: (any CredentialProvider)? = nil
    ) -> ClientCore {
        ClientCore(
            configuration: ClientConfiguration(
                baseURL: base, transport: transport, middlewares: middlewares, credentials: credentials
            ))
    }

    private func request(_ operation: OperationInfo) throws -> HTTPRequest {
        var builder = RequestBuilder(operation: operation, baseURL: base)
        builder.setPath("id", "7")
        return try builder.build()
    }

    // MARK: Middlewares

    func testFirstMiddlewareIsOutermost() async throws {
        let log = EventLog()
        let transport = RecordingTransport { _ in
            HTTPResponse(status: 200)
        }
        let client = core(transport, middlewares: [TracingMiddleware(name: "A", log: log), TracingMiddleware(name: "B", log: log)])
        let response = try await client.send(request(.test()), operation: .test())
        XCTAssertEqual(log.events, ["A>", "B>", "<B", "<A"])
        XCTAssertEqual(transport.requests.first?.headers.values(for: "X-Trace"), ["A", "B"])
        XCTAssertEqual(response.headers.values(for: "X-Trace"), ["B", "A"])
    }

    func testMiddlewareCanShortCircuit() async throws {
        let log = EventLog()
        let transport = RecordingTransport()
        let client = core(
            transport,
            middlewares: [
                TracingMiddleware(name: "A", log: log), ShortCircuitMiddleware(),
                TracingMiddleware(name: "C", log: log),
            ])
        let response = try await client.send(request(.test()), operation: .test())
        XCTAssertEqual(response.status, 203)
        XCTAssertEqual(response.headers["X-Cached"], "testOperation")
        XCTAssertEqual(log.events, ["A>", "<A"])
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testFailureThrownByMiddlewarePassesThroughUnwrapped() async throws {
        let client = core(RecordingTransport(), middlewares: [FailingMiddleware(error: .response(HTTPResponse(status: 418)))])
        var builder = RequestBuilder(operation: .test("/items"), baseURL: base)
        builder.addQuery("a", 1)
        let error = await assertThrowsAsync { try await client.perform(builder, output: NoContent.self, failure: TestFailure.self) }
        guard case .response(let response) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
        XCTAssertEqual(response.status, 418)
    }

    // MARK: Credentials

    func testCredentialsAreAttachedPerSchemeKind() async throws {
        let credentials = StaticCredentials(["bearerAuth": "tok-1", "apiKey": "key-2", "queryKey": "key 3&", "session": "sid-4"])
        let cases: [(AuthScheme, (HTTPRequest) -> Void)] = [
            (
                AuthScheme(name: "bearerAuth", kind: .bearer),
                { request in
                    XCTAssertEqual(request.headers["Authorization"], "Bearer tok-1")
                }
            ),
            (
                AuthScheme(name: "apiKey", kind: .apiKeyHeader("X-API-Key")),
                { request in
                    XCTAssertEqual(request.headers["x-api-key"], "key-2")
                    XCTAssertNil(request.headers["Authorization"])
                }
            ),
            (
                AuthScheme(name: "queryKey", kind: .apiKeyQuery("api_key")),
                { request in
                    XCTAssertEqual(request.url.absoluteString, "https://api.example.com/v1/items/7?api_key=key%203%26")
                    XCTAssertNil(request.headers["Authorization"])
                }
            ),
            (
                AuthScheme(name: "session", kind: .sessionHeader("X-Session-Id")),
                { request in
                    XCTAssertEqual(request.headers["X-Session-Id"], "sid-4")
                }
            ),
        ]
        for (scheme, check) in cases {
            let transport = RecordingTransport()
            let operation = OperationInfo.test(auth: [scheme])
            _ = try await core(transport, credentials: credentials).send(request(operation), operation: operation)
            let sent = try XCTUnwrap(transport.requests.first)
            check(sent)
        }
    }

    func testQueryCredentialIsAppendedToExistingQuery() async throws {
        let transport = RecordingTransport()
        let operation = OperationInfo.test("/items", auth: [AuthScheme(name: "k", kind: .apiKeyQuery("key"))])
        var builder = RequestBuilder(operation: operation, baseURL: base)
        builder.addQuery("page", 2)
        _ = try await core(transport, credentials: StaticCredentials(["k": "abc"])).send(builder.build(), operation: operation)
        XCTAssertEqual(transport.requests.first?.url.absoluteString, "https://api.example.com/v1/items?page=2&key=abc")
    }

    func testOperationsWithoutAuthGetNoCredentials() async throws {
        let transport = RecordingTransport()
        let operation = OperationInfo.test()
        _ = try await core(transport, credentials: StaticCredentials(["bearerAuth": "tok"])).send(request(operation), operation: operation)
        let sent = try XCTUnwrap(transport.requests.first)
        XCTAssertNil(sent.headers["Authorization"])
        XCTAssertEqual(sent.url.absoluteString, "https://api.example.com/v1/items/7")
    }

    func testFirstSchemeWithACredentialWins() async throws {
        let transport = RecordingTransport()
        let operation = OperationInfo.test(auth: [
            AuthScheme(name: "bearerAuth", kind: .bearer),
            AuthScheme(name: "apiKey", kind: .apiKeyHeader("X-API-Key")),
            AuthScheme(name: "session", kind: .sessionHeader("X-Session")),
        ])
        _ = try await core(transport, credentials: StaticCredentials(["apiKey": "k", "session": "s"]))
            .send(request(operation), operation: operation)
        let sent = try XCTUnwrap(transport.requests.first)
        XCTAssertEqual(sent.headers["X-API-Key"], "k")
        XCTAssertNil(sent.headers["Authorization"])
        XCTAssertNil(sent.headers["X-Session"])
    }

    func testNoProviderOrNoSecretSendsUnauthenticated() async throws {
        let operation = OperationInfo.test(auth: [AuthScheme(name: "bearerAuth", kind: .bearer)])
        for credentials in [nil, StaticCredentials(["other": "x"])] as [(any CredentialProvider)?] {
            let transport = RecordingTransport()
            _ = try await core(transport, credentials: credentials).send(request(operation), operation: operation)
            XCTAssertNil(try XCTUnwrap(transport.requests.first).headers["Authorization"])
        }
    }

    func testMiddlewaresSeeTheAuthorizedRequest() async throws {
        struct Capture: ClientMiddleware {
            let log: EventLog
            func intercept(
                _ request: HTTPRequest, operation: OperationInfo,
                next: @Sendable (HTTPRequest) async throws -> HTTPResponse
            ) async throws -> HTTPResponse {
                log.append(request.headers["Authorization"] ?? "none")
                return try await next(request)
            }
        }
        let log = EventLog()
        let operation = OperationInfo.test(auth: [AuthScheme(name: "bearerAuth", kind: .bearer)])
        _ = try await core(RecordingTransport(), middlewares: [Capture(log: log)], credentials: StaticCredentials(["bearerAuth": "t"]))
            .send(request(operation), operation: operation)
        XCTAssertEqual(log.events, ["Bearer t"])
    }

    func testStaticCredentialsDescriptionHidesSecrets() {
        let credentials = StaticCredentials(["bearerAuth": "super-secret-token", "apiKey": "key-123"])
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [
            credentials.description, credentials.debugDescription, String(describing: credentials),
            String(reflecting: credentials), dumped,
        ] {
            XCTAssertFalse(text.contains("super-secret-token"), text)
            XCTAssertFalse(text.contains("key-123"), text)
        }
        XCTAssertEqual(credentials.description, "StaticCredentials(schemes: [apiKey, bearerAuth])")
    }

    // MARK: perform

    func testPerformDecodesAny2xx() async throws {
        for status in [200, 201, 299] {
            let transport = RecordingTransport { _ in
                HTTPResponse(status: status, body: json(#"{"id":"a/1","createdAt":"2024-05-01T14:30:00.5+02:00"}"#))
            }
            var builder = RequestBuilder(operation: .test(), baseURL: base)
            builder.setPath("id", "a/1")
            let item = try await core(transport).perform(builder, output: Item.self, failure: TestFailure.self)
            XCTAssertEqual(item, Item(id: "a/1", createdAt: Date(timeIntervalSince1970: 1_714_566_600.5)))
            XCTAssertEqual(transport.requests.first?.url.absoluteString, "https://api.example.com/v1/items/a%2F1")
            XCTAssertEqual(transport.requests.first?.headers["Accept"], "application/json")
        }
    }

    func testPerformReturnsNoContentForEmptyOrIgnoredBodies() async throws {
        for body in [Data(), json(#"{"unexpected":true}"#)] {
            let client = core(RecordingTransport { _ in HTTPResponse(status: 204, body: body) })
            var builder = RequestBuilder(operation: .test(method: .delete), baseURL: base)
            builder.setPath("id", "1")
            let result = try await client.perform(builder, output: NoContent.self, failure: TestFailure.self)
            XCTAssertEqual(result, NoContent())
        }
    }

    func testPerformSendsJSONBody() async throws {
        let transport = RecordingTransport { _ in HTTPResponse(status: 201, body: json(#"{"id":"n","createdAt":"2024-05-01T12:30:00Z"}"#)) }
        let builder = RequestBuilder(operation: .test("/items", method: .post), baseURL: base)
        let created = try await core(transport).perform(
            builder, jsonBody: ["id": "n"], output: Item.self, failure: TestFailure.self
        )
        XCTAssertEqual(created.id, "n")
        let sent = try XCTUnwrap(transport.requests.first)
        XCTAssertEqual(sent.method, .post)
        XCTAssertEqual(sent.headers["Content-Type"], "application/json")
        XCTAssertEqual(sent.body, json(#"{"id":"n"}"#))
    }

    func testPerformMapsNon2xxToFailureResponse() async throws {
        for status in [304, 400, 404, 500] {
            let transport = RecordingTransport { _ in
                HTTPResponse(status: status, headers: ["X-Request-Id": "r1"], body: json(#"{"error":{"code":"E\#(status)"}}"#))
            }
            var builder = RequestBuilder(operation: .test(), baseURL: base)
            builder.setPath("id", "1")
            let error = await assertThrowsAsync { try await self.core(transport).perform(builder, output: Item.self, failure: TestFailure.self) }
            guard case .response(let response) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
            XCTAssertEqual(response.status, status)
            XCTAssertEqual(response.headers["x-request-id"], "r1")
            let decoded = ErrorResponse(response, decoding: JSONValue.self)
            XCTAssertEqual(decoded.body?[path: "error.code"]?.scalarText, "E\(status)")
            XCTAssertEqual(decoded.bodyText, #"{"error":{"code":"E\#(status)"}}"#)
        }
    }

    func testPerformMapsThrownTransportErrorsToTransport() async throws {
        struct Boom: Error {}
        let client = core(RecordingTransport { _ in throw Boom() })
        var builder = RequestBuilder(operation: .test(), baseURL: base)
        builder.setPath("id", "1")
        let error = await assertThrowsAsync { try await client.perform(builder, output: Item.self, failure: TestFailure.self) }
        guard case .transport(let underlying) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
        XCTAssertTrue(underlying is Boom)
    }

    func testPerformMapsUndecodableBodyToInvalidResponse() async throws {
        for body in [json(#"{"id":1}"#), json("not json"), Data()] {
            let client = core(RecordingTransport { _ in HTTPResponse(status: 200, body: body) })
            var builder = RequestBuilder(operation: .test(), baseURL: base)
            builder.setPath("id", "1")
            let error = await assertThrowsAsync { try await client.perform(builder, output: Item.self, failure: TestFailure.self) }
            guard case .invalidResponse(let response, let underlying) = error as? TestFailure else {
                return XCTFail("Got \(String(describing: error))")
            }
            XCTAssertEqual(response.body, body)
            XCTAssertTrue(underlying is DecodingError, "\(underlying)")
        }
    }

    func testPerformMapsUnsetPlaceholderToInvalidRequestWithoutSending() async throws {
        let transport = RecordingTransport()
        let builder = RequestBuilder(operation: .test(), baseURL: base)
        let error = await assertThrowsAsync { try await self.core(transport).perform(builder, output: Item.self, failure: TestFailure.self) }
        guard case .invalidRequest(let underlying) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
        XCTAssertEqual(underlying as? RequestBuildError, .missingPathParameter("id"))
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testPerformMapsBodyEncodingFailureToInvalidRequest() async throws {
        let transport = RecordingTransport()
        let builder = RequestBuilder(operation: .test("/items", method: .post), baseURL: base)
        let error = await assertThrowsAsync {
            try await self.core(transport).perform(builder, jsonBody: ["x": Double.nan], output: NoContent.self, failure: TestFailure.self)
        }
        guard case .invalidRequest(let underlying) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
        XCTAssertTrue(underlying is EncodingError, "\(underlying)")
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testCredentialProviderErrorsAreTransportFailures() async throws {
        struct Locked: Error {}
        struct FailingProvider: CredentialProvider {
            func credential(for scheme: AuthScheme) async throws -> String? { throw Locked() }
        }
        let transport = RecordingTransport()
        let operation = OperationInfo.test("/items", auth: [AuthScheme(name: "b", kind: .bearer)])
        let client = core(transport, credentials: FailingProvider())
        let error = await assertThrowsAsync {
            try await client.perform(RequestBuilder(operation: operation, baseURL: self.base), output: NoContent.self, failure: TestFailure.self)
        }
        guard case .transport(let underlying) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
        XCTAssertTrue(underlying is Locked)
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testErrorResponseKeepsRawBodyWhenItDoesNotDecode() {
        struct Problem: Decodable, Sendable, Equatable {
            let code: String
        }
        let response = HTTPResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<h1>Bad gateway</h1>".utf8))
        let error = ErrorResponse(response, decoding: Problem.self)
        XCTAssertEqual(error.status, 502)
        XCTAssertNil(error.body)
        XCTAssertEqual(error.bodyText, "<h1>Bad gateway</h1>")
        XCTAssertEqual(error.headers["content-type"], "text/html")
        // Text that is not JSON cannot be searched for secrets: the description gives its size only.
        XCTAssertEqual(error.description, "HTTP 502: (20 bytes)")
        let decoded = ErrorResponse(HTTPResponse(status: 400, body: json(#"{"code":"X1"}"#)), decoding: Problem.self)
        XCTAssertEqual(decoded.body, Problem(code: "X1"))
    }
}
