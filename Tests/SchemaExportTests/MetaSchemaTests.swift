import Foundation
import SchemaExport
import TestSupport
import XCTest

@testable import SchemaModel

/// The meta-schema (`client-generator meta-schema`, docs/SchemaLanguage.md "Editor support") must say
/// what the parser says: the same keys in every section (compared with the parser's own key tables),
/// every valid schema accepted, and the structural mistakes lint reports rejected. The Python checks
/// need `python3 -m pip install jsonschema`; without it they skip, unless REQUIRE_REFERENCE_VALIDATORS=1
/// (set by .ci/run), where they fail.
final class MetaSchemaTests: XCTestCase {
    static let committedCopy = repositoryRoot.appendingPathComponent("Schemas/schema-language.schema.json")

    // MARK: The committed copy and the first-line references

    func testCommittedCopyIsTheCommandsOutput() throws {
        let run = try runGenerator(["meta-schema"])
        XCTAssertEqual(run.status, 0, run.errors)
        let committed = try String(contentsOf: Self.committedCopy, encoding: .utf8)
        XCTAssertEqual(
            run.text, committed,
            "Schemas/schema-language.schema.json is stale: run `swift run client-generator meta-schema -o Schemas/schema-language.schema.json`")
        XCTAssertEqual(SchemaLanguageMetaSchema.document().text(), committed)
    }

    func testEveryBundledAndTestSchemaPointsEditorsAtTheMetaSchema() throws {
        let referencing = Self.bundledSchemas + Self.testModuleSchemas + ["Tests/Fixtures/Patterns/ecma262.yaml"]
        XCTAssertGreaterThanOrEqual(referencing.count, 9)
        for path in referencing {
            let file = repositoryRoot.appendingPathComponent(path)
            let firstLine = try String(contentsOf: file, encoding: .utf8).prefix { $0 != "\n" }
            let prefix = "# yaml-language-server: $schema="
            guard firstLine.hasPrefix(prefix) else {
                XCTFail("\(path) does not start with `\(prefix)<path of Schemas/schema-language.schema.json>`")
                continue
            }
            let target = file.deletingLastPathComponent().appendingPathComponent(String(firstLine.dropFirst(prefix.count)))
            XCTAssertEqual(target.standardizedFileURL.path, Self.committedCopy.standardizedFileURL.path, "\(path) points at \(target.path)")
        }
    }

    /// The comment is only a comment: diagnostics keep their lines (the first key is on line 2).
    func testTheReferenceLineKeepsDiagnosticLines() {
        let text = "# yaml-language-server: $schema=schema-language.schema.json\napi: T\nversion: \"1\"\nenvironment: {}\n"
        let found = SchemaLoader.load(text: text, file: "t.yaml").diagnostics.map(\.description)
        XCTAssertTrue(found.contains { $0.hasPrefix("t.yaml:4:1: error: unknown key 'environment'") }, "\(found)")
    }

    // MARK: The same keys as the parser

    /// Every key table the parser checks a mapping against is exactly one closed section of the
    /// meta-schema, and every closed section is one of the tables.
    func testClosedSectionsAreTheParsersKeyTables() throws {
        let recorder = KeyTableRecorder()
        ParserKeyTables.$observer.withValue(
            { recorder.add($0) },
            operation: {
                _ = SchemaLoader.load(text: Self.everyConstruct, file: "every.yaml")
                for path in Self.bundledSchemas + Self.testModuleSchemas {
                    _ = SchemaLoader.load(path: repositoryRoot.appendingPathComponent(path).path)
                }
            })
        let parserTables = recorder.tables
        XCTAssertGreaterThanOrEqual(parserTables.count, 20, "the every-construct schema no longer reaches every section")

        var sections: Set<Set<String>> = []
        Self.closedSections(in: SchemaLanguageMetaSchema.document(), into: &sections)
        // Not read with a key table: the credential roles of a wired login/refresh `response:` are
        // checked one by one against CredentialExchange.Role.
        let roles = Set(CredentialExchange.Role.allCases.map(\.rawValue))
        XCTAssertTrue(sections.contains(roles))
        sections.remove(roles)

        for table in parserTables.subtracting(sections) {
            XCTFail("the parser accepts the keys \(table.sorted()) in one mapping, but no section of the meta-schema lists exactly them")
        }
        for section in sections.subtracting(parserTables) {
            XCTFail("the meta-schema has a section with the keys \(section.sorted()), but the parser has no such key table")
        }
    }

