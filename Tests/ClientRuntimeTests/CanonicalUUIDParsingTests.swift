@_spi(Generated) import ClientRuntime
import Foundation
import XCTest

/// `UUID(canonicalString:)` reads the digits itself (no second parse with `UUID(uuidString:)`), and
/// `CanonicalUUIDText` / `decodeCanonicalUUIDs` build on it.
final class CanonicalUUIDParsingTests: XCTestCase {
    func testParsesEveryByteLikeFoundationInBothCases() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let uuid = UUID()
            XCTAssertEqual(UUID(canonicalString: uuid.uuidString), uuid)
            XCTAssertEqual(UUID(canonicalString: uuid.uuidString.lowercased()), uuid)
            // Mixed case, one letter at a time.
            let mixed = String(uuid.uuidString.map { Bool.random(using: &generator) ? Character($0.lowercased()) : $0 })
            XCTAssertEqual(UUID(canonicalString: mixed), uuid, mixed)
        }
        XCTAssertEqual(UUID(canonicalString: "ffffffff-ffff-ffff-ffff-ffffffffffff")?.uuidString, "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")
    }

    func testRejectsEverythingButTheCanonicalForm() {
        let canonical = "6bac7eea-c120-428d-beb6-910c6f290434"
        for text in [
            canonical + "0", canonical + "-", "0" + canonical, String(canonical.dropLast()), canonical.replacingOccurrences(of: "-", with: ""),
            canonical.replacingOccurrences(of: "c120-", with: "c120+"), "6bac7eea-c120-428d-beb6-910c6f29043g", "6bac7eea-c120-428d-beb6-910c6f29043/",
            "6bac7eea-c120-428d-beb6-910c6f29043:", "6bac7eea-c120-428d-beb6-910c6f29043@", "6bac7eea-c120-428d-beb6-910c6f29043`",
            "6bac7eea-c120-428d-beb6-910c6f290434\u{0}", "6bac7eea-c120-428d-beb6-910c6f29043\u{e9}", "",
            String(repeating: "a", count: 36),
        ] {
            XCTAssertNil(UUID(canonicalString: text), text.debugDescription)
            XCTAssertFalse(UUID.isCanonical(text), text.debugDescription)
        }
    }

    private struct Holder: Decodable, Equatable {
        let one: UUID
        let many: [String: [UUID]]
        let maybe: UUID?

        enum CodingKeys: String, CodingKey {
            case one, many, maybe
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.one = try container.decodeCanonicalUUIDs(forKey: .one)
            self.many = try container.decodeCanonicalUUIDs(forKey: .many)
            self.maybe = try container.decodeCanonicalUUIDsIfPresent(forKey: .maybe)
        }
    }

    func testContainerHelpersDecodeEveryUUIDOnceAndReportThePath() throws {
        let canonical = "6bac7eea-c120-428d-beb6-910c6f290434"
        let uuid = try XCTUnwrap(UUID(uuidString: canonical))
        let decoder = JSONCoding.makeDecoder()
        let decoded = try decoder.decode(Holder.self, from: Data(#"{"one":"\#(canonical)","many":{"a":["\#(canonical)"]}}"#.utf8))
        XCTAssertEqual(decoded.one, uuid)
        XCTAssertEqual(decoded.many, ["a": [uuid]])
        XCTAssertNil(decoded.maybe)

        let bad = Data(#"{"one":"\#(canonical)","many":{"a":["\#(canonical)","+\#(canonical.dropFirst())"]},"maybe":null}"#.utf8)
        XCTAssertThrowsError(try decoder.decode(Holder.self, from: bad)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }, ["many", "a", "1"])
            XCTAssertEqual(context.debugDescription, "Expected a UUID in canonical 8-4-4-4-12 form.")
        }
    }
}
