import SchemaModel
import TestSupport
import XCTest

/// Untagged unions whose variants are any type (issue 27 line 3): the order variants are tried in, and
/// lint's one error at a variant no payload could ever reach.
final class UnionShapeDiagnosticsTests: XCTestCase {
    /// A schema with the union `U` of `variants` (YAML mapping lines, 8 spaces deep) and the types it uses.
    private func unionSchema(_ variants: String, discriminator: String? = nil) -> String {
        schemaText(
            types: """
                  A:
                    fields: { id: int, name: { type: string, optional: true } }
                  Loose:
                    fields: { note: { type: string, optional: true } }
                  Kind:
                    enum: [x, y]
                  Level:
                    type: int32
                    enum: [1, 2]
                  Email:
                    type: email
                  Stamp:
                    type: date-time
                    format: epochSeconds
                  U:
                    union:
                \(discriminator.map { "      discriminator: \($0)\n" } ?? "")      variants:
                \(variants)
                """)
    }

    /// The line of the first line of `text` containing `needle` (1-based).
    private func line(of needle: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    private func assertRejected(
        _ variants: String, at needle: String, contains message: String, file: StaticString = #filePath, line sourceLine: UInt = #line
    ) {
        let text = unionSchema(variants)
        assertSingleError(text, line: line(of: needle, in: text), column: 9, contains: message, file: file, sourceLine: sourceLine)
    }

    func testVariantsOfEveryKindLoadAndAreTriedByKindThenOrder() throws {
        let text = unionSchema(
            """
                    text: string
                    list: "[string]"
                    flag: bool
                    ratio: double
                    count: int
                    labels: "[string: int]"
                    a: A
                    day: date
                    id: uuid
                    rows: "[[int]]"
            """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        guard case .union(let union)? = schema.type(named: "U")?.kind else { return XCTFail("not a union") }
        XCTAssertEqual(
            schema.untaggedCandidates(of: union).map(\.name),
            ["a", "labels", "list", "rows", "id", "day", "text", "count", "ratio", "flag"])
        XCTAssertEqual(union.variants.first { $0.name == "list" }?.type, .array(.primitive(.string)))
        XCTAssertEqual(schema.variantShape(of: .named("Level")), .integer)
        XCTAssertEqual(schema.variantShape(of: .named("Email")), .string(.any))
        XCTAssertEqual(schema.requiredWireKeys(of: union.variants.first { $0.name == "a" }!), ["id"])
        XCTAssertEqual(schema.commonFields(of: union).map(\.name), [], "only unions of structs share fields")
    }

    func testTwoPlainStringsAreRejectedAtTheLaterOne() {
        assertRejected(
            """
                    text: string
                    mail: Email
            """, at: "mail: Email", contains: "variants 'text' and 'mail' of type 'U' are both JSON strings that no payload tells apart ('string' and 'Email')")
        // A string enum keeps unknown values, so it takes every string too.
        assertRejected(
            """
                    kind: Kind
                    text: string
            """, at: "text: string", contains: "variants 'kind' and 'text' of type 'U' are both JSON strings")
    }

    func testAFormatIsTriedBeforePlainTextWhateverTheOrder() throws {
        let text = unionSchema(
            """
                    text: string
                    id: uuid
            """)
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        guard case .union(let union)? = schema.type(named: "U")?.kind else { return XCTFail("not a union") }
        XCTAssertEqual(schema.untaggedCandidates(of: union).map(\.name), ["id", "text"])
    }

    func testTwoIntegersAreRejectedButAnIntegerAndADoubleLoad() throws {
        assertRejected(
            """
                    level: Level
                    count: int64
            """, at: "count: int64", contains: "variants 'level' and 'count' of type 'U' are both JSON numbers")
        let text = unionSchema(
            """
                    ratio: decimal
                    count: int32
            """)
        XCTAssertEqual(diagnostics(text), [])
    }

    func testAStructRequiringNoKeysBesideAMapIsRejected() {
        assertRejected(
            """
                    loose: Loose
                    labels: "[string: string]"
            """, at: "labels:", contains: "variants 'loose' and 'labels' of type 'U' are both JSON objects, and 'loose' requires no keys")
    }

    func testAListWhoseElementsAnEarlierListTakesIsRejected() throws {
        assertRejected(
            """
                    names: "[string]"
                    ids: "[uuid]"
            """, at: "ids:", contains: "variants 'names' and 'ids' of type 'U' are both JSON lists and 'names' takes every payload 'ids' does")
        // The more specific list first is fine.
        XCTAssertEqual(
            diagnostics(
                unionSchema(
                    """
                            ids: "[uuid]"
                            names: "[string]"
                    """)), [])
    }

    func testAVariantThatTakesAnyValueIsRejected() {
        assertRejected(
            """
                    text: string
                    anything: json
            """, at: "anything: json", contains: "variant 'anything' of type 'U' is 'json', which takes any JSON value")
    }

    func testADateFormatAliasCannotBeAVariant() {
        assertRejected(
            """
                    stamp: Stamp
            """, at: "stamp: Stamp", contains: "'Stamp' has the date format")
    }

    func testATaggedUnionsVariantsStayStructs() {
        let text = unionSchema(
            """
                    a: A
                    text: string
            """, discriminator: "kind")
        assertSingleError(
            text, line: line(of: "text: string", in: text), column: 9,
            contains: "variant 'text' of type 'U' must be a struct type, but 'string' is not; the discriminator is a key of the variant's object")
    }

    /// Structs requiring the same keys are told apart by their constants (a required field of a one-case
    /// enum, through an alias too: box's `type: file` and `type: folder`); lint rejects only structs whose
    /// constants do not tell them apart, naming what the two share and what would tell them apart.
    func testStructsRequiringTheSameKeysAreToldApartByTheirConstants() throws {
        func schema(_ folderType: String, level: String = "LevelOne", extraTypes: String = "") -> String {
            schemaText(
                types: """
                      FileType: { enum: [file] }
                      FolderType: { enum: [folder] }
                      OtherFileType: { type: FileType }
                      LevelOne: { type: int, enum: [1] }
                      LevelTwo: { type: int, enum: [2] }
                      File:
                        fields: { id: string, type: FileType, level: LevelOne, name: { type: string, optional: true } }
                      Folder:
                        fields: { id: string, type: \(folderType), level: \(level) }
                    \(extraTypes)
                      Entry:
                        union:
                          variants:
                            file: File
                            folder: Folder
                    """)
        }
        let text = schema("FolderType")
        let loaded = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema, "\(diagnostics(text))")
        guard case .union(let union)? = loaded.type(named: "Entry")?.kind else { return XCTFail("not a union") }
        XCTAssertEqual(
            union.variants.map { loaded.constants(of: $0) },
            [["type": .string("file"), "level": .integer(1)], ["type": .string("folder"), "level": .integer(1)]])
        XCTAssertEqual(diagnostics(schema("string", level: "LevelTwo")), [], "an integer constant tells them apart too")
        // The same constants through an alias: nothing tells them apart.
        let same = schema("OtherFileType")
        assertSingleError(
            same, line: line(of: "folder: Folder", in: same), column: 9,
            contains:
                #"variants 'file' and 'folder' of type 'Entry' require the same keys (id, level, type) and the same constants (level: 1, type: "file"), so without a 'discriminator' no payload can tell them apart; give both a required field of a one-case enum with different values (a constant such as 'type: file' and 'type: folder')"#
        )
        // Optional or nullable, a one-case enum is no constant: the key may be absent or null.
        XCTAssertNil(loaded.constant(of: try XCTUnwrap(loaded.type(named: "File")?.fields.last)))
    }

    func testAStructWithoutConstantsTriedFirstTakesWhatAStructWithConstantsRequires() {
        let text = schemaText(
            types: """
                  Kind: { enum: [x] }
                  Plain:
                    fields: { id: int, kind: string }
                  Marked:
                    fields: { id: int, kind: Kind }
                  U:
                    union:
                      variants:
                        plain: Plain
                        marked: Marked
                """)
        assertSingleError(
            text, line: line(of: "marked: Marked", in: text), column: 9,
            contains: "variants 'plain' and 'marked' of type 'U' require the same keys (id, kind) and 'plain' holds no constant")
        // Declared the other way round, the struct with the constant is tried first and the other takes the rest.
        XCTAssertEqual(
            diagnostics(
                text.replacingOccurrences(of: "        plain: Plain\n        marked: Marked", with: "        marked: Marked\n        plain: Plain")), [])
    }

    /// GitHub's 422 bodies: two structs requiring the same keys, without constants, are both chosen when
    /// a key both declare holds values of different JSON kinds (here a list of objects and a list of
    /// strings): a payload the first cannot decode goes to the second. Inside maps too (box's metadata
    /// filters: `{gt, lt}` numbers or date-times). Kinds alike (a string and an email) tell nothing.
    func testStructsRequiringTheSameKeysAreToldApartByTheKindsOfTheirValues() throws {
        func schema(_ simpleErrors: String) -> String {
            schemaText(
                types: """
                      Detail:
                        fields: { code: string }
                      Detailed:
                        fields: { message: string, errors: { type: "[Detail]", optional: true } }
                      Simple:
                        fields: { message: string, errors: { type: "\(simpleErrors)", optional: true } }
                      Problem:
                        union:
                          variants:
                            detailed: Detailed
                            simple: Simple
                      FloatRange:
                        fields: { gt: { type: double, optional: true }, lt: { type: double, optional: true } }
                      DateRange:
                        fields: { gt: { type: date-time, optional: true }, lt: { type: date-time, optional: true } }
                      Filter:
                        union:
                          variants:
                            floats: "[string: FloatRange]"
                            dates: "[string: DateRange]"
                    """)
        }
        let text = schema("[string]")
        XCTAssertEqual(diagnostics(text), [])
        let loaded = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        guard case .union(let problem)? = loaded.type(named: "Problem")?.kind else { return XCTFail("not a union") }
        XCTAssertEqual(
            problem.variants.map { loaded.variantShape(of: $0.type) },
            [
                .structure(requiredKeys: ["message"], valueKinds: ["message": [.string], "errors": [.array, .object]]),
                .structure(requiredKeys: ["message"], valueKinds: ["message": [.string], "errors": [.array, .string]]),
            ])
        // A list of objects either way: nothing the decoder checks differs.
        let same = schema("[Detail]")
        assertSingleError(
            same, line: line(of: "simple: Simple", in: same), column: 9,
            contains:
                "variants 'detailed' and 'simple' of type 'Problem' require the same keys (message) and 'detailed' holds no constant, so without a 'discriminator' no payload can tell them apart; give both a required field of a one-case enum with different values (a constant such as 'type: detailed' and 'type: simple'), give one a required field the other lacks, give both a field of one name whose values differ in JSON kind (a list of strings and a list of objects), or add a 'discriminator'"
        )
    }

    /// `ValueKinds` compare at the depths both describe: a value of any kind (`json`, a union) differs from nothing.
    func testValueKindsDifferOnlyWhereBothSayAKind() {
        XCTAssertTrue(VariantShape.kindsDiffer([.array, .object], [.array, .string]))
        XCTAssertTrue(VariantShape.kindsDiffer([.number], [.string]))
        XCTAssertFalse(VariantShape.kindsDiffer([.array], [.array, .string]), "a list of any values")
        XCTAssertFalse(VariantShape.kindsDiffer([], [.string]), "json")
        XCTAssertFalse(VariantShape.kindsDiffer([.object], [.object, .number]), "a struct and a map: nested structs are not compared")
        XCTAssertEqual(VariantShape.keysOfDifferentKinds(["a": [.string], "b": [.number], "c": [.boolean]], ["a": [.number], "b": [.number]]), ["a"])
    }
}
