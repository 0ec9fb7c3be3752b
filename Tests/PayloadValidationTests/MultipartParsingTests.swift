import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// `Multipart.parse`, which the sandbox and `schema-check traffic` take request bodies apart with. It
/// searches each delimiter once from where the last part ended (it used to search from a slice each time,
/// 48 s for 100,000 parts); these tests pin what it returns, the timing is in
/// Benchmarks/multipart-and-record.sh.
final class MultipartParsingTests: XCTestCase {
    private static let boundary = "b0undary-XyZ"

    private static func body(_ parts: [(name: String, contentType: String?, data: Data)], preamble: String = "") -> Data {
        var body = Data(preamble.utf8)
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let contentType = part.contentType { head += "; filename=\"\(part.name).bin\"\r\nContent-Type: \(contentType)" }
            body += Data((head + "\r\n\r\n").utf8) + part.data + Data("\r\n".utf8)
        }
        return body + Data("--\(boundary)--\r\n".utf8)
    }

    func testTwentyThousandPartsComeBackInOrderWithTheirBytes() throws {
        let parts = (0..<20_000).map { index in (name: "field\(index)", contentType: index % 1000 == 0 ? "image/jpeg" : nil, data: Data("value \(index)".utf8))
        }
        let parsed = try XCTUnwrap(Multipart.parse(Self.body(parts), boundary: Self.boundary))
        XCTAssertEqual(parsed.count, 20_000)
        XCTAssertEqual(parsed.map(\.name), parts.map(\.name))
        XCTAssertEqual(parsed.map(\.data), parts.map(\.data))
        XCTAssertEqual(parsed.map(\.contentType), parts.map(\.contentType))
        XCTAssertEqual(parsed[1000].filename, "field1000.bin")
        XCTAssertNil(parsed[1].filename)
    }

    func testALargeFilePartKeepsEveryByteIncludingNearDelimiters() throws {
        // Bytes that start like a delimiter but are not one, so a search must not stop at them.
        var file = Data(repeating: 0xFF, count: 2_000_000)
        let nearMiss = Data("\r\n--b0undary-XY\r\n--".utf8)
        file.replaceSubrange(1000..<(1000 + nearMiss.count), with: nearMiss)
        let cutShort = Data("\r\n--b0und\r".utf8)
        file.replaceSubrange((file.count - cutShort.count)..<file.count, with: cutShort)
        let parsed = try XCTUnwrap(
            Multipart.parse(
                Self.body([("side", nil, Data("M".utf8)), ("image", "image/jpeg", file)], preamble: "ignored preamble\r\n"),
                boundary: Self.boundary))
        XCTAssertEqual(parsed.map(\.name), ["side", "image"])
        XCTAssertEqual(parsed[1].data, file)
        XCTAssertEqual(parsed[1].contentType, "image/jpeg")
    }

    func testEmptyPartsAndEmptyBodies() throws {
        let parsed = try XCTUnwrap(Multipart.parse(Self.body([("a", nil, Data()), ("b", nil, Data())]), boundary: Self.boundary))
        XCTAssertEqual(parsed.map(\.name), ["a", "b"])
        XCTAssertEqual(parsed.map(\.data), [Data(), Data()])
        XCTAssertEqual(Multipart.parse(Data("--\(Self.boundary)--\r\n".utf8), boundary: Self.boundary)?.count, 0)
    }

    func testMalformedBodiesAreNil() {
        let good = Self.body([("a", nil, Data("1".utf8))])
        XCTAssertNotNil(Multipart.parse(good, boundary: Self.boundary))
        XCTAssertNil(Multipart.parse(good, boundary: "other"), "no delimiter")
        XCTAssertNil(Multipart.parse(good.dropLast(16), boundary: Self.boundary), "no closing delimiter")
        XCTAssertNil(
            Multipart.parse(Data("--\(Self.boundary)\r\nContent-Disposition: form-data\r\n\r\nx\r\n--\(Self.boundary)--".utf8), boundary: Self.boundary),
            "no name")
        XCTAssertNil(
            Multipart.parse(Data("--\(Self.boundary)\r\nno header end\r\n--\(Self.boundary)--".utf8), boundary: Self.boundary),
            "no blank line after the headers")
        XCTAssertNil(Multipart.parse(Data("--\(Self.boundary)Xjunk".utf8), boundary: Self.boundary), "neither CRLF nor -- after the delimiter")
        XCTAssertNil(Multipart.parse(good, boundary: ""))
    }

    func testBoundariesOutsideRFC2046AreRefused() {
        // 1 to 70 characters without control characters (RFC 2046 5.1.1); a longer one would make each
        // search compare more bytes per candidate.
        let long = String(repeating: "b", count: 71)
        let body = Data("--\(long)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(long)--\r\n".utf8)
        XCTAssertNil(Multipart.parse(body, boundary: long))
        let seventy = String(repeating: "b", count: 70)
        XCTAssertEqual(
            Multipart.parse(Data(String(decoding: body, as: UTF8.self).replacingOccurrences(of: long, with: seventy).utf8), boundary: seventy)?.count, 1)
        XCTAssertNil(Multipart.parse(Data("--a\rb\r\n".utf8), boundary: "a\rb"))
    }
}
