import SchemaModel
import TestSupport
import XCTest

/// Recursive types (issue 27 line 3): a struct may contain itself directly or through other structs,
/// aliases and unions, as long as some value of it is finite JSON; only a cycle of fields that must be
/// present and not null, or an alias naming itself, is a mistake.
final class RecursionDiagnosticsTests: XCTestCase {
    private func errors(_ types: String) -> [String] {
        diagnostics(schemaText(types: types)).map { $0.components(separatedBy: "error: ").last ?? $0 }
    }

    func testAStructMayContainItselfThroughAnOptionalOrNullableFieldOrAnotherStructOrAnAlias() {
        XCTAssertEqual(
            errors(
                """
                  Pet:
                    fields:
                      name: string
                      parent: { type: Pet, optional: true }
                      mother: { type: PetRef, nullable: true }
                      favourite: { type: Toy, optional: true }
                  PetRef:
                    type: Pet
                  Toy:
                    fields:
                      owner: Pet
                """), [])
    }

    func testARequiredSelfReferenceHasNoFiniteValue() {
        assertSingleError(
            schemaText(
                types: """
                      Node:
                        fields:
                          next: Node
                    """), line: 10,
            contains:
                "type 'Node' can never have a finite value: it requires itself through Node.next; make a field on the cycle optional or nullable, or hold it in a list or a map"
        )
    }

    func testACycleThroughAnAliasAndAnotherStructNamesEveryStep() {
        XCTAssertEqual(
            errors(
                """
                  A:
                    fields:
                      b: BRef
                  BRef:
                    type: B
                  B:
                    fields:
                      a: A
                      other: { type: A, optional: true }
                """),
            [
                "type 'A' can never have a finite value: it requires itself through A.b -> B.a; make a field on the cycle optional or nullable, or hold it in a list or a map"
            ])
    }

    func testAUnionEndsACycleOnlyWithAVariantOffIt() {
        let variants = """
              Expr:
                union:
                  discriminator: kind
                  variants: { neg: Neg, sum: Sum }
              Neg:
                fields:
                  operand: Expr
              Sum:
                fields:
                  terms: { type: "[Expr]", minItems: 2 }

            """
        XCTAssertEqual(
            errors(variants),
            [
                "type 'Expr' can never have a finite value: it requires itself through Expr | neg -> Neg.operand; make a field on the cycle optional or nullable, or hold it in a list or a map"
            ])
        // A list that may be empty, or a third variant, is a way out.
        XCTAssertEqual(errors(variants.replacingOccurrences(of: ", minItems: 2", with: "")), [])
        XCTAssertEqual(
            errors(variants.replacingOccurrences(of: "sum: Sum }", with: "sum: Sum, lit: Lit }") + "  Lit:\n    fields:\n      value: int32\n"), [])
    }

    func testAnAliasThatNamesItselfIsStillReported() {
        XCTAssertEqual(
            errors(
                """
                  Forest:
                    type: "[Trees]"
                  Trees:
                    type: "[string: Forest]"
                """
            ).filter { !$0.contains("nests lists and maps") },
            [
                "alias 'Forest' refers to itself through Forest -> Trees; make one of them a struct or a union",
                "alias 'Trees' refers to itself through Trees -> Forest; make one of them a struct or a union",
            ])
    }

    func testOnlyTheFieldsThatCloseACycleAreStoredOutOfLine() throws {
        let text = schemaText(
            types: """
                  Pet:
                    fields:
                      parent: { type: Pet, optional: true }
                      children: "[Pet]"
                      toy: { type: Toy, optional: true }
                  Toy:
                    fields:
                      owner: PetRef
                      maker: { type: Maker, optional: true }
                  PetRef:
                    type: Pet
                  Maker:
                    fields:
                      name: string
                """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        // Pet.parent closes Pet -> Pet; Toy.owner closes Pet -> Toy -> Pet; a list is out of line already.
        XCTAssertEqual(schema.indirectFields, ["Pet": ["parent"], "Toy": ["owner"]])
    }

    func testAChainOfTwentyThousandStructsIsWalkedWithoutTheCallStack() throws {
        let chain = (1..<20_000).map { "  C\($0):\n    fields:\n      inner: { type: C\($0 - 1), optional: true }\n" }.joined()
        let ring = "  C0:\n    fields:\n      inner: { type: C19999, optional: true }\n"
        let schema = try XCTUnwrap(SchemaLoader.load(text: schemaText(types: ring + chain), file: "test.yaml").schema)
        XCTAssertEqual(schema.indirectFields.values.map(\.count).reduce(0, +), 1, "one field closes the ring")
    }
}
