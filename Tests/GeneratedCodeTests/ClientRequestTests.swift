import Foundation
import KitchenSink
import TestHTTPServer
import XCTest

/// The generated `KitchenSinkClient` over real HTTP against a loopback server.
final class ClientRequestTests: XCTestCase {
    private static let appleJSON = #"{"sku":"A1","name":"Apple","discontinuedAt":null,"quantity":3}"#

    private func makeClient(_ server: TestHTTPServer, credentials: [String: String]? = nil) -> KitchenSinkClient {
        let provider: (any CredentialProvider)? = credentials.map { StaticCredentials($0) }
        return KitchenSinkClient(environment: .local(host: "127.0.0.1:\(server.port)"), credentials: provider)
    }

    private func onlyRequest(_ server: TestHTTPServer, file: StaticString = #filePath, line: UInt = #line) throws -> TestHTTPServer.Request {
        XCTAssertEqual(server.receivedRequests.count, 1, file: file, line: line)
        return try XCTUnwrap(server.receivedRequests.first, file: file, line: line)
    }

    // MARK: Paths, headers, credentials

    func testGetItemEncodesPathHeadersAndBearerToken() async throws {
        let server = try TestHTTPServer { _ in .json(200, Self.appleJSON) }
        defer { server.shutdown() }
        let requestId = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!

        let item = try await makeClient(server, credentials: ["bearer": "t0ken", "apiKey": "unused"])
            .getItem(storeId: 42, sku: "../x?y", requestId: requestId)

        XCTAssertEqual(item, Item(sku: "A1", name: "Apple", quantity: 3))
        let request = try onlyRequest(server)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/stores/42/items/..%2Fx%3Fy")
        XCTAssertEqual(request.target, "/stores/42/items/..%2Fx%3Fy")
        XCTAssertTrue(request.queryItems.isEmpty)
        XCTAssertEqual(request.headers["x-request-id"], "11111111-2222-3333-4444-555555555555")
        XCTAssertEqual(request.headers["accept-language"], "en")
        XCTAssertEqual(request.headers["authorization"], "Bearer t0ken")
        XCTAssertNil(request.headers["x-api-key"], "only the first scheme with a credential is used")
        XCTAssertEqual(request.headers["accept"], "application/json")
        XCTAssertTrue(request.body.isEmpty)
    }

    /// A path's literal query (`GET /notes/{id}?api-version=2020-09-01`): sent first, then the parameters,
    /// every name and value encoded as one query item; nothing for the caller to pass.
    func testTheLiteralQueryIsSentBeforeTheParametersEncoded() async throws {
        let note = #"{"at":"2024-05-31","author":"ann","revision":2,"text":"Fragile"}"#
        let server = try TestHTTPServer { _ in .json(200, note) }
        defer { server.shutdown() }
        let client = makeClient(server, credentials: ["bearer": "t"])

        _ = try await client.getNoteVersioned(id: "n 1", lang: "de&en=x")
        _ = try await client.getNoteVersioned(id: "n1")
        _ = try await client.getNoteDraft(id: "n1")

        XCTAssertEqual(
            server.receivedRequests.map(\.target),
            ["/notes/n%201?api-version=2020-09-01&lang=de%26en%3Dx", "/notes/n1?api-version=2020-09-01", "/notes/n1?api-version=2020-09-01&view=draft%20copy"])
    }

    func testGetItemFallsBackToTheSecondSchemeAndOmitsUnsetHeaders() async throws {
        let server = try TestHTTPServer { _ in .json(200, Self.appleJSON) }
        defer { server.shutdown() }

        _ = try await makeClient(server, credentials: ["apiKey": "k-1"]).getItem(storeId: -7, sku: "..", language: "de-CH")

        let request = try onlyRequest(server)
        XCTAssertEqual(request.path, "/stores/-7/items/%2E%2E")
        XCTAssertEqual(request.headers["x-api-key"], "k-1")
        XCTAssertNil(request.headers["authorization"])
        XCTAssertNil(request.headers["x-request-id"])
        XCTAssertEqual(request.headers["accept-language"], "de-CH")
    }

