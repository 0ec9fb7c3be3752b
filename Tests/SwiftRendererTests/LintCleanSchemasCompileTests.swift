import CompileHarness
import Foundation
import SchemaModel
import TestSupport
import XCTest

/// Every schema `lint` accepts generates code that compiles without warnings: the cases issue 25 found
/// that did not, each type-checked with swiftc against the built ClientRuntime (`CompileHarness`), and
/// the names generated code could collide with, derived from the modules' symbol graphs rather than
/// listed by hand.
final class LintCleanSchemasCompileTests: XCTestCase {
    private let header = """
        api: Clean
        version: "1"
        environments:
          production: { url: "https://api.example.com" }

        """

    // MARK: Large enums

    /// Swift gives up checking a switch over ~620 cases with associated values ("unable to check that this
    /// switch is exhaustive in reasonable time"); a 700-variant union and a 700-case catalogue did not
    /// compile. Prints the type-check time (issue 25 asks for it).
    func testSevenHundredVariantUnionAndCatalogueCompile() throws {
        let count = 700
        var lines = [header, "errors:", "  body: Problem", "  code: code", "  cases:"]
        lines += (0..<count).map { "    e\($0): { code: \"E\($0)\", retryable: \($0 % 2 == 0) }" }
        lines += ["types:", "  Problem:", "    fields:", "      code: string", "  Payload:", "    fields:", "      shared: string", "  Tagged:", "    union:"]
        lines += ["      discriminator: kind", "      variants:"] + (0..<count).map { "        v\($0): Payload" }
        lines += ["operations:", "  get:", "    http: GET /tagged", "    response: Tagged"]
        let result = try CompileHarness.assertCompilesCleanly(lines.joined(separator: "\n") + "\n", module: "Clean")
        print("700-variant union and 700-case catalogue: type-checked in \(String(format: "%.1f", result.seconds)) s")
    }

    // MARK: Recursive types

    /// Structs that contain themselves (issue 27 line 3): the fields closing a cycle are stored in a
    /// private box named `_` + the field, with more `_` where another field already has that name (`_parent`
    /// here, and a field named like the runtime's box type and keywords), directly, through an alias and
    /// another struct, with dates, UUIDs, defaults and secrets on the cycle, so every decode path is used.
    func testRecursiveStructsWithCollidingNamesCompile() throws {
        let schema =
            header + """
                types:
                  Node:
                    fields:
                      parent: { type: Node, optional: true }
                      _parent: string
                      __parent: { type: Node, nullable: true }
                      Indirect: { type: NodeRef, optional: true, secret: true }
                      class: { type: Node, optional: true }
                      children: "[Node]"
                      at: { type: date-time, optional: true }
                  NodeRef: { type: Node }
                  Edge:
                    fields:
                      from: Node
                      to: { type: Edge, optional: true }
                      id: uuid
                      weight: { type: int32, default: 1 }
                  Tree:
                    union:
                      discriminator: kind
                      variants: { leaf: Edge, branch: Branch }
                  Branch:
                    fields:
                      tree: { type: Tree, optional: true }
                      self: { type: Branch, optional: true }
                operations:
                  get:
                    http: GET /node
                    response: Node
                  put:
                    http: PUT /edge
                    body: Edge
                    response: Tree

                """
        let loaded = SchemaLoader.load(text: schema, file: "clean.yaml")
        let model = try XCTUnwrap(loaded.schema, "\(loaded.diagnostics)")
        XCTAssertEqual(model.indirectFields, ["Node": ["parent", "__parent", "Indirect", "class"], "Edge": ["to"], "Branch": ["self"]])
        try CompileHarness.assertCompilesCleanly(schema, module: "Clean")
    }

    // MARK: Names the generated types' protocols declare

    /// Union variants, enum and error cases and struct fields named like the members the generated types'
    /// protocols declare (`hashValue`, `customMirror`, `RawValue`, ...) or like metatypes (`Type`,
    /// `Protocol`, which after `Self.` named `Self.Type` even in backticks).
    func testNamesOfProtocolMembersAndMetatypesCompile() throws {
        let protocolNames = SwiftNaming.protocolMembers.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let names = (protocolNames.union(["Type", "Protocol", "self", "Self", "init", "encode", "hash", "decode", "value"])).sorted()
        var lines = [header, "errors:", "  body: Problem", "  code: code", "  cases:"]
        lines += names.map { "    \($0): { code: \"\($0)\", retryable: true }" }
        lines += ["types:", "  Problem:", "    fields:", "      code: string"]
        // One payload per variant, each with a key of its own, so the untagged union can tell them apart;
        // every field is named like a member too, and half are secret (the redacting mirror).
        for (index, name) in names.enumerated() {
            lines += [
                "  P\(index):", "    fields:", "      key\(index): string",
                "      \(name): { type: int, optional: \(index % 2 == 0), secret: \(index % 2 == 1) }",
            ]
        }
        lines += ["  Fields:", "    fields:"] + names.map { "      \($0): int" }
        lines += ["  Secrets:", "    fields:"] + names.map { "      \($0): { type: int, secret: true }" }
        lines += ["  Cases:", "    enum:"] + names.map { "      \($0): \"\($0)\"" }
        lines +=
            ["  Tagged:", "    union:", "      discriminator: kind", "      variants:"] + names.enumerated().map { "        \($0.element): P\($0.offset)" }
        lines += ["  Untagged:", "    union:", "      variants:"] + names.enumerated().map { "        \($0.element): P\($0.offset)" }
        lines += ["operations:", "  get:", "    http: GET /x", "    query:", "      choice: Cases", "    response: Untagged"]
        try CompileHarness.assertCompilesCleanly(lines.joined(separator: "\n") + "\n", module: "Clean")
    }