    // MARK: Python jsonschema: valid schemas pass, structural mistakes fail

    func testEveryValidSchemaConformsToTheMetaSchema() throws {
        guard let python = try pythonWithJSONSchema() else { return }
        var documents: [(name: String, json: OrderedJSON)] = []
        let fixtures = Self.bundledSchemas + Self.testModuleSchemas + Self.validFixtures()
        XCTAssertGreaterThan(fixtures.count, 100)
        for path in fixtures {
            let url = repositoryRoot.appendingPathComponent(path)
            let loaded = SchemaLoader.load(path: url.path)
            XCTAssertNotNil(loaded.schema, "\(path) is expected to be valid: \(loaded.diagnostics)")
            documents.append((path, try Self.json(ofYAML: String(contentsOf: url, encoding: .utf8), file: path)))
        }
        // Semantically incomplete (it names operations that do not exist) but well formed.
        documents.append(("every construct", try Self.json(ofYAML: Self.everyConstruct, file: "every.yaml")))
        let verdicts = try validate(documents, with: python)
        for (name, _) in documents {
            XCTAssertEqual(verdicts[name], [], "\(name) is valid but the meta-schema rejects it")
        }
    }

    func testStructuralMistakesAreRejectedByLintAndTheMetaSchema() throws {
        for (name, text) in Self.mistakes {
            let errors = SchemaLoader.load(text: text, file: "\(name).yaml").diagnostics.filter { $0.severity == .error }
            XCTAssertFalse(errors.isEmpty, "lint accepts the mistake '\(name)'")
        }
        guard let python = try pythonWithJSONSchema() else { return }
        let documents = try Self.mistakes.map { ($0.name, try Self.json(ofYAML: $0.text, file: $0.name)) }
        let verdicts = try validate(documents, with: python)
        for (name, _) in Self.mistakes {
            XCTAssertNotNil(verdicts[name], name)
            XCTAssertNotEqual(verdicts[name], [], "the meta-schema accepts the mistake '\(name)' that lint reports")
        }
    }

    /// Structural mistakes: unknown keys and wrong kinds of value, at every level (the first four are
    /// SchemaDiagnosticsTests' inputs).
    static let mistakes: [(name: String, text: String)] = [
        ("misspelled kind key", valid(types: "  Item2:\n    fileds:\n      id: string\n")),
        ("unknown field key", valid(types: "  Other:\n    fields:\n      name: { type: string, colour: red }\n")),
        ("constraint not an integer", valid(types: "  Code:\n    type: string\n    maxLength: many\n")),
        ("fields as a list", valid(types: "  Item2:\n    fields: [id, name]\n")),
        ("unknown method", valid(operations: "  c:\n    http: FETCH /c\n")),
        ("unknown top-level key", valid(extra: "operatons: {}\n")),
        ("missing api", valid().replacingOccurrences(of: "api: Test\n", with: "")),
        ("missing environments", "api: Test\nversion: \"1\"\n"),
        ("environment without url", "api: Test\nversion: \"1\"\nenvironments:\n  production: { uri: \"https://x.example\" }\n"),
        ("unknown variable key", "api: Test\nversion: \"1\"\nenvironments:\n  production:\n    url: \"https://{h}\"\n    variables: { h: { value: x } }\n"),
        ("auth kind not a word", valid(extra: "auth:\n  bearer: { kind: oauth }\n")),
        ("apiKey in path", valid(extra: "auth:\n  key: { kind: apiKey, in: path, name: K }\n")),
        ("exchange with unknown key", valid(extra: "auth:\n  b:\n    kind: bearer\n    refresh: { operation: getItem, body: {} }\n")),
        ("error status as text", valid(extra: "errors:\n  cases:\n    forbidden: { status: forbidden }\n")),
        ("error retryable as number", valid(extra: "errors:\n  cases:\n    busy: { status: 429, retryable: 1 }\n")),
        ("error when not a condition", valid(extra: "errors:\n  cases:\n    late: { when: [offline, later] }\n")),
        ("code family with both keys", valid(extra: "errors:\n  cases:\n    a: { code: { prefix: A, pattern: \"^A\" } }\n")),
        ("error catalogue unknown key", valid(extra: "errors:\n  bodyType: Item\n")),
        ("optional as text", valid(types: "  Other:\n    fields:\n      name: { type: string, optional: sometimes }\n")),
        ("deprecated as a number", valid(types: "  Other:\n    deprecated: 1\n    fields: { name: string }\n")),
        ("enum raw type float", valid(types: "  Size:\n    type: float\n    enum: [S, M]\n")),
        ("enum as text", valid(types: "  Size:\n    enum: S\n")),
        ("union variants as a list", valid(types: "  U:\n    union:\n      discriminator: kind\n      variants: [Item]\n")),
        ("union variant unknown key", valid(types: "  U:\n    union:\n      discriminator: kind\n      variants: { a: { type: Item, tag: A } }\n")),
        ("query style not a word", valid(operations: "  list:\n    http: GET /items\n    query: { filter: { type: string, style: spaceDelimited } }\n")),
        ("body encoding not a word", valid(operations: "  put:\n    http: PUT /items\n    body: { type: Item, encoding: xml }\n")),
        ("success status 404", valid(operations: "  put:\n    http: PUT /items\n    status: 404\n")),
        ("pagination style offset", valid(operations: "  list:\n    http: GET /items\n    response: Item\n    paginate: { style: offset, items: id }\n")),
        (
            "pagination key of another style",
            valid(operations: "  list:\n    http: GET /items\n    response: Item\n    paginate: { style: page, items: id, token: t }\n")
        ),
        ("cache mode not a word", valid(operations: "  list:\n    http: GET /items\n    response: Item\n    cache: { mode: sometimes }\n")),
        ("cache maxAge as text", valid(operations: "  list:\n    http: GET /items\n    response: Item\n    cache: { mode: localFirst, maxAge: hour }\n")),
        ("operation example unknown key", valid(operations: "  list:\n    http: GET /items\n    response: Item\n    examples: { ok: { body: {} } }\n")),
        ("outcome without status", valid(operations: "  list:\n    http: GET /items\n    responses: { ok: { body: Item } }\n")),
        ("auth as a number", valid(operations: "  list:\n    http: GET /items\n    auth: 3\n")),
        ("operation unknown key", valid(operations: "  list:\n    http: GET /items\n    reponse: Item\n")),
        ("response mapping unknown key", valid(operations: "  list:\n    http: GET /items\n    response: { type: binary, mediaType: image/png }\n")),
    ]

