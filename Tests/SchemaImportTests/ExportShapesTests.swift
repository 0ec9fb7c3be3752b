import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// The shapes this project's OpenAPI export writes since issue 13 (for swift-openapi-generator, see
/// docs/Exports.md "Interop with swift-openapi-generator"), one test each, written by hand so that a
/// change of the export does not hide a shape the import no longer reads.
final class ExportShapesTests: XCTestCase {
    private func imported(_ schemas: String, file: StaticString = #filePath, line: UInt = #line) throws -> Schema {
        let document = """
            openapi: 3.1.0
            info: { title: Shapes, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths: {}
            components:
              schemas:
            \(schemas)
            """
        let result = OpenAPIImport.importDocument(text: document, file: "shapes.yaml")
        let text = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"), file: file, line: line)
        return try XCTUnwrap(SchemaLoader.load(text: text, file: "shapes.imported.yaml").schema, text, file: file, line: line)
    }

    private func field(_ schema: Schema, _ type: String, _ name: String) -> Field? {
        schema.type(named: type)?.fields.first { $0.wireName == name }
    }

    private func union(_ schema: Schema, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Union {
        guard case .union(let union)? = schema.type(named: name)?.kind else {
            XCTFail("\(name) is \(String(describing: schema.type(named: name)?.kind)), not a union", file: file, line: line)
            throw NotAUnion()
        }
        return union
    }

    private struct NotAUnion: Error {}

    private let pieces = """
                Circle:
                  properties: { kind: { type: string }, radius: { type: number, format: double } }
                  required: [kind, radius]
                Square:
                  properties: { kind: { type: string }, side: { type: number, format: double } }
                  required: [kind, side]
        """

    func testReferenceStatesItsTypeBesideRefAndStructsHaveNone() throws {
        let schema = try imported(
            """
                    Item:
                      title: Item
                      properties: { id: { type: string } }
                      required: [id]
                    Holder:
                      properties:
                        item: { $ref: "#/components/schemas/Item", type: object }
                        spare: { $ref: "#/components/schemas/Item", type: [object, "null"] }
                      required: [item, spare]
            """)
        guard case .structure = schema.type(named: "Item")?.kind else { return XCTFail("Item is not a struct") }
        let item = try XCTUnwrap(field(schema, "Holder", "item"))
        XCTAssertEqual(item.type.description, "Item")
        XCTAssertFalse(item.isNullable)
        let spare = try XCTUnwrap(field(schema, "Holder", "spare"))
        XCTAssertEqual(spare.type.description, "Item")
        XCTAssertTrue(spare.isNullable, "[object, null] beside $ref")
    }

    /// `allOf` of structs is `includes:` (issue 27 line 3), keeping every part's required keys through a
    /// chain (box's File -> File--Mini -> File--Base, `required: [id, type]`); the export's own part with
    /// `additionalProperties` and the included fields as `{}` reads back as it was written.
    func testAllOfOfStructsIsIncludesAndKeepsEveryPartsRequiredKeys() throws {
        let schema = try imported(
            """
                File--Base:
                  type: object
                  required: [id, type]
                  properties: { id: { type: string }, type: { type: string }, etag: { type: string } }
                File--Mini:
                  allOf: [{ $ref: "#/components/schemas/File--Base" }, { properties: { name: { type: string } } }]
                File:
                  allOf:
                    - $ref: "#/components/schemas/File--Mini"
                    - properties: { size: { type: integer }, id: {} }
                      additionalProperties: { type: integer }
            """)
        let file = try XCTUnwrap(schema.type(named: "File"))
        XCTAssertEqual(file.includes.map(\.name), ["FileMini"])
        XCTAssertEqual(file.fields.map(\.wireName), ["id", "type", "etag", "name", "size"])
        XCTAssertEqual(file.fields.filter(\.isRequiredOnWire).map(\.wireName), ["id", "type"])
        XCTAssertEqual(file.additionalFields?.type, .primitive(.int))
        XCTAssertNil(file.notes.modelled, "nothing was flattened")
    }

    /// A part that redeclares or requires an included property cannot be `includes:`: it is merged, its
    /// narrower declaration kept, and the note says so. A `$ref` beside parts that only annotate is that
    /// reference, described.
    func testARefinedPartIsMergedAndADescribedReferenceIsTheReference() throws {
        let schema = try imported(
            """
                Base:
                  type: object
                  properties: { kind: { type: string, enum: [a, b] }, email: { type: string } }
                Narrow:
                  allOf:
                    - $ref: "#/components/schemas/Base"
                    - { properties: { kind: { type: string, pattern: "^a$" } }, required: [email] }
                Holder:
                  type: object
                  properties:
                    base: { allOf: [{ $ref: "#/components/schemas/Base" }, { description: The base., nullable: false }] }
            """)
        let narrow = try XCTUnwrap(schema.type(named: "Narrow"))
        XCTAssertEqual(narrow.includes.count, 0)
        XCTAssertEqual(narrow.fields.map(\.wireName), ["kind", "email"])
        XCTAssertEqual(narrow.fields.first?.type, .named("NarrowKind"), "the own part's narrower kind: `^a$` is the value a")
        guard case .enumeration(let kind)? = schema.type(named: "NarrowKind")?.kind else { return XCTFail("NarrowKind is not an enum") }
        XCTAssertEqual(kind.cases.map(\.value), ["a"])
        XCTAssertEqual(narrow.fields.last?.isRequiredOnWire, true)
        XCTAssertTrue(narrow.notes.modelled?.contains("Flattened from allOf (Base)") ?? false, "\(String(describing: narrow.notes.modelled))")
        let base = try XCTUnwrap(field(schema, "Holder", "base"))
        XCTAssertEqual(base.type, .named("Base"))
        XCTAssertEqual(base.notes.docs, "The base.")
    }

    func testOpenEnumWithAnUntypedOpenBranch() throws {
        let schema = try imported(
            """
                    State:
                      anyOf: [{ type: string, enum: [on_hold, active] }, { minLength: 0 }]
                      x-enum-varnames: [onHold, active]
                    Level:
                      anyOf: [{ type: integer, enum: [1, 2] }, { format: int32, minimum: -2147483648, maximum: 2147483647 }]
                    Holder:
                      properties:
                        state: { $ref: "#/components/schemas/State", type: [string, "null"] }
                        level: { $ref: "#/components/schemas/Level", type: integer }
            """)
        guard case .enumeration(let state)? = schema.type(named: "State")?.kind else { return XCTFail("State is not an enum") }
        XCTAssertEqual(state.cases.map(\.name), ["onHold", "active"])
        XCTAssertEqual(state.rawType, .string)
        guard case .enumeration(let level)? = schema.type(named: "Level")?.kind else { return XCTFail("Level is not an enum") }
        XCTAssertEqual(level.rawType, .int32)
        XCTAssertEqual(level.cases.map(\.value), ["1", "2"])
        XCTAssertEqual(field(schema, "Holder", "state")?.type.description, "State")
    }

    func testTaggedUnionAsIfThenElseChainAndAnyOfOneOfWithDiscriminator() throws {
        let union = """
                    Shape:
                      if: { properties: { kind: { const: circle } }, required: [kind] }
                      then: { $ref: "#/components/schemas/Circle" }
                      else:
                        if: { properties: { kind: { const: SQUARE } }, required: [kind] }
                        then: { $ref: "#/components/schemas/Square" }
                      anyOf:
                        - oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }]
                          discriminator:
                            propertyName: kind
                            mapping: { circle: "#/components/schemas/Circle", SQUARE: "#/components/schemas/Square" }
                        - {}
            """
        let extensionLine = """
                      x-discriminator:
                        propertyName: kind
                        mapping: { circle: "#/components/schemas/Circle", SQUARE: "#/components/schemas/Square" }
            """
        // With this project's x-discriminator, and without it (how another tool's copy would read).
        for document in [pieces + "\n" + union + "\n" + extensionLine, pieces + "\n" + union] {
            let shape = try self.union(try imported(document), "Shape")
            XCTAssertEqual(shape.discriminator, "kind")
            XCTAssertEqual(shape.tagType, .string)
            XCTAssertEqual(shape.variants.map(\.type.description), ["Circle", "Square"])
            XCTAssertEqual(shape.variants.map(\.tag), ["circle", "SQUARE"])
        }
    }

    func testIntegerTaggedUnionHasNoDiscriminatorOnlyTheChain() throws {
        let schema = try imported(
            pieces + "\n" + """
                        Shape:
                          if: { properties: { kind: { const: 1 } }, required: [kind] }
                          then: { $ref: "#/components/schemas/Circle" }
                          else:
                            if: { properties: { kind: { const: 2 } }, required: [kind] }
                            then: { $ref: "#/components/schemas/Square" }
                          anyOf:
                            - oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }]
                            - {}
                          x-discriminator:
                            propertyName: kind
                            mapping: { "1": "#/components/schemas/Circle", "2": "#/components/schemas/Square" }
                """)
        let shape = try union(schema, "Shape")
        XCTAssertEqual(shape.tagType, .integer, "integer consts in the if/then/else chain")
        XCTAssertEqual(shape.variants.map(\.tag), ["1", "2"])
    }

    func testUntaggedUnionWithACatchAllBranch() throws {
        let union = """
                    Either:
                      anyOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }, {}]
            """
        let listed = """
                      x-untagged-variants: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }]
            """
        for document in [pieces + "\n" + union + "\n" + listed, pieces + "\n" + union] {
            let either = try self.union(try imported(document), "Either")
            XCTAssertNil(either.discriminator)
            XCTAssertEqual(either.variants.map(\.type.description), ["Circle", "Square"])
        }
    }

    func testStrictNullableClosedEnumInlinedWithNullInTypeAndEnum() throws {
        let schema = try imported(
            """
                    Colour:
                      type: string
                      enum: [red, green]
                    Holder:
                      properties:
                        colour: { type: [string, "null"], enum: [red, green, null] }
                      required: [colour]
            """)
        let colour = try XCTUnwrap(field(schema, "Holder", "colour"))
        XCTAssertTrue(colour.isNullable)
        XCTAssertEqual(colour.type.description, "Colour", "the component enum with the same values, not a copy")
    }

    func testStrictCopiesOfAnEnumAliasWithExcludeAndOfAnEnumWithAnExcludeAdded() throws {
        let schema = try imported(
            """
                    Priority:
                      type: integer
                      format: int32
                      enum: [1, 10, 0]
                      x-enum-varnames: [low, high, ancient]
                    SortOrder:
                      type: string
                      enum: [orderUnspecified, descending]
                    RequestedOrder:
                      description: Never orderUnspecified.
                      $ref: "#/components/schemas/SortOrder"
                      not: { enum: [orderUnspecified] }
                    Holder:
                      properties:
                        fallbackOrder: { anyOf: [{ $ref: "#/components/schemas/SortOrder", not: { enum: [orderUnspecified] } }, { type: "null" }] }
                        priority: { type: [integer, "null"], format: int32, enum: [1, 10, 0, null], not: { enum: [0] }, default: 1 }
            """)
        XCTAssertEqual(field(schema, "Holder", "fallbackOrder")?.type.description, "RequestedOrder")
        let priority = try XCTUnwrap(field(schema, "Holder", "priority"))
        XCTAssertEqual(priority.type.description, "Priority", "the copy with the field's exclude added")
        XCTAssertEqual(priority.constraints.excluded?.map(\.text), ["0"])
        XCTAssertEqual(schema.types.count, 4, "no inline enum named after the field")
    }

    func testNullableAliasInlinedAsTheAliasSchema() throws {
        let schema = try imported(
            """
                    Money:
                      title: Money
                      description: An amount in minor units.
                      type: string
                      format: decimal
                      pattern: "^-?[0-9]+$"
                    Holder:
                      properties:
                        price: { type: [string, "null"], format: decimal, pattern: "^-?[0-9]+$", description: The price. }
                        plain: { type: [string, "null"] }
                      required: [price]
            """)
        let price = try XCTUnwrap(field(schema, "Holder", "price"))
        XCTAssertTrue(price.isNullable)
        XCTAssertEqual(price.type.description, "Money", "the alias whose schema it is")
        XCTAssertEqual(field(schema, "Holder", "plain")?.type.description, "string", "a schema no alias has stays itself")
    }
}
