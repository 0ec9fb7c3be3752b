import SchemaModel
import SwiftRenderer
import XCTest

/// Small construct-in, Swift-out tests beside the goldens: one schema construct, the exact declaration the
/// renderer writes for it. A golden shows a whole API changed; these say which construct and how.
final class RendererSnippetTests: XCTestCase {
    /// Renders `types` and `operations` in a minimal schema and returns the declaration that starts with the
    /// line `start` (after its indentation), up to the closing brace at that indentation.
    private func declaration(
        _ start: String, types: String, operations: String = "", environments: String = #"  production: { url: "https://api.example.com" }"#,
        extra: String = ""
    ) throws -> String {
        let text = """
            api: Snip
            version: "1"
            environments:
            \(environments)
            \(extra)
            types:
            \(types)
            operations:
            \(operations.isEmpty ? "  ping: { http: GET /ping }" : operations)
            """
        let loaded = SchemaLoader.load(text: text, file: "snip.yaml")
        let schema = try XCTUnwrap(loaded.schema, "\(loaded.diagnostics)")
        for file in SwiftRenderer.render(schema, schemaFileName: "snip.yaml") {
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            guard let first = lines.firstIndex(where: { $0.drop { $0 == " " }.hasPrefix(start) }) else { continue }
            guard lines[first].hasSuffix("{") else { return String(lines[first]) }  // one line, like a typealias
            let indentation = String(lines[first].prefix { $0 == " " })
            guard let last = lines[first...].firstIndex(where: { $0 == indentation + "}" }) else { continue }
            return lines[first...last].joined(separator: "\n")
        }
        XCTFail("no declaration starts with \(start)")
        return ""
    }

