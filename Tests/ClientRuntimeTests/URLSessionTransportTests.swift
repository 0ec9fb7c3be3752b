@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

final class URLSessionTransportTests: XCTestCase {
    func testRoundTripCarriesMethodPathQueryHeadersBodyAndStatus() async throws {
        let server = try TestHTTPServer { request in
            .json(201, #"{"echo":\#(request.body.count)}"#, headers: ["X-Request-Id": "req-9", "ETag": "\"v1\""])
        }
        defer { server.shutdown() }

        let operation = OperationInfo(name: "createThing", method: .post, pathTemplate: "/things/{id}", successStatus: 201)
        var builder = RequestBuilder(operation: operation, baseURL: server.baseURL.appendingPathComponent("api/v1"))
        builder.setPath("id", "a b/ü")
        builder.addQuery("tag", ["x&y", "z+1"])
        builder.addQuery("day", CalendarDate(year: 2024, month: 2, day: 29))
        builder.setHeader("X-Custom", "hello")
        try builder.setJSONBody(["name": "Zoë"])

        let response = try await URLSessionTransport().send(builder.build())

        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.headers["x-request-id"], "req-9")
        XCTAssertEqual(response.headers["etag"], "\"v1\"")
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"echo":15}"#)

        let received = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(server.receivedRequests.count, 1)
        XCTAssertEqual(received.method, "POST")
        XCTAssertEqual(received.path, "/api/v1/things/a%20b%2F%C3%BC")
        XCTAssertEqual(received.target, "/api/v1/things/a%20b%2F%C3%BC?tag=x%26y&tag=z%2B1&day=2024-02-29")
        XCTAssertEqual(received.queryItems.map(\.name), ["tag", "tag", "day"])
        XCTAssertEqual(received.queryItems.map(\.value), ["x&y", "z+1", "2024-02-29"])
        XCTAssertEqual(received.headers["x-custom"], "hello")
        XCTAssertEqual(received.headers["content-type"], "application/json")
        XCTAssertEqual(received.headers["accept"], "application/json")
        XCTAssertEqual(received.bodyText, #"{"name":"Zoë"}"#)
    }

