import Foundation
import SchemaModel
import XCTest

/// `JSONParser.parse(_:streamingElementsAt:)`: the elements of one array are handed over one by one and
/// not kept, so `schema-check traffic` reads a HAR capture without holding its entries (a 200 MB capture
/// of `{}` entries held as a tree grew past 10 GB).
final class JSONStreamingTests: XCTestCase {
    private func stream(_ text: String, at path: [String] = ["log", "entries"]) throws -> (outline: JSON, elements: [JSON]) {
        var elements: [JSON] = []
        let outline = try Data(text.utf8).withUnsafeBytes { raw in
            try JSONParser.parse(raw, streamingElementsAt: path) { elements.append($0) }
        }
        return (outline, elements)
    }

    func testElementsAreHandedOverWholeAndTheOutlineKeepsOnlyThePath() throws {
        let text = #"""
            {"log": {"version": "1.2", "creator": {"name": "x", "list": [1, 2]},
                     "entries": [{"request": {"method": "GET", "headers": [{"name": "a", "value": "b"}]}}, {}, [1, {"x": null}], 7],
                     "pages": [{"id": 1}]},
             "other": [{"big": "value"}]}
            """#
        let (outline, elements) = try stream(text)
        XCTAssertEqual(outline.description, #"{"log":{"entries":[]}}"#, "only the way to the entries is kept")
        XCTAssertEqual(
            elements.map(\.description),
            [#"{"request":{"method":"GET","headers":[{"name":"a","value":"b"}]}}"#, "{}", #"[1,{"x":null}]"#, "7"],
            "each element exactly as a full parse gives it")
    }

    func testOnlyTheFirstMemberOfANameIsFollowedAsTheSubscriptReadsIt() throws {
        let (outline, elements) = try stream(#"{"log": {"entries": [1, 2], "entries": [3]}, "log": {"entries": [4]}}"#)
        XCTAssertEqual(elements, [.number("1"), .number("2")])
        XCTAssertEqual(outline.description, #"{"log":{"entries":[]}}"#)
    }

    func testAPathThatIsNotThereStreamsNothingAndShowsWhatIsThere() throws {
        XCTAssertEqual(try stream(#"{"log": {"entries": {"a": [1]}}}"#).outline.description, #"{"log":{"entries":{}}}"#)
        XCTAssertEqual(try stream(#"{"log": [{"entries": [1]}]}"#).outline.description, #"{"log":[]}"#)
        XCTAssertEqual(try stream(#"{"log": {"entries": 5}}"#).outline.description, #"{"log":{"entries":5}}"#)
        XCTAssertEqual(try stream(#"[{"log": 1}]"#).outline.description, "[]")
        XCTAssertEqual(try stream(#"{"log": {"entries": []}}"#).elements, [])
        XCTAssertEqual(try stream(#""text""#).outline, .string("text"))
    }

    func testSyntaxErrorsAreReportedWhereTheyAreEvenAfterStreamedElements() throws {
        var seen = 0
        XCTAssertThrowsError(
            try Data(#"{"log": {"entries": [{}, {}, {"a": 1,}]}}"#.utf8).withUnsafeBytes { raw in
                try JSONParser.parse(raw, streamingElementsAt: ["log", "entries"]) { _ in seen += 1 }
            }
        ) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.message, "expected a member name after ',', found '}' (trailing commas are not allowed)")
        }
        XCTAssertEqual(seen, 2, "the elements before the error were handed over; HARCapture.open therefore checks the whole file first")
        // Depth is limited inside streamed elements as everywhere.
        let deep = #"{"log":{"entries":["# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]}}"
        XCTAssertThrowsError(try stream(deep))
    }
}