    /// A minimal valid schema with one mistake spliced in.
    static func valid(types: String = "", operations: String = "", extra: String = "") -> String {
        "api: Test\nversion: \"1\"\nenvironments:\n  production: { url: \"https://api.example.com\" }\n" + extra
            + "types:\n  Item:\n    fields:\n      id: string\n" + types
            + "operations:\n  getItem:\n    http: GET /items/{id}\n    path:\n      id: string\n    response: Item\n" + operations
    }

    /// One use of every section of the language, so the parser meets each of its key tables.
    static let everyConstruct = """
        api: Every
        version: 1.0
        summary: Every section once.
        docs: For the meta-schema test.
        modelled: All of it.
        defaultAuth: [bearer]
        environments:
          production:
            url: "https://{host}/v1"
            variables:
              host: { default: api.example.com, docs: The host. }
        auth:
          bearer:
            kind: bearer
            refresh: { operation: refresh, request: { token: refreshToken }, response: { token: access, refreshToken: refresh } }
          session: { kind: session, login: login, name: X-Session, logout: logout }
        errors:
          body: Problem
          code: code
          envelope: false
          cases:
            network: { code: { prefix: A }, retryable: true }
            offline: { when: [offline, timeout] }
            gone: { status: 410, statusFirst: true, deprecated: "Use missing" }
        types:
          Problem:
            fields:
              code: { type: string, wire: Code, optional: true, nullable: true, minLength: 1, secret: false }
              size: { type: Size, exclude: [L] }
          Size:
            type: string
            enum: { S: { value: s, docs: Small. }, L: l }
          Shape:
            union:
              discriminator: kind
              variants:
                problem: { type: Problem, value: PROBLEM }
          Amount: { type: decimal, minimum: 0, renamedFrom: Money, example: 1, examples: { one: 1 } }
        operations:
          upload:
            http: POST /files
            body: { type: binary, encoding: raw, contentType: image/png }
            response: { type: binary, contentType: image/png }
            examples: { ok: { status: 200, docs: Uploaded. } }
          list:
            http: GET /problems
            query: { page: int32, filter: { type: Problem, style: deepObject } }
            response: "[Problem]"
            paginate: { style: page, items: items, page: page }
            cache: { mode: network, store: true, cacheOnlyParameter: cached }
          check:
            http: GET /check
            responses:
              ok: { status: 200, body: Problem, where: { code: ["0", "1"] } }
              failed: { status: 200, error: gone }
        """

