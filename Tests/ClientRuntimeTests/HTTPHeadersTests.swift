import ClientRuntime
import XCTest

final class HTTPHeadersTests: XCTestCase {
    func testLookupIsCaseInsensitive() {
        let headers: HTTPHeaders = ["Content-Type": "application/json"]
        XCTAssertEqual(headers["content-type"], "application/json")
        XCTAssertEqual(headers["CONTENT-TYPE"], "application/json")
        XCTAssertNil(headers["Accept"])
    }

    func testSetReplacesAllFieldsOfThatNameKeepingPosition() {
        var headers = HTTPHeaders([
            (name: "A", value: "1"), (name: "X-Tag", value: "a"), (name: "B", value: "2"),
            (name: "x-tag", value: "b"),
        ])
        headers["X-TAG"] = "c"
        XCTAssertEqual(headers.map(\.name), ["A", "X-TAG", "B"])
        XCTAssertEqual(headers.values(for: "x-tag"), ["c"])
        XCTAssertEqual(headers.count, 3)
    }

    func testSetNilRemovesAllFieldsOfThatName() {
        var headers = HTTPHeaders([(name: "X-Tag", value: "a"), (name: "X-TAG", value: "b"), (name: "B", value: "2")])
        headers["x-tag"] = nil
        XCTAssertEqual(headers.map(\.name), ["B"])
        XCTAssertNil(headers["X-Tag"])
    }

    func testAddKeepsRepeatedFieldsInOrder() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "a")
        headers.add(name: "Content-Type", value: "c")
        headers.add(name: "accept", value: "b")
        XCTAssertEqual(headers.values(for: "ACCEPT"), ["a", "b"])
        XCTAssertEqual(headers["Accept"], "a")
        XCTAssertEqual(headers.map { "\($0.name)=\($0.value)" }, ["Accept=a", "Content-Type=c", "accept=b"])
    }

    func testEqualityIgnoresNameCaseButNotValueOrOrder() {
        let a: HTTPHeaders = ["Content-Type": "json", "Accept": "x"]
        let b: HTTPHeaders = ["content-type": "json", "ACCEPT": "x"]
        let c: HTTPHeaders = ["Accept": "x", "Content-Type": "json"]
        let d: HTTPHeaders = ["Content-Type": "JSON", "Accept": "x"]
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, c)
        XCTAssertNotEqual(a, d)
    }

    func testDescriptionRedactsSecrets() {
        let headers: HTTPHeaders = [
            "Authorization": "Bearer s3cr3t-token",
            "Cookie": "sid=cookie-secret",
            "X-Api-Key": "key-secret",
            "X-Session-Id": "session-secret",
            "X-Access-Token": "token-secret",
            "X-Client-Secret": "client-secret",
            "Content-Type": "application/json",
        ]
        for text in [headers.description, headers.debugDescription, String(describing: headers), dumped(headers)] {
            for secret in [
                "s3cr3t-token", "cookie-secret", "key-secret", "session-secret", "token-secret",
                "client-secret",
            ] {
                XCTAssertFalse(text.contains(secret), "\(secret) leaked in \(text)")
            }
            XCTAssertTrue(text.contains("application/json"), text)
            XCTAssertTrue(text.contains("Authorization: <redacted>"), text)
        }
    }

    func testRequestAndResponseDescriptionsRedactSecrets() throws {
        var headers: HTTPHeaders = ["Authorization": "Bearer abc123", "Accept": "application/json"]
        headers.add(name: "Set-Cookie", value: "sid=xyz789")
        let url = try XCTUnwrap(URL(string: "https://user:pa55@api.example.com/v1/items?page=2&api_key=k3y&x=1"))
        let request = HTTPRequest(method: .post, url: url, headers: headers, body: Data("{\"pin\":\"9999\"}".utf8))
        let response = HTTPResponse(status: 200, headers: headers, body: Data("tok".utf8))
        for text in [
            request.description, String(describing: request), dumped(request),
            response.description, String(describing: response), dumped(response),
        ] {
            for secret in ["abc123", "xyz789", "k3y", "pa55", "9999"] {
                XCTAssertFalse(text.contains(secret), "\(secret) leaked in \(text)")
            }
        }
        XCTAssertEqual(
            request.description,
            "POST https://user:***@api.example.com/v1/items?page=2&api_key=<redacted>&x=1 "
                + "[Authorization: <redacted>, Accept: application/json, Set-Cookie: <redacted>] (14 bytes)"
        )
    }

    private func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}
