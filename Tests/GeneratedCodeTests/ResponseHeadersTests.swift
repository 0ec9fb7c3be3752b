import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// Typed response headers of kitchensink.yaml in generated code: `createItemWithHeaders` (and
/// `deleteItemWithHeaders`, without a body) give the declared headers typed, the plain methods stay as
/// they were, and a missing required header or one that does not parse is `.invalidResponse`.
final class ResponseHeadersTests: XCTestCase {
    private let item = Item(sku: "A1", name: "Lamp")

    private func client(status: Int = 201, headers: HTTPHeaders) -> KitchenSinkClient {
        let body = try! JSONEncoder().encode(item)
        let transport = FixedAnswer(response: HTTPResponse(status: status, headers: headers, body: status == 204 ? Data() : body))
        return KitchenSinkClient(environment: .init(baseURL: URL(string: "https://api.example.com")!), transport: transport)
    }

    func testDeclaredHeadersAreTyped() async throws {
        let answer = try await client(headers: [
            "Location": "https://api.example.com/items/A1", "x-ratelimit-remaining": " 41 ", "ETag": "\"v1\"",
            "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT",
        ]).createItemWithHeaders(body: item)
        XCTAssertEqual(answer.status, 201)
        XCTAssertEqual(answer.body, item)
        XCTAssertEqual(answer.headers.location, URL(string: "https://api.example.com/items/A1"))
        XCTAssertEqual(answer.headers.rateLimitRemaining, 41, "names ignore case, values are trimmed")
        XCTAssertEqual(answer.headers.etag, "\"v1\"")
        XCTAssertEqual(answer.headers.lastModified, Date(timeIntervalSince1970: 784_111_777))
        XCTAssertNil(answer.headers.traceId, "an optional header the response lacks is nil")
    }

    func testThePlainMethodStillReturnsTheBodyAlone() async throws {
        // Source compatibility: `createItem` ignores headers, even ones that would not parse.
        let created: Item = try await client(headers: ["X-RateLimit-Remaining": "many"]).createItem(body: item)
        XCTAssertEqual(created, item)
    }

    func testAMissingRequiredHeaderIsAnInvalidResponse() async throws {
        do {
            _ = try await client(headers: ["X-RateLimit-Remaining": "3"]).createItemWithHeaders(body: item)
            XCTFail("Location is required")
        } catch KitchenSinkError.invalidResponse(let response, let cause) {
            XCTAssertEqual(response.status, 201)
            XCTAssertEqual(cause as? ResponseHeaderError, .missing("Location"))
            XCTAssertEqual("\(cause)", "The response has no Location header, which the schema requires.")
        }
    }

    func testAHeaderThatDoesNotParseIsAnInvalidResponseWithoutItsValue() async throws {
        do {
            _ = try await client(headers: ["Location": "/items/A1", "X-RateLimit-Remaining": "secret-ish", "X-Trace-Id": "not-a-uuid"])
                .createItemWithHeaders(body: item)
            XCTFail("X-RateLimit-Remaining is an int32")
        } catch KitchenSinkError.invalidResponse(_, let cause) {
            XCTAssertEqual(cause as? ResponseHeaderError, .invalid("X-RateLimit-Remaining", expected: "a 32-bit integer"))
            XCTAssertFalse("\(cause)".contains("secret-ish"), "a header's value may be a credential")
        }
        do {
            _ = try await client(headers: ["Location": "/items/A1", "X-RateLimit-Remaining": "1", "X-Trace-Id": "not-a-uuid"])
                .createItemWithHeaders(body: item)
            XCTFail("an optional header that is present must parse")
        } catch KitchenSinkError.invalidResponse(_, let cause) {
            XCTAssertEqual(cause as? ResponseHeaderError, .invalid("X-Trace-Id", expected: "a UUID"))
        }
    }

