@_spi(Generated) import ClientRuntime
import Foundation
import XCTest

/// The flattening shared by form bodies, multipart bodies and object-valued query parameters: values
/// that cannot be flat are a clear build error, never a crash or a silently dropped member.
final class FlatFieldsTests: XCTestCase {
    private let operation = OperationInfo(name: "op", method: .post, pathTemplate: "/op", successStatus: 200)

    private func builder() -> RequestBuilder {
        RequestBuilder(operation: operation, baseURL: URL(string: "https://api.example.com/v1")!)
    }

    /// Where the encoding is flat (a `form`-style query object, a flat form body) a nested value is an
    /// error naming its member; `deepObject` nests it in brackets instead (issue 27, Stripe's encoding).
    func testNestedObjectsAndListsOfListsAreRejectedByNameWhereTheEncodingIsFlat() throws {
        var nested = builder()
        nested.addQueryObject("filter", ["outer": ["inner": 1]], style: .form)
        XCTAssertThrowsError(try nested.build()) { error in
            XCTAssertEqual(error as? RequestBuildError, .unflattenableValue(member: "outer"))
            XCTAssertTrue("\(error)".contains("'outer'"), "\(error)")
        }
        var deep = builder()
        deep.addQueryObject("filter", ["outer": ["inner": 1]], style: .deepObject)
        XCTAssertEqual(try deep.build().url.query, "filter%5Bouter%5D%5Binner%5D=1")
        var form = builder()
        XCTAssertThrowsError(try form.setFormBody(["grid": [[1, 2]]])) { error in
            XCTAssertEqual(error as? RequestBuildError, .unflattenableValue(member: "grid"))
        }
    }

    func testAValueThatIsNotAnObjectIsRejectedWithAMessage() {
        var list = builder()
        list.addQueryObject("ids", [1, 2], style: .form)
        XCTAssertThrowsError(try list.build()) { error in
            XCTAssertEqual(error as? RequestBuildError, .unflattenableValue(member: ""))
            XCTAssertFalse("\(error)".contains("''"), "never an empty value: \(error)")
        }
    }

    func testAValueJSONCannotEncodeIsRejected() {
        var notANumber = builder()
        notANumber.addQueryObject("filter", ["max": Double.nan], style: .form)
        XCTAssertThrowsError(try notANumber.build()) { error in
            XCTAssertEqual(error as? RequestBuildError, .unflattenableValue(member: "filter"))
        }
    }

    func testNilMembersAreLeftOutAndScalarsKeepTheirJSONText() throws {
        struct Filter: Encodable, Sendable {
            var name: String?
            var active: Bool
            var count: Int
            var ratio: Double
        }
        var form = builder()
        try form.setFormBody(Filter(name: nil, active: true, count: -3, ratio: 0.25))
        let request = try form.build()
        XCTAssertEqual(String(decoding: request.body ?? Data(), as: UTF8.self), "active=true&count=-3&ratio=0.25")
        XCTAssertEqual(request.headers["Content-Type"], "application/x-www-form-urlencoded")
    }

    func testFormEscapingMatchesTheWHATWGSerializer() {
        // Every ASCII byte that is not kept: the WHATWG application/x-www-form-urlencoded percent-encode set.
        let kept = Set("*-._0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        for byte in UInt8(0)...UInt8(127) {
            let character = Character(Unicode.Scalar(byte))
            let escaped = FormURLEncoding.escape(String(character))
            if character == " " {
                XCTAssertEqual(escaped, "+")
            } else if kept.contains(character) {
                XCTAssertEqual(escaped, String(character))
            } else {
                XCTAssertEqual(escaped, String(format: "%%%02X", byte))
            }
        }
        XCTAssertEqual(FormURLEncoding.escape("é😀"), "%C3%A9%F0%9F%98%80")
    }
}
