import Foundation
import PayloadValidation
import SchemaModel
@_spi(Generated) import WireFormat
import XCTest

/// A uuid is the canonical 8-4-4-4-12 form and nothing else, as the JSON Schema export's pattern says,
/// in payloads and in parameters, although Foundation's parser accepts more on Linux.
final class UUIDValidationTests: XCTestCase {
    private static let schema: Schema = {
        let path = repositoryRoot.appendingPathComponent("Tests/Fixtures/Patterns/ecma262.yaml").path
        return try! SchemaLoader.loadOrThrow(path: path)
    }()

    static let accepted = ["6bac7eea-c120-428d-beb6-910c6f290434", "6BAC7EEA-C120-428D-BEB6-910C6F290434", "00000000-0000-0000-0000-000000000000"]
    static let rejected = [
        "6bac7eea-c120-428d-beb6-910c6f290434\u{0}junk", "6bac7eea-c120-428d-beb6-910c6f290434\u{0}",
        "+bac7eea-c120-428d-beb6-910c6f290434", "6bac7eea-c120-428d-beb6-910c6f290434\n",
        " 6bac7eea-c120-428d-beb6-910c6f290434", "6bac7eeac120428dbeb6910c6f290434",
        "{6bac7eea-c120-428d-beb6-910c6f290434}", "6bac7eea-c120-428d-beb6-910c6f29043g", "",
    ]

    func testFoundationIsLenientWhereTheExportIsNot() {
        // Why the validator cannot simply use UUID(uuidString:): it stops at the NUL, and takes a sign.
        XCTAssertNotNil(UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434\u{0}junk"))
        XCTAssertNotNil(UUID(uuidString: "+bac7eea-c120-428d-beb6-910c6f290434"))
    }

    func testCanonicalUUIDParser() {
        for text in Self.accepted {
            XCTAssertEqual(UUID(canonicalString: text), UUID(uuidString: text), text)
        }
        for text in Self.rejected {
            XCTAssertNil(UUID(canonicalString: text), text.debugDescription)
        }
    }

    func testPayloadsAndParameters() throws {
        let validator = PayloadValidator(schema: Self.schema)
        let field = try XCTUnwrap(Self.schema.type(named: "Record")?.fields.first)
        func payload(_ text: String) -> JSON { .object([JSON.Member(key: "id", value: .string(text))]) }
        for text in Self.accepted {
            XCTAssertTrue(validator.validate(payload(text), against: .named("Record")).isEmpty, text)
            XCTAssertTrue(validator.validateParameter(text, as: field).isEmpty, text)
        }
        for text in Self.rejected {
            let issues = validator.validate(payload(text), against: .named("Record"))
            XCTAssertEqual(issues.map(\.pointer), ["/id"], text.debugDescription)
            XCTAssertFalse(validator.validateParameter(text, as: field).isEmpty, text.debugDescription)
        }
    }
}
