@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

final class LoggingMiddlewareTests: XCTestCase {
    private static let secrets = [
        "static-secret", "old-secret", "refreshed-secret", "refresh-token-secret",
        "body-secret", "response-secret", "query-secret", "key-secret",
    ]

    func testLogShowsRequestRetryAndRefreshButNoSecret() async throws {
        let attempts = Counter()
        let server = try TestHTTPServer { request in
            let attempt = attempts.increment()
            if attempt == 1 { return .json(503, #"{"error":"busy"}"#) }
            guard request.headers["authorization"] == "Bearer refreshed-secret" else {
                return .json(401, #"{"error":"expired","accessToken":"response-secret"}"#)
            }
            return .json(200, #"{"value":"ok","accessToken":"response-secret","session":{"id":"response-secret"}}"#)
        }
        defer { server.shutdown() }
        let log = LogRecorder()
        let bearer = AuthScheme(name: "bearer", kind: .bearer)
        let store = InMemoryTokenStore(TokenSet(accessToken: "old-secret", refreshToken: "refresh-token-secret"))
        let client = makeCore(
            server.baseURL,
            middlewares: [
                LoggingMiddleware(logger: log.logger, includeBodies: true),
                RetryMiddleware(sleep: { _ in }, logger: log.logger),
                BearerTokenMiddleware(
                    scheme: bearer, store: store,
                    refresh: { tokens in
                        TokenSet(accessToken: "refreshed-secret", refreshToken: tokens.refreshToken)
                    }, logger: log.logger),
            ], credentials: StaticCredentials(["bearer": "static-secret"]))
        let operation = OperationInfo(
            name: "createSession", method: .post, pathTemplate: "/sessions", successStatus: 200,
            auth: [bearer], idempotencyKeyHeader: "Idempotency-Key")

        var builder = RequestBuilder(operation: operation, baseURL: server.baseURL)
        builder.addQuery("api_key", "query-secret")
        builder.addQuery("page", 2)
        builder.setHeader("Idempotency-Key", "key-secret")
        struct Body: Encodable, Sendable {
            let accessToken: String
            let name: String
            let password: String
        }
        let message = try await client.perform(
            builder,
            jsonBody: Body(
                accessToken: "body-secret", name: "visible-name",
                password: "body-secret"),
            output: Message.self, failure: TestFailure.self)

        XCTAssertEqual(message.value, "ok")
        XCTAssertEqual(server.receivedRequests.count, 3)
        let kinds = log.events.map(\.kind)
        XCTAssertEqual(kinds.first, .request)
        XCTAssertEqual(kinds.last, .response)
        XCTAssertTrue(kinds.contains(.retry), "\(kinds)")
        XCTAssertTrue(kinds.contains(.refresh), "\(kinds)")
        XCTAssertTrue(log.events.allSatisfy { $0.operation == "createSession" })

        let text = log.text
        if ProcessInfo.processInfo.environment["SHOW_LOG"] != nil { print(text) }
        XCTAssertTrue(text.contains("POST http://127.0.0.1:\(server.port)/sessions?api_key=<redacted>&page=2"), text)
        XCTAssertTrue(text.contains("Authorization: <redacted>"), text)
        XCTAssertTrue(text.contains("visible-name"), text)
        XCTAssertTrue(text.contains(#""accessToken":"<redacted>""#), text)
        XCTAssertTrue(text.contains("200 in"), text)
        for secret in Self.secrets {
            XCTAssertFalse(text.contains(secret), "\(secret) leaked into the log:\n\(text)")
        }
    }

    func testBodyRedactionMatchesSecretWordsOnly() async throws {
        let log = LogRecorder()
        let transport = RecordingTransport { _ in
            HTTPResponse(status: 200, body: json(#"{"items":[{"clientSecret":"s1","shippingAddress":"Main St"}]}"#))
        }
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.test")!, transport: transport,
                middlewares: [LoggingMiddleware(logger: log.logger, includeBodies: true)]
            ))
        let request = HTTPRequest(
            method: .post, url: URL(string: "https://api.test/x")!,
            body: json(
                #"{"userPin":"1234","otp_code":"999999","footprint":"big","refresh_token":"rt","api_key":"k","description":"plain","sessionId":"sid"}"#
            ))
        _ = try await client.send(request, operation: .test())

        let text = log.text
        for hidden in ["1234", "999999", "rt\"", "\"k\"", "sid", "s1"] {
            XCTAssertFalse(text.contains(hidden), "\(hidden) in \(text)")
        }
        for shown in ["big", "plain", "Main St"] {
            XCTAssertTrue(text.contains(shown), "\(shown) missing from \(text)")
        }

        let binary = LogRecorder()
        let plain = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.test")!, transport: RecordingTransport(),
                middlewares: [LoggingMiddleware(logger: binary.logger, includeBodies: true)]
            ))
        _ = try await plain.send(
            HTTPRequest(
                method: .post, url: URL(string: "https://api.test/x")!,
                body: Data("token=abc".utf8)), operation: .test())
        XCTAssertTrue(binary.text.contains("(9 bytes)"), binary.text)
        XCTAssertFalse(binary.text.contains("abc"), binary.text)
    }

    func testSchemaMarkedSecretsAndJWTQueryItemsAreHiddenEverywhereTheyArePrinted() async throws {
        let log = LogRecorder()
        let transport = RecordingTransport { _ in
            HTTPResponse(status: 200, headers: HTTPHeaders([("X-Answer", "blue-42")]), body: json(#"{"answer":"blue-42","hint":"colour"}"#))
        }
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.test")!, transport: transport,
                middlewares: [LoggingMiddleware(logger: log.logger, includeBodies: true)]
            ))
        let operation = OperationInfo(
            name: "verify", method: .post, pathTemplate: "/verify", successStatus: 200,
            secretNames: ["code", "pan", "X-Answer", "answer"])
        let request = HTTPRequest(
            method: .post, url: URL(string: "https://api.test/verify?PAN=4111111111111111&jwt=eyJ.eyJ.sig&page=2")!,
            headers: HTTPHeaders([("x-answer", "blue-42")]),
            body: json(#"{"phone":"+491234","nested":[{"CODE":"493817"}]}"#), secretNames: operation.secretNames
        )
        _ = try await client.send(request, operation: operation)

        let printed = [
            log.text, request.description, String(reflecting: request),
            ErrorResponse<JSONValue>(
                HTTPResponse(status: 409, body: json(#"{"answer":"blue-42"}"#)),
                decoding: JSONValue.self, secretNames: ["answer"]
            ).description,
        ]
        for text in printed {
            for secret in ["4111111111111111", "eyJ.eyJ.sig", "493817", "blue-42"] {
                XCTAssertFalse(text.contains(secret), "\(secret) in \(text)")
            }
        }
        XCTAssertTrue(log.text.contains("page=2") && log.text.contains("+491234") && log.text.contains("colour"), log.text)
        XCTAssertEqual(Redaction.isSensitive("jwt"), true, "a jwt query item is hidden without a schema marking")
        XCTAssertEqual(Redaction.isSensitive("code"), false, "`code` is too common to hide by name; the schema marks it")
        XCTAssertEqual(Redaction.isSensitive("Code", secretNames: ["code"]), true)
    }

    func testTransportErrorsAreLoggedWithoutTheirURL() async throws {
        let log = LogRecorder()
        let transport = RecordingTransport { request in
            throw URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        }
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: URL(string: "https://api.test")!, transport: transport,
                middlewares: [LoggingMiddleware(logger: log.logger)]
            ))
        _ = await assertThrowsAsync {
            try await client.send(
                HTTPRequest(method: .get, url: URL(string: "https://api.test/x?token=query-secret")!),
                operation: .test())
        }
        XCTAssertEqual(log.events.map(\.kind), [.request, .error])
        XCTAssertTrue(log.text.contains("URLError(-1004)"), log.text)
        XCTAssertFalse(log.text.contains("query-secret"), log.text)
    }
}
