import ClientRuntime
import Foundation
import XCTest

/// Errors that carry a URL with credentials (an `NSError`'s failing URL) must not print them, in any of
/// the ways errors end up in logs.
final class ErrorRedactionTests: XCTestCase {
    static let secretURL = URL(string: "https://user:pa55word@api.test/v1/items?api_key=KEY-SECRET-1&token=TOKEN-SECRET-2&page=3")!
    static let secrets = ["KEY-SECRET-1", "TOKEN-SECRET-2", "pa55word"]

    static var errorsCarryingSecrets: [any Error] {
        [
            URLError(
                .timedOut,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: secretURL,
                    "NSErrorFailingURLStringKey": secretURL.absoluteString,
                ]),
            NSError(
                domain: NSURLErrorDomain, code: -1004,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: secretURL,
                    NSLocalizedDescriptionKey: "Could not connect to \(secretURL.absoluteString)",
                ]),
            NSError(domain: "Custom", code: 7, userInfo: [NSLocalizedDescriptionKey: "token=TOKEN-SECRET-2"]),
            DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad value KEY-SECRET-1")),
        ]
    }

    /// Every way an error is commonly turned into text.
    static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return ["\(value)", String(describing: value), String(reflecting: value), dumped]
    }

    func testSummaryRedactsTheFailingURLButKeepsWhatHelps() {
        let summary = ErrorSummary.describe(Self.errorsCarryingSecrets[0])
        XCTAssertEqual(summary, "URLError(-1001) for https://user:***@api.test/v1/items?api_key=<redacted>&token=<redacted>&page=3")
        XCTAssertEqual(
            ErrorSummary.describe(
                DecodingError.keyNotFound(
                    JSONCodingKeyForTest("id"),
                    .init(
                        codingPath: [JSONCodingKeyForTest("items"), JSONCodingKeyForTest(index: 2)], debugDescription: "secret"))),
            "DecodingError.keyNotFound 'id' at items[2]")
    }

    func testRuntimeErrorsNeverPrintSecrets() {
        var errors: [any Error] = Self.errorsCarryingSecrets.map { TokenRefreshError.refreshFailed(underlying: $0) }
        errors += [
            TransportError.crossOriginRedirect(status: 307, origin: "https://other.test:443"),
            RequestBuildError.invalidCredential(scheme: "bearer"),
        ]
        for error in errors {
            for text in Self.renderings(of: error) + [ErrorSummary.describe(error)] {
                for secret in Self.secrets { XCTAssertFalse(text.contains(secret), "\(secret) in: \(text)") }
            }
        }
    }
}

/// A generated API error reduced to what `ErrorSummary` reads: a description naming case and status,
/// never the body (which here carries a secret).
private enum DescribedAPIFailure: APIFailure, CustomStringConvertible {
    case refused(HTTPResponse)
    case transport(any Error)
    case invalidRequest(any Error)
    case invalidResponse(HTTPResponse, any Error)

    init(response: HTTPResponse) { self = .refused(response) }

    var description: String {
        if case .refused(let response) = self { return "DescribedAPIFailure.refused (HTTP \(response.status))" }
        return "DescribedAPIFailure"
    }
}

extension ErrorRedactionTests {
    /// A refresh the server refused names the API error's case and status (line 10 of issue 25: the
    /// client's error said only the type), and still never the body.
    func testAnAPIErrorUnderneathIsDescribedByItsCaseAndStatusNotItsBody() {
        let refused = DescribedAPIFailure(response: HTTPResponse(status: 401, body: Data(#"{"message":"token TOKEN-SECRET-2 unknown"}"#.utf8)))
        XCTAssertEqual(ErrorSummary.describe(refused), "DescribedAPIFailure.refused (HTTP 401)")
        let error = TokenRefreshError.refreshFailed(underlying: refused)
        XCTAssertEqual(error.description, "The access token could not be refreshed (DescribedAPIFailure.refused (HTTP 401)).")
        for text in Self.renderings(of: error) { XCTAssertFalse(text.contains("TOKEN-SECRET-2"), text) }
        XCTAssertEqual(ErrorSummary.describe(TestFailure(response: HTTPResponse(status: 401))), "TestFailure", "other errors: the type alone")
    }
}

struct JSONCodingKeyForTest: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(index: Int) {
        stringValue = "\(index)"
        intValue = index
    }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(index: intValue) }
}