    func testWithoutCredentialsNoAuthHeaderIsSent() async throws {
        let server = try TestHTTPServer { _ in .json(200, Self.appleJSON) }
        defer { server.shutdown() }
        _ = try await makeClient(server).getItem(storeId: 1, sku: "A 1/ü")
        let request = try onlyRequest(server)
        XCTAssertEqual(request.path, "/stores/1/items/A%201%2F%C3%BC")
        XCTAssertNil(request.headers["authorization"])
        XCTAssertNil(request.headers["x-api-key"])
    }

    func testEnvironmentBaseURLPathIsKept() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"content":[],"number":1,"totalPages":1,"last":true}"#) }
        defer { server.shutdown() }
        let client = KitchenSinkClient(environment: .init(baseURL: server.baseURL.appendingPathComponent("api/v2")))
        _ = try await client.listItems()
        XCTAssertEqual(try onlyRequest(server).target, "/api/v2/items?page=1&size=20")
    }

    // MARK: Query

    func testListItemsSendsDefaultsRepeatedArraysAndEnumRawValues() async throws {
        let server = try TestHTTPServer { _ in
            .json(200, #"{"content":[{"sku":"A1","name":"Apple","discontinuedAt":null}],"number":1,"totalPages":2,"last":false}"#)
        }
        defer { server.shutdown() }
        let client = makeClient(server, credentials: ["bearer": "t0ken"])

        let page = try await client.listItems(
            sort: ["name,asc", "price,desc"],
            status: [.kycInProgress, .notExists, Status(rawValue: "LEGACY")],
            since: CalendarDate(year: 2024, month: 2, day: 29))

        XCTAssertEqual(page, Page(content: [Item(sku: "A1", name: "Apple")], number: 1, totalPages: 2, last: false))
        let request = try onlyRequest(server)
        XCTAssertEqual(request.path, "/items")
        XCTAssertEqual(
            request.target,
            "/items?page=1&size=20&sort=name%2Casc&sort=price%2Cdesc&status=KYC%20In%20Progress&status=not_exists&status=LEGACY&since=2024-02-29")
        XCTAssertEqual(request.queryItems.map(\.name), ["page", "size", "sort", "sort", "status", "status", "status", "since"])
        XCTAssertEqual(
            request.queryItems.map(\.value),
            ["1", "20", "name,asc", "price,desc", "KYC In Progress", "not_exists", "LEGACY", "2024-02-29"])
        XCTAssertEqual(request.headers["authorization"], "Bearer t0ken")
    }

    func testListItemsWithOnlyDefaultsAndExplicitValues() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"content":[],"number":1,"totalPages":1,"last":true}"#) }
        defer { server.shutdown() }
        let client = makeClient(server)

        _ = try await client.listItems()
        _ = try await client.listItems(page: 3, size: 100, sort: [], status: [.undocumented("a&b=c")])

        XCTAssertEqual(server.receivedRequests.map(\.target), ["/items?page=1&size=20", "/items?page=3&size=100&status=a%26b%3Dc"])
        XCTAssertEqual(server.receivedRequests.last?.query("status"), "a&b=c")
    }

    func testItemHistoryPathAndOptionalCursor() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"data":[],"cursors":{"next":"c2","previous":null}}"#) }
        defer { server.shutdown() }
        let client = makeClient(server)

        let first = try await client.itemHistory(sku: "A1")
        let second = try await client.itemHistory(sku: "A1", cursor: "c 2")

        XCTAssertEqual(first.cursors, Cursors(next: "c2", previous: nil))
        XCTAssertEqual(second.data, [])
        XCTAssertEqual(server.receivedRequests.map(\.target), ["/items/A1/history", "/items/A1/history?cursor=c%202"])
    }

    // MARK: Bodies

    func testCreateItemSendsJSONBodyAndAFreshIdempotencyKey() async throws {
        let server = try TestHTTPServer { request in
            // Echo the body back as the created item, with 201 as documented.
            .json(201, request.bodyText)
        }
        defer { server.shutdown() }
        let client = makeClient(server, credentials: ["bearer": "t0ken"])
        let item = Item(sku: "NEW1", name: "New", displayName: "Brand new", status: .kycInProgress)

        let created = try await client.createItem(body: item)
        _ = try await client.createItem(body: item)

        XCTAssertEqual(created, item)
        XCTAssertEqual(server.receivedRequests.count, 2)
        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/items")
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(request.headers["authorization"], "Bearer t0ken")
        XCTAssertEqual(try parseJSON(request.body), try encodedJSON(item))
        XCTAssertEqual(try parseJSON(request.body)[member: "display_name"], "Brand new")
        XCTAssertEqual(try parseJSON(request.body)[member: "discontinuedAt"], .null)

        let keys = server.receivedRequests.compactMap { $0.headers["idempotency-key"] }
        XCTAssertEqual(keys.count, 2)
        XCTAssertNotNil(keys.first.flatMap(UUID.init(uuidString:)), "the key is a UUID: \(keys)")
        XCTAssertNotNil(keys.last.flatMap(UUID.init(uuidString:)), "the key is a UUID: \(keys)")
        XCTAssertNotEqual(keys.first, keys.last, "one key per call")
    }

    func testSearchItemsPostsItsBody() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"items":[],"nextPageToken":"t2"}"#) }
        defer { server.shutdown() }
        let page = try await makeClient(server).searchItems(body: ListRequest(pageToken: "t1"))
        XCTAssertEqual(page, TokenPage(items: [], nextPageToken: "t2"))
        let request = try onlyRequest(server)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/items/search")
        XCTAssertEqual(request.bodyText, #"{"pageSize":20,"pageToken":"t1"}"#)
        XCTAssertNil(request.headers["idempotency-key"])
    }

    func testReplaceAndRenameUsePutAndPatch() async throws {
        let server = try TestHTTPServer { request in .json(200, request.bodyText) }
        defer { server.shutdown() }
        let client = makeClient(server)
        let item = Item(sku: "A1", name: "Apple")
        let replaced = try await client.replaceItem(sku: "A1", body: item)
        let renamed = try await client.renameItem(sku: "A/1", body: item)
        XCTAssertEqual(replaced, item)
        XCTAssertEqual(renamed, item)
        XCTAssertEqual(server.receivedRequests.map(\.method), ["PUT", "PATCH"])
        XCTAssertEqual(server.receivedRequests.map(\.path), ["/items/A1", "/items/A%2F1"])
    }

    func testEverythingRoundTripsOverHTTP() async throws {
        let server = try TestHTTPServer { request in .json(200, request.bodyText) }
        defer { server.shutdown() }
        let value = try decodeJSON(Everything.self, ModelCodingTests.everythingExample)
        let echoed = try await makeClient(server).everything(body: value)
        XCTAssertEqual(echoed, value)
        let sent = try parseJSON(try onlyRequest(server).body)
        XCTAssertEqual(sent[member: "day"], "2024-02-29")
        XCTAssertEqual(sent[member: "blob"], "aGVsbG8=")
        XCTAssertEqual(sent[member: "byNumber"], ["1": "one"])
    }

    func testDescribeShapesDecodesUnionsFromTheServer() async throws {
        let server = try TestHTTPServer { _ in
            .json(200, #"[{"kind":"CIRCLE","radius":1},{"kind":"square","side":2},{"kind":"STAR","points":5}]"#)
        }
        defer { server.shutdown() }
        let shapes = try await makeClient(server).describeShapes()
        XCTAssertEqual(shapes, [.circle(Circle(radius: 1)), .square(Square(side: 2)), .undocumented(["kind": "STAR", "points": 5])])
    }

    func testLoginAndRefreshSendNoCredentials() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/sessions"
                ? .json(200, #"{"sessionId":"s-9"}"#)
                : .json(200, #"{"accessToken":"a2","refreshToken":"r2","expiresIn":60}"#)
        }
        defer { server.shutdown() }
        let client = makeClient(server, credentials: ["bearer": "t0ken", "session": "s1"])

        let session = try await client.login(body: Credentials(phone: "+491234567", code: "1234"))
        let tokens = try await client.refreshToken(body: Tokens(accessToken: "a1", refreshToken: "r1", expiresIn: 1))

        XCTAssertEqual(session, Session(sessionId: "s-9"))
        XCTAssertEqual(tokens, Tokens(accessToken: "a2", refreshToken: "r2", expiresIn: 60))
        XCTAssertEqual(server.receivedRequests.map(\.target), ["/sessions", "/tokens/refresh"])
        XCTAssertEqual(server.receivedRequests.first?.bodyText, #"{"code":"1234","phone":"+491234567"}"#)
        for request in server.receivedRequests {
            XCTAssertNil(request.headers["authorization"])
            XCTAssertNil(request.headers["x-session-id"])
        }
    }

    // MARK: No-content operations

    func testDeleteItemAccepts204WithEmptyBodyAndSendsNoCredentials() async throws {
        let server = try TestHTTPServer { _ in TestHTTPServer.Response(status: 204) }
        defer { server.shutdown() }
        try await makeClient(server, credentials: ["bearer": "t0ken"]).deleteItem(sku: "A 1")
        let request = try onlyRequest(server)
        XCTAssertEqual(request.method, "DELETE")
        XCTAssertEqual(request.target, "/items/A%201")
        XCTAssertNil(request.headers["authorization"], "auth: none")
    }

    func testPingAndOptions() async throws {
        let server = try TestHTTPServer { request in
            request.method == "HEAD" ? TestHTTPServer.Response(status: 200) : TestHTTPServer.Response(status: 204)
        }
        defer { server.shutdown() }
        let client = makeClient(server)
        try await client.ping()
        try await client.options()
        XCTAssertEqual(server.receivedRequests.map(\.method), ["HEAD", "OPTIONS"])
        XCTAssertEqual(server.receivedRequests.map(\.target), ["/ping", "/items"])
    }

    // MARK: Sessions and query keys

    func testWhoAmISendsTheSessionHeader() async throws {
        let server = try TestHTTPServer { _ in .json(200, #""alice""#) }
        defer { server.shutdown() }
        let name = try await makeClient(server, credentials: ["session": "s1", "bearer": "t0ken"]).whoAmI()
        XCTAssertEqual(name, "alice")
        let request = try onlyRequest(server)
        XCTAssertEqual(request.target, "/me")
        XCTAssertEqual(request.headers["x-session-id"], "s1")
        XCTAssertNil(request.headers["authorization"])
    }

    func testLegacySearchSendsTheQueryKey() async throws {
        let server = try TestHTTPServer { _ in .json(200, "[" + Self.appleJSON + "]") }
        defer { server.shutdown() }
        let caller: any DeprecatedOperationCalling = DeprecatedOperationCalls()

        let items = try await caller.legacySearch(makeClient(server, credentials: ["queryKey": "k", "bearer": "t0ken"]), q: "a b&c")

        XCTAssertEqual(items, [Item(sku: "A1", name: "Apple", quantity: 3)])
        let request = try onlyRequest(server)
        XCTAssertEqual(request.path, "/legacy/search")
        XCTAssertEqual(request.target, "/legacy/search?q=a%20b%26c&api_key=k")
        XCTAssertEqual(request.query("q"), "a b&c")
        XCTAssertEqual(request.query("api_key"), "k")
        XCTAssertNil(request.headers["authorization"])
    }

    // MARK: Failures

    func testErrorStatusThrowsTheDocumentedCase() async throws {
        let server = try TestHTTPServer { _ in
            .json(409, #"{"error":{"code":"OUT_OF_STOCK","message":"gone"}}"#, headers: ["X-Trace": "t-1"])
        }
        defer { server.shutdown() }
        do {
            _ = try await makeClient(server).getItem(storeId: 1, sku: "A1")
            XCTFail("expected a thrown error")
        } catch KitchenSinkError.outOfStock(let details) {
            XCTAssertEqual(details.status, 409)
            XCTAssertEqual(details.body?.error.code, "OUT_OF_STOCK")
            XCTAssertEqual(details.body?.error.message, "gone")
            XCTAssertEqual(details.headers["x-trace"], "t-1")
        } catch {
            XCTFail("expected KitchenSinkError.outOfStock, got \(error)")
        }
    }

    func testRetryableStatusOverHTTP() async throws {
        let server = try TestHTTPServer { _ in TestHTTPServer.Response(status: 429, headers: ["Retry-After": "2"], body: Data("slow down".utf8)) }
        defer { server.shutdown() }
        do {
            _ = try await makeClient(server).listItems()
            XCTFail("expected a thrown error")
        } catch let error as KitchenSinkError {
            guard case .rateLimited(let details) = error else { return XCTFail("expected rateLimited, got \(error)") }
            XCTAssertTrue(error.isRetryable)
            XCTAssertEqual(details.headers["retry-after"], "2")
            XCTAssertEqual(details.bodyText, "slow down")
            XCTAssertNil(details.body)
        }
    }

    func testMalformedSuccessBodyThrowsInvalidResponse() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/me" ? .json(200, "") : .json(200, #"{"sku":"A1"}"#)
        }
        defer { server.shutdown() }
        let client = makeClient(server)
        do {
            _ = try await client.getItem(storeId: 1, sku: "A1")
            XCTFail("expected a thrown error")
        } catch KitchenSinkError.invalidResponse(let response, let underlying) {
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"sku":"A1"}"#)
            XCTAssertEqual(keyNotFoundPath(underlying), "name", "\(underlying)")
        } catch {
            XCTFail("expected invalidResponse, got \(error)")
        }
        do {
            _ = try await client.whoAmI()
            XCTFail("expected a thrown error")
        } catch KitchenSinkError.invalidResponse(let response, _) {
            XCTAssertTrue(response.body.isEmpty)
        } catch {
            XCTFail("expected invalidResponse, got \(error)")
        }
    }

    func testClosedPortThrowsTransport() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        let port = server.port
        server.shutdown()
        let client = KitchenSinkClient(environment: .local(host: "127.0.0.1:\(port)"))
        do {
            try await client.deleteItem(sku: "A1")
            XCTFail("expected a thrown error")
        } catch let error as KitchenSinkError {
            // kitchensink.yaml reports a refused connection as its client-side case `noConnection` (`when: [offline]`).
            guard case .noConnection = error else { return XCTFail("expected noConnection, got \(error)") }
            XCTAssertNil(error.status)
            XCTAssertEqual(error.name, "noConnection")
            XCTAssertTrue(error.description.hasPrefix("KitchenSinkError.noConnection: "), error.description)
        }
    }

    func testUnbuildableRequestsThrowInvalidRequestWithoutSending() async throws {
        let server = try TestHTTPServer { _ in .json(200, Self.appleJSON) }
        defer { server.shutdown() }
        let client = makeClient(server)
        do {
            _ = try await client.getItem(storeId: 1, sku: "")
            XCTFail("expected a thrown error")
        } catch let error as KitchenSinkError {
            guard case .invalidRequest = error else { return XCTFail("expected invalidRequest, got \(error)") }
        }
        do {
            _ = try await client.getItem(storeId: 1, sku: "A1", language: "en\r\nX-Injected: 1")
            XCTFail("expected a thrown error")
        } catch let error as KitchenSinkError {
            guard case .invalidRequest = error else { return XCTFail("expected invalidRequest, got \(error)") }
            XCTAssertEqual(error.name, "invalidRequest")
        }
        XCTAssertTrue(server.receivedRequests.isEmpty)
    }
}

/// Calls deprecated operations through a protocol whose requirement is not deprecated, so the tests that
/// exercise them compile without deprecation warnings (the same trick the generated case tables use).
private protocol DeprecatedOperationCalling: Sendable {
    func legacySearch(_ client: KitchenSinkClient, q: String) async throws -> [Item]
}

private struct DeprecatedOperationCalls: DeprecatedOperationCalling {
    @available(*, deprecated, message: "Calls a deprecated operation on purpose.")
    func legacySearch(_ client: KitchenSinkClient, q: String) async throws -> [Item] {
        try await client.legacySearch(q: q)
    }
}