    // MARK: Files

    static let bundledSchemas = ["whitelabelpay", "finaptic", "kdpay", "jumio", "bsa"].map { "Schemas/\($0).yaml" }
    static let testModuleSchemas = ["KitchenSink/kitchensink.yaml", "NameCorpus/namecorpus.yaml", "Hostile/hostile.yaml"]
        .map { "Tests/GeneratedModules/\($0)" }

    /// The valid schemas tests use: the pattern corpus, the consumer package's and the diff corpus.
    /// Intentionally broken inputs (Tests/Fuzz) are not among them.
    static func validFixtures() -> [String] {
        var paths = ["Tests/Fixtures/Patterns/ecma262.yaml", "Tests/Fixtures/ConsumerPackage/Sources/consumer-demo/petshop.yaml"]
        let corpus = repositoryRoot.appendingPathComponent("Tests/Fixtures/DiffCorpus")
        let pairs = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        for pair in pairs.sorted() {
            for side in ["old.yaml", "new.yaml"] where FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\(pair)/\(side)").path) {
                paths.append("Tests/Fixtures/DiffCorpus/\(pair)/\(side)")
            }
        }
        return paths
    }

    // MARK: Helpers

    /// YAML read by our loader (as the parser sees it: `1.0` a number, `2024-05-31` text) as JSON.
    static func json(ofYAML text: String, file: String) throws -> OrderedJSON {
        let log = DiagnosticLog()
        guard let node = YAMLReader.read(text, file: file, log: log) else {
            throw XCTSkip("\(file) is not YAML: \(log.diagnostics)")
        }
        return OrderedJSON(node)
    }

    /// The key sets of the sections that reject unknown keys, anywhere in the document.
    static func closedSections(in json: OrderedJSON, into sections: inout Set<Set<String>>) {
        switch json {
        case .object(let members):
            if json["additionalProperties"] == .bool(false), case .object(let properties)? = json["properties"] {
                sections.insert(Set(properties.map(\.0)))
            }
            for (_, value) in members { closedSections(in: value, into: &sections) }
        case .array(let elements):
            for element in elements { closedSections(in: element, into: &sections) }
        default:
            break
        }
    }

    /// python3 when it has jsonschema; nil (after skipping) otherwise.
    private func pythonWithJSONSchema() throws -> URL? {
        let required = ProcessInfo.processInfo.environment["REQUIRE_REFERENCE_VALIDATORS"] == "1"
        func unavailable(_ reason: String) throws -> URL? {
            if required { XCTFail("REQUIRE_REFERENCE_VALIDATORS=1 but \(reason)") }
            throw XCTSkip(reason)
        }
        guard let python = findPython() else { return try unavailable("python3 is not on PATH") }
        let probe = try runProcess(python, ["-c", "import jsonschema"])
        guard probe.status == 0 else {
            return try unavailable("Python jsonschema is not installed (python3 -m pip install jsonschema): \(probe.errors)")
        }
        return python
    }

    /// Validates each document against the committed meta-schema with Python jsonschema's Draft 7
    /// validator (after checking the meta-schema itself); the first errors of each document by name.
    private func validate(_ documents: [(name: String, json: OrderedJSON)], with python: URL) throws -> [String: [String]] {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("documents.json")
        try Data(OrderedJSON.object(documents.map { ($0.name, $0.json) }).text().utf8).write(to: input)
        let script = """
            import json, sys
            from jsonschema import Draft7Validator
            meta = json.load(open(sys.argv[1]))
            Draft7Validator.check_schema(meta)
            validator = Draft7Validator(meta)
            verdicts = {}
            for name, document in json.load(open(sys.argv[2])).items():
                errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
                verdicts[name] = ["/".join(map(str, e.absolute_path)) + ": " + e.message[:300] for e in errors[:3]]
            print(json.dumps(verdicts))
            """
        let run = try runProcess(python, ["-c", script, Self.committedCopy.path, input.path])
        XCTAssertEqual(run.status, 0, run.errors)
        return try JSONDecoder().decode([String: [String]].self, from: run.output)
    }
}

/// Collects the key tables the parser reports while it reads.
private final class KeyTableRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: Set<Set<String>> = []

    func add(_ keys: [String]) {
        lock.lock()
        defer { lock.unlock() }
        collected.insert(Set(keys))
    }

    var tables: Set<Set<String>> {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