    func testAnErrorStatusIsTheCatalogueErrorNotAHeaderProblem() async throws {
        do {
            _ = try await client(status: 409, headers: [:]).createItemWithHeaders(body: item)
            XCTFail("a 409 is an error")
        } catch let error as KitchenSinkError {
            XCTAssertEqual(error.status, 409)
            if case .invalidResponse = error { XCTFail("headers are read only from a success: \(error)") }
        }
    }

    func testAnOperationWithoutABodyReturnsItsHeaders() async throws {
        let answer = try await client(status: 204, headers: ["X-Request-Id": "6BAC7EEA-C120-428D-BEB6-910C6F290434"]).deleteItemWithHeaders(sku: "A1")
        XCTAssertEqual(answer.status, 204)
        XCTAssertEqual(answer.headers.requestId, UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434"))
    }

    // MARK: Several outcomes

    /// `fetchRelease` has several outcomes (`responses:`) and `responseHeaders:`: `fetchReleaseWithHeaders`
    /// reads them from every normal answer (a 2xx, the `4XX` problem, the `410`), and an error outcome
    /// is the catalogue's error, its headers unread.
    private func releases(status: Int, headers: HTTPHeaders, body: String = "") -> KitchenSinkClient {
        let transport = FixedAnswer(response: HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
        return KitchenSinkClient(environment: .init(baseURL: URL(string: "https://api.example.com")!), transport: transport)
    }

    func testEveryNormalOutcomeCarriesTheDeclaredHeaders() async throws {
        let found = try await releases(
            status: 200, headers: ["Content-Type": "application/json", "Content-Version": "1"], body: #"{"version":"1.0.0"}"#
        ).fetchReleaseWithHeaders(version: "1.0.0")
        XCTAssertEqual(found.body, .found(Release(version: "1.0.0")))
        XCTAssertEqual(found.headers, .init(contentVersion: "1"))
        XCTAssertEqual(found.status, 200)
        let processing = try await releases(status: 202, headers: ["Content-Version": "1", "Retry-After": "5"]).fetchReleaseWithHeaders(version: "1.1.0")
        XCTAssertEqual(processing.body, .processing(status: 202))
        XCTAssertEqual(processing.headers, .init(contentVersion: "1", retryAfter: 5))
        let problem = try await releases(
            status: 404, headers: ["Content-Type": "application/json", "content-version": "1"], body: #"{"title":"No such release"}"#
        ).fetchReleaseWithHeaders(version: "nope")
        XCTAssertEqual(problem.headers.contentVersion, "1", "a 4XX normal answer is read too")
        XCTAssertEqual(problem.status, 404)
        // The plain method is unchanged and reads no header.
        let plain = try await releases(status: 410, headers: [:]).fetchRelease(version: "0.9.0")
        XCTAssertEqual(plain, .gone)
    }

    func testANormalOutcomeWithoutARequiredHeaderIsAnInvalidResponse() async throws {
        do {
            _ = try await releases(status: 410, headers: ["Retry-After": "soon"]).fetchReleaseWithHeaders(version: "0.9.0")
            XCTFail("Content-Version is required")
        } catch KitchenSinkError.invalidResponse(let response, let cause) {
            XCTAssertEqual(response.status, 410)
            XCTAssertEqual(cause as? ResponseHeaderError, .missing("Content-Version"))
        }
    }

    func testAnErrorOutcomeIsTheCataloguesErrorWithoutReadingHeaders() async throws {
        do {
            _ = try await releases(
                status: 503, headers: ["Content-Type": "application/json"], body: #"{"error":{"code":"MAINTENANCE","message":"Back soon"}}"#
            ).fetchReleaseWithHeaders(version: "1.0.0")
            XCTFail("5XX is an error outcome")
        } catch KitchenSinkError.internalError {
        }
    }
}

/// A transport that answers every request with one response (shared by the tests of this target).
struct FixedAnswer: HTTPTransport {
    let response: HTTPResponse

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { response }
}
