import SchemaModel
import XCTest

/// `renamedFrom:` must name what the construct was called before, not itself, not a sibling that is
/// still declared, and not an old name another construct already took over.
final class RenamedFromDiagnosticsTests: XCTestCase {
    private func diagnostics(_ text: String) -> [String] {
        SchemaLoader.load(text: text, file: "s.yaml").diagnostics.map(\.description)
    }

    private let valid = miniSchema(types: "  Thing: { renamedFrom: OldThing, fields: { a: { type: string, renamedFrom: b } } }")

    func testAValidRenameLoads() {
        XCTAssertEqual(diagnostics(valid), [])
    }

    func testRenamedFromItself() {
        let text = miniSchema(types: "  Thing: { renamedFrom: Thing, fields: { a: string } }")
        XCTAssertEqual(
            diagnostics(text), ["s.yaml:10:25: error: 'renamedFrom' of type 'Thing' names the type itself; write the name it had in the previous version"])
    }

    func testRenamedFromASiblingThatStillExists() {
        let text = miniSchema(types: "  Thing: { fields: { a: string, b: { type: string, renamedFrom: a } } }")
        XCTAssertEqual(
            diagnostics(text),
            ["s.yaml:10:65: error: 'renamedFrom' of field 'b' of type 'Thing' names 'a', which is still declared; a renamed field replaces the old one"])
    }

    func testTwoConstructsClaimingOneOldName() {
        let text = miniSchema(types: "  A: { renamedFrom: Old, fields: { a: string } }\n  B: { renamedFrom: Old, fields: { a: string } }")
        XCTAssertEqual(diagnostics(text), ["s.yaml:11:21: error: types 'A' and 'B' are both 'renamedFrom' 'Old'; only one can take over an old name"])
    }

    func testRenamedFromMustBeAName() {
        let text = miniSchema(types: "  Thing: { renamedFrom: [A], fields: { a: string } }")
        XCTAssertEqual(diagnostics(text), ["s.yaml:10:25: error: 'renamedFrom' in type 'Thing' must be the name it had in the previous version, found a list"])
    }
}
