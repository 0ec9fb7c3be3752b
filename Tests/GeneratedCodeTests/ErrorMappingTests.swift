import Foundation
import KitchenSink
import XCTest

/// `KitchenSinkError(response:)`: code first, then status, else undocumented; descriptions without bodies.
final class ErrorMappingTests: XCTestCase {
    private func response(_ status: Int, _ body: String, headers: HTTPHeaders = ["Content-Type": "application/json"]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    func testCodeOutOfStockMapsToOutOfStockWithStatusAndBody() throws {
        let error = KitchenSinkError(
            response: response(
                409, #"{"error":{"code":"OUT_OF_STOCK","message":"gone"}}"#,
                headers: ["Content-Type": "application/json", "X-Trace": "t1"]))
        guard case .outOfStock(let details) = error else { return XCTFail("expected outOfStock, got \(error)") }
        XCTAssertEqual(details.status, 409)
        XCTAssertEqual(details.headers["x-trace"], "t1")
        XCTAssertEqual(details.body, ErrorBody(error: ErrorDetail(code: "OUT_OF_STOCK", message: "gone")))
        XCTAssertEqual(details.bodyText, #"{"error":{"code":"OUT_OF_STOCK","message":"gone"}}"#)
        XCTAssertEqual(error.status, 409)
        XCTAssertEqual(error.response?.body?.error.code, "OUT_OF_STOCK")
        XCTAssertEqual(error.response?.body?.error.message, "gone")
        XCTAssertEqual(error.name, "outOfStock")
        XCTAssertFalse(error.isRetryable)
    }

    func testCodeWinsOverStatus() {
        // The code decides even when the status is another case's status or undocumented.
        let error = KitchenSinkError(response: response(429, #"{"error":{"code":"OUT_OF_STOCK"}}"#))
        guard case .outOfStock = error else { return XCTFail("expected outOfStock, got \(error)") }
        XCTAssertEqual(error.status, 429)
        XCTAssertFalse(error.isRetryable)
    }

    func testNumericCodeMapsToNumericCode() {
        let error = KitchenSinkError(response: response(400, #"{"error":{"code":1001}}"#))
        guard case .numericCode(let details) = error else { return XCTFail("expected numericCode, got \(error)") }
        XCTAssertEqual(details.body?.error.code, .int(1001))
        XCTAssertEqual(error.status, 400)
        XCTAssertEqual(error.name, "numericCode")

        let other = KitchenSinkError(response: response(400, #"{"error":{"code":1002}}"#))
        guard case .undocumented = other else { return XCTFail("expected undocumented, got \(other)") }
    }

    func testDeprecatedCodeStillMaps() {
        let error = KitchenSinkError(response: response(400, #"{"error":{"code":"OLD"}}"#))
        XCTAssertEqual(error.name, "oldError")
        XCTAssertEqual(error.status, 400)
        XCTAssertEqual(error.response?.body?.error.code, "OLD")
    }

    func testStatusOnlyCases() {
        let rateLimited = KitchenSinkError(response: response(429, ""))
        guard case .rateLimited(let details) = rateLimited else { return XCTFail("expected rateLimited, got \(rateLimited)") }
        XCTAssertEqual(details.status, 429)
        XCTAssertNil(details.body)
        XCTAssertTrue(rateLimited.isRetryable)
        XCTAssertEqual(rateLimited.name, "rateLimited")

        let unavailable = KitchenSinkError(response: response(503, #"{"error":{"code":"MAINTENANCE"}}"#))
        guard case .unavailable(let body) = unavailable else { return XCTFail("expected unavailable, got \(unavailable)") }
        XCTAssertEqual(body.body?.error.code, "MAINTENANCE")
        XCTAssertTrue(unavailable.isRetryable)
        XCTAssertEqual(unavailable.status, 503)
        XCTAssertEqual(unavailable.name, "unavailable")
    }

    func testUnknownCodeAndStatusAreUndocumentedWithStatusAndRawBody() {
        let body = #"{"error":{"code":"TEAPOT","message":"short and stout"}}"#
        let error = KitchenSinkError(response: response(418, body))
        guard case .undocumented(let details) = error else { return XCTFail("expected undocumented, got \(error)") }
        XCTAssertEqual(details.status, 418)
        XCTAssertEqual(details.rawBody, Data(body.utf8))
        XCTAssertEqual(details.body?.error.code, "TEAPOT")
        XCTAssertEqual(error.status, 418)
        XCTAssertEqual(error.name, "undocumented")
        XCTAssertFalse(error.isRetryable)

        // A documented status with a code the catalogue does not know (409 belongs to a coded case).
        let coded = KitchenSinkError(response: response(409, #"{"error":{"code":"OTHER"}}"#))
        guard case .undocumented = coded else { return XCTFail("expected undocumented, got \(coded)") }
        XCTAssertEqual(coded.status, 409)
    }

    func testNonJSONBodyStillMapsByStatus() {
        let html = "<html><body>Service Unavailable</body></html>"
        let unavailable = KitchenSinkError(response: response(503, html, headers: ["Content-Type": "text/html"]))
        guard case .unavailable(let details) = unavailable else { return XCTFail("expected unavailable, got \(unavailable)") }
        XCTAssertNil(details.body)
        XCTAssertEqual(details.bodyText, html)

        let undocumented = KitchenSinkError(response: response(500, "oops"))
        guard case .undocumented(let raw) = undocumented else { return XCTFail("expected undocumented, got \(undocumented)") }
        XCTAssertEqual(raw.rawBody, Data("oops".utf8))
        XCTAssertNil(raw.body)
        XCTAssertEqual(undocumented.status, 500)
    }

    func testBodyOfAnotherShapeKeepsRawBodyAndStillMatchesTheCode() {
        // `error.code` is read from the raw JSON, so a body that does not decode as ErrorBody still maps.
        let error = KitchenSinkError(response: response(409, #"{"error":{"code":"OUT_OF_STOCK"},"extra":1,"message":5}"#))
        guard case .outOfStock = error else { return XCTFail("expected outOfStock, got \(error)") }
        let mismatched = KitchenSinkError(response: response(409, #"{"error":{"message":7,"code":"OUT_OF_STOCK"}}"#))
        guard case .outOfStock(let details) = mismatched else { return XCTFail("expected outOfStock, got \(mismatched)") }
        XCTAssertNil(details.body, "message must be a string")
        XCTAssertEqual(details.bodyText, #"{"error":{"message":7,"code":"OUT_OF_STOCK"}}"#)
    }

    func testDescriptionNamesCaseAndStatusButNeverTheBody() {
        let secret = "sk_live_SECRET_1234"
        let cases: [(KitchenSinkError, String)] = [
            (
                KitchenSinkError(response: response(409, #"{"error":{"code":"OUT_OF_STOCK","message":"\#(secret)"}}"#)),
                "KitchenSinkError.outOfStock (HTTP 409)"
            ),
            (KitchenSinkError(response: response(429, secret)), "KitchenSinkError.rateLimited (HTTP 429)"),
            (KitchenSinkError(response: response(418, #"{"token":"\#(secret)"}"#)), "KitchenSinkError.undocumented (HTTP 418)"),
        ]
        for (error, expected) in cases {
            XCTAssertEqual(error.description, expected)
            XCTAssertEqual("\(error)", expected)
            XCTAssertFalse(error.description.contains(secret))
            XCTAssertFalse(String(describing: error).contains(secret))
        }
    }

    func testTransportAndRequestFailuresHaveNoStatus() {
        // Arbitrary errors are named by type only: their descriptions may embed anything.
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        let transport = KitchenSinkError.transport(Boom())
        XCTAssertNil(transport.status)
        XCTAssertNil(transport.response)
        XCTAssertFalse(transport.isRetryable)
        XCTAssertEqual(transport.name, "transport")
        XCTAssertEqual(transport.description, "KitchenSinkError.transport: Boom")

        let invalidRequest = KitchenSinkError.invalidRequest(Boom())
        XCTAssertEqual(invalidRequest.name, "invalidRequest")
        XCTAssertEqual(invalidRequest.description, "KitchenSinkError.invalidRequest: Boom")

        let invalidResponse = KitchenSinkError.invalidResponse(HTTPResponse(status: 200, body: Data("secret-body".utf8)), Boom())
        XCTAssertEqual(invalidResponse.name, "invalidResponse")
        XCTAssertNil(invalidResponse.status)
        XCTAssertEqual(invalidResponse.description, "KitchenSinkError.invalidResponse (HTTP 200): Boom")
    }

    func testNoDescriptionDebugDescriptionOrDumpPrintsSecretsOfUnderlyingErrors() {
        let url = URL(string: "https://api.test/v1/items?api_key=KEY-SECRET-1&token=TOKEN-SECRET-2")!
        let underlying: [any Error] = [
            URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url, "NSErrorFailingURLStringKey": url.absoluteString]),
            NSError(
                domain: NSURLErrorDomain, code: -1004,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: url,
                    NSLocalizedDescriptionKey: "failed: \(url.absoluteString)",
                ]),
            DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad TOKEN-SECRET-2")),
            TokenRefreshError.refreshFailed(underlying: URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url])),
        ]
        var errors: [KitchenSinkError] = []
        for error in underlying {
            errors += [
                .transport(error), .invalidRequest(error),
                .invalidResponse(HTTPResponse(status: 200, body: Data("TOKEN-SECRET-2".utf8)), error),
            ]
        }
        for error in errors {
            var dumped = ""
            dump(error, to: &dumped)
            for text in [error.description, error.debugDescription, "\(error)", String(reflecting: error), dumped] {
                XCTAssertFalse(text.contains("KEY-SECRET-1") || text.contains("TOKEN-SECRET-2"), text)
            }
        }
        // What is left still helps: the case, the error code, and the URL without its secrets.
        XCTAssertEqual(
            KitchenSinkError.transport(underlying[0]).description,
            "KitchenSinkError.transport: URLError(-1001) for https://api.test/v1/items?api_key=<redacted>&token=<redacted>")
    }

    func testNamesOfEveryDocumentedCase() {
        let names = [
            KitchenSinkError(response: response(409, #"{"error":{"code":"OUT_OF_STOCK"}}"#)),
            KitchenSinkError(response: response(429, "")),
            KitchenSinkError(response: response(503, "")),
            KitchenSinkError(response: response(400, #"{"error":{"code":1001}}"#)),
            KitchenSinkError(response: response(400, #"{"error":{"code":"OLD"}}"#)),
            KitchenSinkError(response: response(400, "")),
        ].map(\.name)
        XCTAssertEqual(names, ["outOfStock", "rateLimited", "unavailable", "numericCode", "oldError", "undocumented"])
    }
}
