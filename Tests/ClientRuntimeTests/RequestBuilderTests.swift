@_spi(Generated) import ClientRuntime
import XCTest

final class RequestBuilderTests: XCTestCase {
    private let base = URL(string: "https://api.example.com")!

    private func url(
        _ template: String = "/items/{id}",
        base: URL? = nil,
        _ configure: (inout RequestBuilder) -> Void
    ) throws -> String {
        var builder = RequestBuilder(operation: .test(template), baseURL: base ?? self.base)
        configure(&builder)
        return try builder.build().url.absoluteString
    }

    func testPathValueWithSlashAndQueryStaysOneSegment() throws {
        let text = try url { $0.setPath("id", "../x?y") }
        XCTAssertEqual(text, "https://api.example.com/items/..%2Fx%3Fy")
        let components = try XCTUnwrap(URLComponents(string: text))
        XCTAssertEqual(components.percentEncodedPath.split(separator: "/"), ["items", "..%2Fx%3Fy"])
        XCTAssertNil(components.query)
    }

    func testPathEncodesReservedAndNonASCIICharacters() throws {
        XCTAssertEqual(
            try url { $0.setPath("id", "café ü/+#%&=") },
            "https://api.example.com/items/caf%C3%A9%20%C3%BC%2F%2B%23%25%26%3D")
        XCTAssertEqual(try url { $0.setPath("id", "A-z_0.9~") }, "https://api.example.com/items/A-z_0.9~")
        XCTAssertEqual(try url { $0.setPath("id", "😀") }, "https://api.example.com/items/%F0%9F%98%80")
    }

    func testLiteralTemplateTextIsEncodedOnceAndValuesAreNotEncodedTwice() throws {
        // A template's literal `"` must be encoded, or Foundation re-encodes the whole path (values included).
        XCTAssertEqual(
            try url(#"/{a}/"x y"/{b};v=1:@"#) {
                $0.setPath("a", "a b/c")
                $0.setPath("b", 7)
            },
            "https://api.example.com/a%20b%2Fc/%22x%20y%22/7;v=1:@")
    }

    func testDotSegmentsAreEncoded() throws {
        XCTAssertEqual(try url { $0.setPath("id", ".") }, "https://api.example.com/items/%2E")
        XCTAssertEqual(try url { $0.setPath("id", "..") }, "https://api.example.com/items/%2E%2E")
        XCTAssertEqual(try url { $0.setPath("id", "...") }, "https://api.example.com/items/...")
        XCTAssertEqual(try url { $0.setPath("id", "a.b") }, "https://api.example.com/items/a.b")
    }

    func testSeveralPlaceholdersAndParameterTypes() throws {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let text = try url("/payment-means/{paymentMeansId}/tx/{n}/{day}/deactivation") {
            $0.setPath("paymentMeansId", id)
            $0.setPath("n", 42)
            $0.setPath("day", CalendarDate(year: 2024, month: 2, day: 9))
        }
        XCTAssertEqual(text, "https://api.example.com/payment-means/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/tx/42/2024-02-09/deactivation")
    }

    func testBaseURLPathIsKeptWithoutDoubleSlashes() throws {
        for base in ["https://h.example/wlp/v1", "https://h.example/wlp/v1/", "https://h.example/wlp/v1//"] {
            XCTAssertEqual(try url(base: URL(string: base)!) { $0.setPath("id", "7") }, "https://h.example/wlp/v1/items/7")
        }
        XCTAssertEqual(
            try url("items/{id}", base: URL(string: "https://h.example/")!) { $0.setPath("id", "7") },
            "https://h.example/items/7")
        XCTAssertEqual(
            try url(base: URL(string: "http://127.0.0.1:8080")!) { $0.setPath("id", "7") },
            "http://127.0.0.1:8080/items/7")
    }

    func testBaseURLQueryIsKeptBeforeOperationQuery() throws {
        let text = try url("/items", base: URL(string: "https://h.example/v1?tenant=a")!) { $0.addQuery("page", 2) }
        XCTAssertEqual(text, "https://h.example/v1/items?tenant=a&page=2")
    }

    func testQueryArraysRepeatTheKeyInOrder() throws {
        let text = try url("/items") {
            $0.addQuery("sort", ["name", "-date"])
            $0.addQuery("limit", 10)
            $0.addQuery("ids", [3, 1, 2])
        }
        XCTAssertEqual(text, "https://api.example.com/items?sort=name&sort=-date&limit=10&ids=3&ids=1&ids=2")
    }

    func testNilAndEmptyQueryValuesAreOmitted() throws {
        let missing: String? = nil
        let missingList: [String]? = nil
        let text = try url("/items") {
            $0.addQuery("a", missing)
            $0.addQuery("b", missingList)
            $0.addQuery("c", [String]())
            $0.addQuery("d", "")
        }
        XCTAssertEqual(text, "https://api.example.com/items?d=")
        XCTAssertEqual(try url("/items") { $0.addQuery("a", missing) }, "https://api.example.com/items")
    }