    func testDotSegmentsReachTheServerUnresolved() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }
        for value in ["..", ".", "../admin"] {
            var builder = RequestBuilder(operation: .test("/users/{id}/profile"), baseURL: server.baseURL)
            builder.setPath("id", value)
            _ = try await URLSessionTransport().send(builder.build())
        }
        XCTAssertEqual(
            server.receivedRequests.map(\.path),
            ["/users/%2E%2E/profile", "/users/%2E/profile", "/users/..%2Fadmin/profile"])
    }

    func testEveryMethodAndSequentialConnections() async throws {
        let server = try TestHTTPServer { request in
            TestHTTPServer.Response(status: 200, headers: ["X-Method": request.method], body: Data(request.method.utf8))
        }
        defer { server.shutdown() }
        let transport = URLSessionTransport()
        let methods: [HTTPMethod] = [.get, .put, .post, .delete, .patch, .options, .head]
        for method in methods {
            let body: Data? = [.put, .post, .patch].contains(method) ? Data("x".utf8) : nil
            let response = try await transport.send(HTTPRequest(method: method, url: server.baseURL.appendingPathComponent("m"), body: body))
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.headers["X-Method"], method.rawValue)
            XCTAssertEqual(String(decoding: response.body, as: UTF8.self), method == .head ? "" : method.rawValue)
        }
        XCTAssertEqual(server.receivedRequests.map(\.method), methods.map(\.rawValue))
        XCTAssertEqual(server.receivedRequests.filter { $0.method == "PUT" }.first?.bodyText, "x")
    }

    func testRepeatedHeadersAndErrorStatusesAreResponsesNotErrors() async throws {
        let server = try TestHTTPServer { _ in .json(503, #"{"error":"down"}"#, headers: ["Retry-After": "3"]) }
        defer { server.shutdown() }
        var headers = HTTPHeaders()
        headers.add(name: "X-Multi", value: "a")
        headers.add(name: "X-Multi", value: "b")
        let response = try await URLSessionTransport().send(HTTPRequest(method: .get, url: server.baseURL, headers: headers))
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.headers["retry-after"], "3")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"error":"down"}"#)
        let multi = try XCTUnwrap(server.receivedRequests.first?.headers["x-multi"])
        XCTAssertEqual(multi.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }, ["a", "b"])
    }

    func testLargeBodiesArriveWhole() async throws {
        let server = try TestHTTPServer { request in
            TestHTTPServer.Response(status: 200, body: request.body)
        }
        defer { server.shutdown() }
        let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: .put, url: server.baseURL.appendingPathComponent("upload"), body: payload)
        )
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.receivedRequests.first?.body, payload)
        XCTAssertEqual(response.body, payload)
    }

    func testConcurrentRequestsAreAllServed() async throws {
        let server = try TestHTTPServer { request in .json(200, #"{"n":"\#(request.query("n") ?? "")"}"#) }
        defer { server.shutdown() }
        let transport = URLSessionTransport()
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for n in 0..<8 {
                group.addTask {
                    var url = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
                    url.path = "/c"
                    url.queryItems = [URLQueryItem(name: "n", value: String(n))]
                    let response = try await transport.send(HTTPRequest(method: .get, url: url.url!))
                    return String(decoding: response.body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(Set(bodies), Set((0..<8).map { #"{"n":"\#($0)"}"# }))
        XCTAssertEqual(server.receivedRequests.count, 8)
    }

    func testConnectionRefusedThrows() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        let closedURL = server.baseURL
        server.shutdown()
        let error = await assertThrowsAsync { try await URLSessionTransport().send(HTTPRequest(method: .get, url: closedURL)) }
        XCTAssertNotNil(error as? URLError, "\(String(describing: error))")
    }

    func testEndToEndThroughClientCore() async throws {
        struct Thing: Decodable, Sendable, Equatable {
            let id: String
            let day: CalendarDate
        }
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/v1/things/t1": .json(200, #"{"id":"t1","day":"2024-01-31"}"#)
            default: .json(404, #"{"error":{"code":"NOT_FOUND"}}"#)
            }
        }
        defer { server.shutdown() }
        let operation = OperationInfo(
            name: "getThing", method: .get, pathTemplate: "/things/{id}", successStatus: 200,
            isIdempotent: true, auth: [AuthScheme(name: "bearerAuth", kind: .bearer)])
        let core = ClientCore(
            configuration: ClientConfiguration(
                baseURL: server.baseURL.appendingPathComponent("v1"),
                credentials: StaticCredentials(["bearerAuth": "tok"])
            ))

        var found = RequestBuilder(operation: operation, baseURL: core.configuration.baseURL)
        found.setPath("id", "t1")
        let thing = try await core.perform(found, output: Thing.self, failure: TestFailure.self)
        XCTAssertEqual(thing, Thing(id: "t1", day: CalendarDate(year: 2024, month: 1, day: 31)))
        XCTAssertEqual(server.receivedRequests.first?.headers["authorization"], "Bearer tok")

        var missing = RequestBuilder(operation: operation, baseURL: core.configuration.baseURL)
        missing.setPath("id", "nope")
        let error = await assertThrowsAsync { try await core.perform(missing, output: Thing.self, failure: TestFailure.self) }
        guard case .response(let response) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(ErrorResponse(response, decoding: JSONValue.self).body?[path: "error.code"], "NOT_FOUND")
    }

    func testConnectionRefusedMapsToTransportFailure() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        let closedURL = server.baseURL
        server.shutdown()
        let core = ClientCore(configuration: ClientConfiguration(baseURL: closedURL))
        let error = await assertThrowsAsync {
            try await core.perform(RequestBuilder(operation: .test("/x"), baseURL: closedURL), output: NoContent.self, failure: TestFailure.self)
        }
        guard case .transport(let underlying) = error as? TestFailure else { return XCTFail("Got \(String(describing: error))") }
        XCTAssertTrue(underlying is URLError, "\(underlying)")
    }
}