    /// A streamed method builds its request as every other method does: the path's literal query first,
    /// then its parameters (it once wrote the parameters only).
    func testAStreamedMethodSendsThePathsLiteralQuery() throws {
        let swift = try declaration(
            "public func watchTicks(",
            types: "  Tick:\n    fields:\n      at: string",
            operations:
                "  watchTicks:\n    http: GET /ticks?api-version=2020-09-01\n    query: { region: string }\n    stream: { format: jsonLines, events: Tick }")
        XCTAssertTrue(swift.contains(#"builder.addQuery("api-version", "2020-09-01")"#), swift)
        let literal = try XCTUnwrap(swift.range(of: #"builder.addQuery("api-version""#))
        let parameter = try XCTUnwrap(swift.range(of: #"builder.addQuery("region", region)"#), swift)
        XCTAssertLessThan(literal.lowerBound, parameter.lowerBound, "the literal pair goes first")
    }

    func testAStructFieldWithAWireNameAndAnOptionalField() throws {
        let swift = try declaration(
            "public init(from decoder",
            types: """
                  Item:
                    fields:
                      id: uuid
                      name: { type: string, wire: display_name }
                      note: { type: string, optional: true }
                """)
        XCTAssertEqual(
            swift,
            """
                public init(from decoder: any Decoder) throws {
                    let container = try decoder.fieldContainer()
                    self.id = try container.decodeCanonicalUUIDs(forKey: "id")
                    self.name = try container.generatedDecode(forKey: "display_name")
                    self.note = try container.generatedDecodeIfPresent(forKey: "note")
                }
            """)
    }

    func testAStructsStoredPropertiesAndMemberwiseInit() throws {
        let swift = try declaration(
            "public init(id:",
            types: """
                  Item:
                    fields:
                      id: int64
                      tags: { type: "[string]", default: [] }
                      note: { type: string, optional: true }
                """)
        XCTAssertEqual(
            swift,
            """
                public init(id: Int64, tags: [String] = [], note: String? = nil) {
                    self.id = id
                    self.tags = tags
                    self.note = note
                }
            """)
    }

    /// `includes:` is one flat struct (no wrapper per part); `additionalFields:` is a dictionary property
    /// that decodes every other key and encodes back after the fields.
    func testAnIncludingStructWithAdditionalFieldsIsOneFlatStruct() throws {
        let types = """
              Base:
                fields:
                  id: int64
              Tagged:
                includes: [Base]
                fields:
                  name: { type: string, wire: display_name }
                additionalFields: "[int]"
            """
        XCTAssertEqual(
            try declaration("public init(id:", types: types),
            """
                public init(id: Int64, name: String, additionalFields: [String: [Int]] = [:]) {
                    self.id = id
                    self.name = name
                    self.additionalFields = additionalFields
                }
            """)
        XCTAssertEqual(
            try declaration("public init(from decoder", types: types),
            """
                public init(from decoder: any Decoder) throws {
                    let container = try decoder.fieldContainer()
                    self.id = try container.generatedDecode(forKey: "id")
                    self.name = try container.generatedDecode(forKey: "display_name")
                    self.additionalFields = try container.decodeAdditionalFields(excluding: ["id", "display_name"])
                }
            """)
        XCTAssertEqual(
            try declaration("public func encode(to encoder", types: types),
            """
                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.fieldContainer()
                    try container.encode(self.id, forKey: "id")
                    try container.encode(self.name, forKey: "display_name")
                    try container.encodeAdditionalFields(self.additionalFields, excluding: ["id", "display_name"])
                }
            """)
    }

    func testAnAliasIsATypealias() throws {
        let swift = try declaration(
            "public typealias Amount", types: "  Amount: { type: decimal, minimum: 0 }\n  Item:\n    fields:\n      amount: Amount")
        XCTAssertEqual(swift, "public typealias Amount = Decimal")
    }

    func testAnEnumKeepsUndocumentedValues() throws {
        let swift = try declaration("public enum Color", types: "  Color:\n    enum: [red, green]")
        XCTAssertTrue(
            swift.hasPrefix(
                """
                public enum Color: RawRepresentable, Codable, Hashable, Sendable {
                    /// Wire value `red`.
                    case red
                    /// Wire value `green`.
                    case green
                    /// A value the schema does not document, kept verbatim and encoded back unchanged.
                    case undocumented(String)
                """), swift)
    }

    func testATaggedUnionDecodesByItsDiscriminator() throws {
        let swift = try declaration(
            "public indirect enum Shape",
            types: """
                  Circle:
                    fields:
                      radius: double
                  Square:
                    fields:
                      side: double
                  Shape:
                    union:
                      discriminator: kind
                      variants:
                        circle: Circle
                        square: { type: Square, value: SQUARE }
                """)
        XCTAssertTrue(
            swift.contains(
                """
                    public init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: DiscriminatorKey.self)
                        switch (try? container.generatedDecodeIfPresent(forKey: .tag) as String?) ?? nil {
                        case "circle": self = .circle(try .init(from: decoder))
                        case "SQUARE": self = .square(try .init(from: decoder))
                        default: self = .undocumented(try .init(from: decoder))
                        }
                    }
                """), swift)
        XCTAssertTrue(swift.contains("    private enum DiscriminatorKey: String, CodingKey {\n        case tag = \"kind\"\n    }"), swift)
    }

    /// An untagged union of structs requiring the same keys: the constants (one-case enums) are read once,
    /// escaped, and a variant is tried only when the payload holds its constants; a struct without one
    /// is tried after them (it requires fewer keys).
    func testAnUntaggedUnionPeeksAtItsVariantsConstantsOnce() throws {
        let swift = try declaration(
            "public indirect enum Node",
            types: """
                  FileKind: { enum: { file: "f\\"" } }
                  FolderKind: { enum: [d] }
                  Version: { type: int, enum: [2] }
                  Doc:
                    fields: { kind: { type: FileKind, wire: "\\"" }, v: Version }
                  Dir:
                    fields: { kind: { type: FolderKind, wire: "\\"" }, v: Version }
                  Link:
                    fields: { id: string }
                  Node:
                    union:
                      variants:
                        link: Link
                        doc: Doc
                        dir: Dir
                """)
        XCTAssertTrue(
            swift.contains(
                #"""
                        case .object:
                            let keys = try decoder.objectKeys()
                            let constants = try decoder.constantMembers(["\"", "v"])
                            if constants["\""] == .string("f\""), constants["v"] == .int(2), keys.isSuperset(of: ["\"", "v"]), let value = try? (.init(from: decoder) as Doc) {
                                self = .doc(value)
                                return
                            }
                            if constants["\""] == .string("d"), constants["v"] == .int(2), keys.isSuperset(of: ["\"", "v"]), let value = try? (.init(from: decoder) as Dir) {
                                self = .dir(value)
                                return
                            }
                            if keys.isSuperset(of: ["id"]), let value = try? (.init(from: decoder) as Link) {
                                self = .link(value)
                                return
                            }
                """#), swift)
    }

    func testAnOperationWithAPathAndAnOptionalQueryParameter() throws {
        let swift = try declaration(
            "public func getItem(",
            types: "  Item:\n    fields:\n      id: uuid",
            operations: """
                  getItem:
                    http: GET /items/{id}
                    path:
                      id: uuid
                    query:
                      limit: { type: int32, optional: true }
                    response: Item
                """)
        XCTAssertEqual(
            swift,
            """
                public func getItem(id: UUID, limit: Int32? = nil, options: RequestOptions = .default) async throws -> Item {
                    var builder: RequestBuilder = .init(operation: Self.Operations.getItem, baseURL: self.core.configuration.baseURL)
                    builder.setPath("id", id)
                    builder.addQuery("limit", limit)
                    return try await self.core.perform(builder, failure: Failure.self, options: options)
                }
            """)
    }

    func testANestedFormBodyAndADeepObjectQueryAskForBracketsAndMultipartNamesItsJSONParts() throws {
        let types = """
              Card:
                fields:
                  number: string
              Charge:
                fields:
                  card: Card
                  expand: "[string]"
              Upload:
                fields:
                  attributes: { type: Card, wire: "attr\\"s" }
                  file: binary
            """
        let charge = try declaration(
            "public func charge(", types: types,
            operations: """
                  charge:
                    http: POST /charges
                    query:
                      filter: { type: Charge, style: deepObject }
                    body: { type: Charge, encoding: form, style: deepObject }
                    response: Card
                """)
        XCTAssertEqual(
            charge,
            """
                public func charge(body: Charge, filter: Charge, options: RequestOptions = .default) async throws -> Card {
                    var builder: RequestBuilder = .init(operation: Self.Operations.charge, baseURL: self.core.configuration.baseURL)
                    builder.addQueryObject("filter", filter, style: .deepObject)
                    return try await self.core.perform(builder, body: body, encoding: .deepObjectForm, failure: Failure.self, options: options)
                }
            """)
        let upload = try declaration(
            "public func upload(", types: types,
            operations: """
                  upload:
                    http: POST /files
                    body: { type: Upload, encoding: multipart, contentType: application/pdf }
                    response: Card
                """)
        XCTAssertTrue(
            upload.contains(#"encoding: .multipart(files: ["file": "application/pdf"], jsonParts: ["attr\"s"])"#), upload)
    }

    func testSchemaTextCannotEscapeADocComment() throws {
        let swift = try declaration(
            "public struct Item",
            types: """
                  Item:
                    fields:
                      id: { type: string, docs: "ends here */ and\\n} // not code" }
                """)
        XCTAssertTrue(swift.contains("    /// ends here */ and\n    /// } // not code\n    public var id: String"), swift)
    }

    func testACombinedRequirementIsTheOperationsAuthRequirements() throws {
        let swift = try declaration(
            "public static var actAs: OperationInfo",
            types: "  Empty: { fields: {} }",
            operations: """
                  actAs: { http: GET /me, auth: [[apiKey, userName], bearer] }
                """,
            extra: """
                auth:
                  apiKey: { kind: apiKey, name: Api-Key }
                  userName: { kind: apiKey, name: Api-Username }
                  bearer: { kind: bearer }
                """)
        XCTAssertTrue(
            swift.contains("authRequirements: [[SnipClient.AuthSchemes.apiKey, SnipClient.AuthSchemes.userName], [SnipClient.AuthSchemes.bearer]],"),
            swift)
        XCTAssertFalse(swift.contains("auth: ["), "one list says it: \(swift)")
    }

    func testAnEnvironmentWhoseVariableIsTheOriginThrowsAndOneWithALiteralSchemeDoesNot() throws {
        let environments = """
              partner: { url: "{server}/api/v2", variables: { server: { default: "https://a.example" } } }
              regional: { url: "https://{region}.example.com", variables: { region: {} } }
            """
        let partner = try declaration("public static func partner(", types: "  Empty: { fields: {} }", environments: environments)
        XCTAssertEqual(
            partner,
            """
                    public static func partner(server: String = "https://a.example") throws(BaseURLError) -> Environment {
                        Self(baseURL: try ClientRuntime.URLTemplate.baseURL(expanding: "{server}/api/v2", ["server": server]))
                    }
            """)
        let regional = try declaration("public static func regional(", types: "  Empty: { fields: {} }", environments: environments)
        XCTAssertTrue(regional.hasPrefix("        public static func regional(region: String) -> Environment {"), regional)
    }
}