    func testQueryEncodingIsStrict() throws {
        let text = try url("/search") {
            $0.addQuery("q&x=y", "a&b=c+d #e/f?g%h")
            $0.addQuery("flag", true)
            $0.addQuery("when", Date(timeIntervalSince1970: 0))
            $0.addQuery("amount", Decimal(string: "12.50")!)
            $0.addQuery("ratio", 0.25)
        }
        XCTAssertEqual(
            text,
            "https://api.example.com/search?q%26x%3Dy=a%26b%3Dc%2Bd%20%23e%2Ff%3Fg%25h&flag=true"
                + "&when=1970-01-01T00%3A00%3A00.000Z&amount=12.5&ratio=0.25"
        )
        let items = try XCTUnwrap(URLComponents(string: text)?.queryItems)
        XCTAssertEqual(items.first?.name, "q&x=y")
        XCTAssertEqual(items.first?.value, "a&b=c+d #e/f?g%h")
    }

    func testHeadersSetReplaceAndOmit() throws {
        var builder = RequestBuilder(operation: .test("/items"), baseURL: base)
        builder.setHeader("X-Request-Id", "one")
        builder.setHeader("x-request-id", "two")
        builder.setHeader("X-Count", 3)
        builder.setHeader("X-Absent", String?.none)
        builder.setHeader("X-Count", Int?.none)
        let request = try builder.build()
        XCTAssertEqual(request.headers.values(for: "X-Request-Id"), ["two"])
        XCTAssertNil(request.headers["X-Count"])
        XCTAssertNil(request.headers["X-Absent"])
        XCTAssertEqual(request.headers["Accept"], "application/json")
        XCTAssertEqual(request.method, .get)
        XCTAssertNil(request.body)
    }

    func testAcceptHeaderParameterIsNotOverwritten() throws {
        var builder = RequestBuilder(operation: .test("/items"), baseURL: base)
        builder.setHeader("accept", "application/problem+json")
        XCTAssertEqual(try builder.build().headers.values(for: "Accept"), ["application/problem+json"])
    }

    func testHeaderValuesWithLineBreaksAreRejected() {
        var builder = RequestBuilder(operation: .test("/items"), baseURL: base)
        builder.setHeader("X-Note", "a\r\nInjected: yes")
        XCTAssertThrowsError(try builder.build()) { error in
            XCTAssertEqual(error as? RequestBuildError, .invalidHeaderValue(name: "X-Note"))
        }
    }

    func testJSONBodySetsContentType() throws {
        struct Payload: Codable, Sendable, Equatable {
            let name: String
            let amount: Int
            let day: CalendarDate
            let url: String
        }
        var builder = RequestBuilder(operation: .test("/items", method: .post), baseURL: base)
        try builder.setJSONBody(Payload(name: "Zoë", amount: 5, day: CalendarDate(year: 2024, month: 1, day: 2), url: "a/b"))
        let request = try builder.build()
        XCTAssertEqual(request.method, .post)
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(request.headers["Accept"], "application/json")
        let body = try XCTUnwrap(request.body)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"amount":5,"day":"2024-01-02","name":"Zoë","url":"a/b"}"#)
    }

    func testUnsetPlaceholderThrows() {
        var builder = RequestBuilder(operation: .test("/a/{first}/b/{second}"), baseURL: base)
        builder.setPath("first", "1")
        XCTAssertThrowsError(try builder.build()) { error in
            XCTAssertEqual(error as? RequestBuildError, .missingPathParameter("second"))
        }
    }

    func testEmptyPathValueThrows() {
        var builder = RequestBuilder(operation: .test(), baseURL: base)
        builder.setPath("id", "")
        XCTAssertThrowsError(try builder.build()) { error in
            XCTAssertEqual(error as? RequestBuildError, .emptyPathParameter("id"))
        }
    }

    func testMalformedTemplateThrows() {
        for template in ["/items/{id", "/items/id}", "/items/{a{b}}"] {
            var builder = RequestBuilder(operation: .test(template), baseURL: base)
            builder.setPath("id", "1")
            XCTAssertThrowsError(try builder.build(), template) { error in
                XCTAssertEqual(error as? RequestBuildError, .malformedPathTemplate(template))
            }
        }
    }

    func testParameterValues() {
        enum Color: String, ParameterEncodable { case deepRed = "deep-red" }
        XCTAssertEqual(Color.deepRed.parameterValue, "deep-red")
        XCTAssertEqual(false.parameterValue, "false")
        XCTAssertEqual(Int32(-5).parameterValue, "-5")
        XCTAssertEqual(Int64.max.parameterValue, "9223372036854775807")
        XCTAssertEqual(URL(string: "https://x.example/a?b=c")!.parameterValue, "https://x.example/a?b=c")
        XCTAssertEqual(Date(timeIntervalSince1970: 1_714_566_600.25).parameterValue, "2024-05-01T12:30:00.250Z")
    }
}