    /// `SwiftNaming.protocolMembers` lists, for each protocol a generated type conforms to, the members
    /// without argument labels it (and what it refines) requires: derived here from the standard
    /// library's and ClientRuntime's symbol graphs, so a protocol gaining a requirement, or a renderer
    /// declaring one more protocol, cannot slip past the reserved names.
    func testProtocolMembersAreTheRequirementsInTheSymbolGraphs() throws {
        var graph = try CompileHarness.symbolGraph(of: "Swift")
        graph.merge(try CompileHarness.symbolGraph(of: "ClientRuntime", includingSPI: true))
        let conformances = SwiftNaming.Conformances.self
        let declared = Set(
            conformances.structure + [conformances.redactingMirror] + conformances.enumeration + [conformances.parameter] + conformances.union
                + conformances.error + conformances.errorCode + ["RawRepresentable"])
        XCTAssertEqual(Set(SwiftNaming.protocolMembers.keys), declared, "one entry per protocol the renderer declares")
        let labelFree: Set<String> = ["swift.property", "swift.type.property", "swift.associatedtype"]
        for (name, listed) in SwiftNaming.protocolMembers {
            // `Codable` is a typealias of `Decodable & Encodable`.
            var pending = name == "Codable" ? ["Decodable", "Encodable"].compactMap(graph.protocolID) : [graph.protocolID(named: name)].compactMap { $0 }
            XCTAssertFalse(pending.isEmpty, "no protocol \(name) in the symbol graphs")
            var seen = Set<String>()
            var derived = Set<String>()
            while let id = pending.popLast() {
                guard seen.insert(id).inserted else { continue }
                for relationship in graph.relationships where relationship.target == id {
                    if relationship.kind == "requirementOf" || relationship.kind == "optionalRequirementOf",
                        let member = graph.symbols[relationship.source], labelFree.contains(member.kind)
                    {
                        derived.insert(member.name)
                    }
                }
                pending += graph.relationships.filter { $0.kind == "inheritsFrom" && $0.source == id }.map(\.target)
            }
            XCTAssertEqual(listed, derived, "SwiftNaming.protocolMembers[\"\(name)\"]")
        }
    }

