import Foundation
import PayloadValidation
import SchemaModel
import XCTest

@testable import SchemaSandbox

/// Untagged unions of structs told apart by their constants (issue 27 line 3): a synthesized value is the
/// variant the decoder would choose for it, since a constant field always gets its one value, even where
/// the field's example (which lint lets name another enum value) says otherwise.
final class ConstantVariantsServingTests: XCTestCase {
    private let text = """
        api: T
        version: "1"
        environments:
          production: { url: "https://api.example.com" }
        types:
          KindA: { enum: [a] }
          Level: { type: int, enum: [2] }
          KindB: { enum: [b] }
          A:
            fields:
              kind: { type: KindA, example: b }
              level: Level
          B:
            fields:
              kind: KindB
              level: int
          U:
            union:
              variants:
                a: A
                b: B
        operations:
          get: { http: GET /u, response: U }
        """

    func testASynthesizedVariantHoldsItsConstants() throws {
        let loaded = SchemaLoader.load(text: text, file: "t.yaml")
        let schema = try XCTUnwrap(loaded.schema, "\(loaded.diagnostics)")
        let value = PayloadFactory(schema: schema).synthesize(.named("U"), constraints: Constraints(), depth: 0)
        XCTAssertEqual(value, .object([JSON.Member(key: "kind", value: .string("a")), JSON.Member(key: "level", value: .number("2"))]))
        // schema-check chooses the same variant: no issue (a value taken by `b` would not be `a`'s).
        XCTAssertEqual(PayloadValidator(schema: schema, strictEnums: true).validate(value, against: .named("U")), [])
    }
}
