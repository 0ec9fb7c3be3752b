import Foundation
import KitchenSink
import XCTest

/// Fields built from `uuid` (KitchenSink's `Identifiers`: required, optional, nullable, optional and
/// nullable, defaulted, `[uuid]`, `[string: uuid]`, `[[uuid]]`, an alias and a list of it) decode each
/// UUID once and only in canonical form; anything else is a `DecodingError` at that value's path.
final class CanonicalUUIDDecodingTests: XCTestCase {
    private let canonical = "6bac7eea-c120-428d-beb6-910c6f290434"
    private let other = "00000000-0000-0000-0000-0000000000AA"
    /// Text Foundation's `UUID` decoding accepts on Linux but the export's pattern does not.
    private var nonCanonical: [String] {
        [canonical + "\\u0000junk", "+" + canonical.dropFirst(), String(canonical.dropLast()), canonical.replacingOccurrences(of: "-", with: "")]
    }

    /// The smallest valid payload, with `replacements` merged over it (raw JSON text per key) and the
    /// keys in `removing` left out.
    private func payload(_ replacements: [String: String] = [:], removing: Set<String> = []) -> String {
        var members: [String: String] = [
            "primary": "\"\(canonical)\"", "replacedBy": "null", "related": "[\"\(canonical)\"]",
            "byRole": "{\"owner\":\"\(canonical)\"}", "batches": "[[\"\(canonical)\"]]", "device": "\"\(canonical)\"",
        ]
        members.merge(replacements) { $1 }
        members = members.filter { !removing.contains($0.key) }
        return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    /// The dotted coding path of a `dataCorrupted` or `typeMismatch` error.
    private func corruptedPath(_ error: any Error) -> String? {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context):
            return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        default:
            return nil
        }
    }

    func testEveryShapeDecodesCanonicalUUIDsInEitherCase() throws {
        let uuid = try XCTUnwrap(UUID(uuidString: canonical))
        let otherUUID = try XCTUnwrap(UUID(uuidString: other))
        let value = try decodeJSON(
            Identifiers.self,
            payload([
                "primary": "\"\(canonical.uppercased())\"", "secondary": "\"\(other)\"", "replacedBy": "\"\(other)\"",
                "parent": "\"\(canonical)\"", "origin": "\"\(other)\"", "related": "[\"\(canonical)\",\"\(other)\"]",
                "byRole": "{\"owner\":\"\(canonical)\",\"auditor\":\"\(other)\"}", "batches": "[[\"\(canonical)\"],[],[\"\(other)\"]]",
                "devices": "[\"\(other)\"]",
            ]))
        XCTAssertEqual(value.primary, uuid)
        XCTAssertEqual(value.secondary, otherUUID)
        XCTAssertEqual(value.replacedBy, otherUUID)
        XCTAssertEqual(value.parent, uuid)
        XCTAssertEqual(value.origin, otherUUID)
        XCTAssertEqual(value.related, [uuid, otherUUID])
        XCTAssertEqual(value.byRole, ["owner": uuid, "auditor": otherUUID])
        XCTAssertEqual(value.batches, [[uuid], [], [otherUUID]])
        XCTAssertEqual(value.device, uuid)
        XCTAssertEqual(value.devices, [otherUUID])
    }

    func testOptionalNullableAndDefaultedFieldsKeepTheirRules() throws {
        let minimal = try decodeJSON(Identifiers.self, payload())
        XCTAssertNil(minimal.secondary)
        XCTAssertNil(minimal.replacedBy)
        XCTAssertNil(minimal.parent)
        XCTAssertEqual(minimal.origin, UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        XCTAssertNil(minimal.devices)

        let nulls = try decodeJSON(Identifiers.self, payload(["secondary": "null", "parent": "null", "devices": "null"]))
        XCTAssertNil(nulls.secondary)
        XCTAssertNil(nulls.parent)
        XCTAssertNil(nulls.devices)

        // Nullable but required: the key must be there.
        XCTAssertThrowsError(try decodeJSON(Identifiers.self, payload(removing: ["replacedBy"]))) { error in
            XCTAssertEqual(keyNotFoundPath(error), "replacedBy")
        }
        // Required and not nullable: null is an error.
        XCTAssertThrowsError(try decodeJSON(Identifiers.self, payload(["primary": "null"])))
    }

    func testNonCanonicalTextIsRejectedAtTheValuesPathInEveryShape() {
        for text in nonCanonical {
            let quoted = "\"\(text)\""
            let cases: [(key: String, json: String, path: String)] = [
                ("primary", quoted, "primary"),
                ("secondary", quoted, "secondary"),
                ("replacedBy", quoted, "replacedBy"),
                ("parent", quoted, "parent"),
                ("origin", quoted, "origin"),
                ("related", "[\"\(canonical)\",\(quoted)]", "related.1"),
                ("byRole", "{\"owner\":\(quoted)}", "byRole.owner"),
                ("batches", "[[\"\(canonical)\"],[\(quoted)]]", "batches.1.0"),
                ("device", quoted, "device"),
                ("devices", "[\(quoted)]", "devices.0"),
            ]
            for entry in cases {
                XCTAssertThrowsError(try decodeJSON(Identifiers.self, payload([entry.key: entry.json])), "\(entry.key): \(text)") { error in
                    XCTAssertEqual(corruptedPath(error), entry.path, "\(entry.key): \(text): \(error)")
                }
            }
        }
    }

    func testANonStringIsATypeMismatch() {
        XCTAssertThrowsError(try decodeJSON(Identifiers.self, payload(["primary": "42"]))) { error in
            guard case DecodingError.typeMismatch = error else { return XCTFail("\(error)") }
            XCTAssertEqual(corruptedPath(error), "primary")
        }
    }

    func testEncodingWritesWhatDecodingReads() throws {
        let value = try decodeJSON(
            Identifiers.self, payload(["secondary": "\"\(other)\"", "devices": "[\"\(canonical)\"]", "origin": "\"\(other)\""]))
        XCTAssertEqual(try decodeJSON(Identifiers.self, encodedText(value)), value)
    }
}