    /// What the semantic fuzzer found (Tests/Fuzz/crashes/semantic, kept after the fix): a schema type named
    /// `RawValue` (inside a generated enum it read as the enum's raw type), and a union variant whose payload
    /// type is named `DiscriminatorKey` (the union's private key enum). Each still lints cleanly and compiles.
    func testKeptSemanticFuzzFindingsCompile() throws {
        let folder = repositoryRoot.appendingPathComponent("Tests/Fuzz/crashes/semantic")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 3, "the kept findings are there")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let result = try CompileHarness.typecheck(text, module: "Fuzzed")
            XCTAssertEqual(result.status, 0, "\(file): \(result.problems.joined(separator: "\n"))")
            XCTAssertEqual(result.problems, [], file)
        }
    }

    /// The two findings, named on purpose: types named like the generated enums' associated types and a
    /// union's nested key type.
    func testTypesNamedLikeAssociatedAndNestedTypesCompile() throws {
        try CompileHarness.assertCompilesCleanly(
            header + """
                types:
                  RawValue:
                    enum:
                      import: "import"
                  AllCases:
                    fields:
                      kind: RawValue
                  DiscriminatorKey:
                    fields:
                      key: string
                  Tagged:
                    union:
                      discriminator: kind
                      variants:
                        one: DiscriminatorKey
                        two: AllCases
                  Kinds:
                    enum:
                      a: "a"
                operations:
                  get:
                    http: GET /x
                    query:
                      kind: { type: RawValue, optional: true }
                    response: Tagged
                """, module: "Clean")
    }

    // MARK: ClientRuntime's public names

    /// Every public top-level name of ClientRuntime, from its symbol graph, is reserved as a type name:
    /// `ResponseRetryRule` and 17 others were not, and a schema type of that name broke the generated code.
    /// The `@_spi(Generated)` names count: generated code imports them, apps do not see them; so do those
    /// ClientRuntime re-exports from WireFormat (`DateWireFormat`), and not WireFormat's `@_spi(Shared)` ones.
    func testRuntimeTypeNamesAreClientRuntimesPublicNames() throws {
        let derived = try CompileHarness.namesGeneratedCodeSees()
        XCTAssertGreaterThan(derived.count, 50, "ClientRuntime's symbol graph was read")
        XCTAssertTrue(derived.isSuperset(of: ["DateWireFormat", "RFC3339"]), "WireFormat's re-exported names were read")
        XCTAssertFalse(derived.contains("CivilCalendar"), "WireFormat's @_spi(Shared) names are not re-exported")
        XCTAssertEqual(
            derived.subtracting(SwiftNaming.runtimeTypeNames).sorted(), [],
            "public ClientRuntime names missing from SwiftNaming.runtimeTypeNames: a schema type of that name would shadow the runtime's")
        XCTAssertEqual(SwiftNaming.runtimeTypeNames.subtracting(derived).sorted(), [], "names ClientRuntime no longer declares")
        XCTAssertTrue(SwiftNaming.runtimeTypeNames.isSubset(of: SwiftNaming.reservedTypeNames))
    }

    /// What an app's `import ClientRuntime` shows (the symbol graph without `@_spi(Generated)`) is exactly the
    /// types the DocC catalog links: the helpers only generated code calls stay hidden, and no public type
    /// goes undocumented. Before the helpers were SPI, 35 of the 71 public names were in no article.
    func testAppVisibleRuntimeTypesAreTheOnesTheCatalogDocuments() throws {
        // WireFormat, which ClientRuntime re-exports, must add nothing an app sees: an undocumented name would fail.
        let visible = try CompileHarness.symbolGraph(of: "ClientRuntime").topLevelNames
            .union(try CompileHarness.symbolGraph(of: "WireFormat").topLevelNames)
        let catalog = repositoryRoot.appendingPathComponent("Sources/ClientRuntime/ClientRuntime.docc")
        var documented = Set<String>()
        for article in try FileManager.default.contentsOfDirectory(atPath: catalog.path) where article.hasSuffix(".md") {
            var inCode = false
            for line in try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8).split(separator: "\n") {
                if line.hasPrefix("```") { inCode.toggle() }
                guard !inCode else { continue }
                // A symbol link is ``Name`` or ``Name/member``; the type is the part before the first slash.
                for link in line.matches(of: /``([A-Za-z]+)[^`]*``/) { documented.insert(String(link.1)) }
            }
        }
        XCTAssertGreaterThan(visible.count, 30, "ClientRuntime's symbol graph was read")
        XCTAssertEqual(visible.subtracting(documented).sorted(), [], "public to apps but in no DocC article: document them or make them @_spi(Generated)")
        XCTAssertEqual(documented.subtracting(visible).subtracting(["ClientRuntime"]).sorted(), [], "linked from the catalog but not visible to apps")
    }

    /// A schema that declares a type for every public ClientRuntime name (read from its symbol graph) and
    /// uses the runtime's features that name them (retryable errors, pagination, token refresh, caching)
    /// compiles without warnings.
    func testSchemaTypesNamedLikeEveryRuntimeTypeCompile() throws {
        let names = try CompileHarness.namesGeneratedCodeSees().sorted()
        var lines = [
            header,
            "auth:",
            "  bearer: { kind: bearer }",
            "errors:", "  body: Problem", "  code: code", "  cases:",
            "    busy: { code: BUSY, retryable: true }",
            "    offline: { when: [offline] }",
            "types:", "  Problem:", "    fields:", "      code: string",
            "  Tokens:", "    fields:", "      accessToken: { type: string, wire: access_token }",
            "      refreshToken: { type: string, wire: refresh_token, optional: true }",
            "  Page:", "    fields:", "      items: \"[Everything]\"", "      next: { type: string, optional: true }",
            "  Everything:", "    fields:",
        ]
        lines += names.map { "      field\($0): { type: \($0), optional: true }" }
        for name in names {
            lines += ["  \(name):", "    fields:", "      value: { type: int, optional: true }"]
        }
        lines += [
            "operations:",
            "  renew:", "    http: POST /token", "    response: Tokens", "    auth: none",
            "  list:", "    http: GET /items", "    query:", "      pageToken: { type: string, optional: true }", "    response: Page",
            "    paginate: { style: token, items: items, token: pageToken, next: next }", "    errors: [busy]",
            "    cache: { mode: localFirst, maxAge: 60 }",
        ]
        try CompileHarness.assertCompilesCleanly(lines.joined(separator: "\n") + "\n", module: "Clean")
    }
}
