import Foundation
import SchemaImport
import SchemaModel
import TestSupport
import XCTest

/// How `import` reads its input: never more than the 16 MiB it accepts (a stream is left as soon as it
/// passes the limit), and JSON as JSON, so what libYAML refuses in a JSON text still imports.
final class InputTests: XCTestCase {
    private let limit = OpenAPIImport.maximumBytes

    /// `producer | client-generator import -` with a producer of 64 MiB: the tool stops reading one
    /// byte past 16 MiB, so the stream takes at most that plus what the pipe buffers.
    func testAStreamLargerThanTheLimitIsLeftAtTheLimit() throws {
        let streamed = try runToolStreaming(builtExecutable(named: "client-generator"), ["import", "-"], total: 64 << 20)
        XCTAssertEqual(streamed.run.status, 1)
        XCTAssertEqual(streamed.run.errors, "<stdin>:1:1: error: the document is more than the \(limit) bytes import reads\n")
        XCTAssertEqual(streamed.run.output, "")
        XCTAssertGreaterThan(streamed.accepted, limit)
        XCTAssertLessThan(streamed.accepted, limit + (1 << 20), "reading stopped near the limit")
    }

    /// A regular file's size is known before reading: a sparse 1 GiB file is refused at once.
    func testAFileLargerThanTheLimitIsRefusedByItsSize() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("import-sparse-\(UUID().uuidString).yaml")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = OpenAPIImport.importDocument(path: file.path)
        XCTAssertEqual(
            result.diagnostics.map(\.description), ["\(file.path):1:1: error: the document is \(1 << 30) bytes, more than the \(limit) bytes import reads"])
    }

    /// A document within the limit still reads from standard input.
    func testADocumentOnStandardInputImports() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-stdin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("run.sh")
        let document = #"{"openapi": "3.1.0", "info": {"title": "Piped", "version": "1"}, "paths": {}}"#
        try Data("printf '%s' '\(document)' | '\(builtExecutable(named: "client-generator").path)' import -\n".utf8).write(to: script)
        let run = try runTool(URL(fileURLWithPath: "/bin/sh"), [script.path])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.hasPrefix("api: Piped\nversion: \"1\"\n"), run.output)
    }

    // MARK: JSON

    /// `\ud83d\ude00` is how JSON writes 😀 in ASCII; libYAML refuses surrogate escapes.
    func testSurrogatePairEscapesInJSONImport() throws {
        let text = #"{"openapi": "3.1.0", "info": {"title": "Smile \ud83d\ude00", "version": "1"}, "paths": {}}"#
        let result = OpenAPIImport.importDocument(text: text, file: "smile.json")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.description), [])
        XCTAssertTrue(try XCTUnwrap(result.schema).contains("The document's title is 'Smile 😀'."))
    }

    /// A property name over 1,024 characters is valid JSON (and a valid Swift name); YAML allows such a
    /// key only as an explicit key, which is how the written schema says it.
    func testJSONKeysLongerThanYAMLsImplicitKeyLimitImport() throws {
        let name = String(repeating: "k", count: 1_100)
        let text = """
            {"openapi": "3.1.0", "info": {"title": "Long", "version": "1"}, "paths": {},
             "components": {"schemas": {"Item": {"type": "object", "required": ["\(name)"], "properties": {"\(name)": {"type": "string"}}}}}}
            """
        let result = OpenAPIImport.importDocument(text: text, file: "long.json")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.description), [])
        let schema = try XCTUnwrap(result.schema)
        XCTAssertTrue(schema.contains("    fields:\n      ? \(name)\n      : string\n"), schema)
        // The written schema loads with the field under its name.
        let loaded = try XCTUnwrap(SchemaLoader.load(text: schema, file: "long.yaml", exampleFiles: nil).schema)
        guard case .structure(let fields)? = loaded.types.first(where: { $0.name == "Item" })?.kind else { return XCTFail("Item is a struct") }
        XCTAssertEqual(fields.map(\.name), [name])
    }

    /// Diagnostics of a JSON document point where YAML's reader points for the same text (checked by
    /// hand with a non-JSON key added, which sends the text to YAML's reader): line and column of the
    /// value, columns counted in characters, also after non-ASCII text on the same line.
    func testJSONNodesKeepTheirLinesAndColumns() {
        let text = """
            {"openapi": "3.1.0", "info": {"title": "Ünïcödé", "version": "1"}, "servers": [{"url": "relative"},
             {"url": "other"}], "paths": {}}
            """
        let result = OpenAPIImport.importDocument(text: text, file: "where.json")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "where.json:1:88: warning: server URL 'relative' starts with neither a scheme nor a variable nor '/', so it is no base URL; not imported [#/servers/0/url]",
                "where.json:2:10: warning: server URL 'other' starts with neither a scheme nor a variable nor '/', so it is no base URL; not imported [#/servers/1/url]",
            ])
        let duplicate = OpenAPIImport.importDocument(text: #"{"openapi": "3.1.0", "openapi": "3.0.0"}"#, file: "twice.json")
        XCTAssertNil(duplicate.schema)
        XCTAssertEqual(duplicate.diagnostics.map(\.description), ["twice.json:1:22: error: duplicate key 'openapi'"])
    }

    /// Text that starts like JSON but is not strict JSON is read as YAML, as before: a flow mapping
    /// imports, and broken text gets YAML's message.
    func testYAMLFlowMappingsStillReadAsYAML() throws {
        let flow = OpenAPIImport.importDocument(text: "{openapi: 3.1.0, info: {title: Flow, version: '1'}, paths: {}}", file: "flow.yaml")
        XCTAssertTrue(try XCTUnwrap(flow.schema).hasPrefix("api: Flow\n"))
        let broken = OpenAPIImport.importDocument(text: #"{"openapi": "3.1.0", "#, file: "broken.json")
        XCTAssertNil(broken.schema)
        XCTAssertTrue(broken.diagnostics.first?.description.contains("error: invalid YAML") ?? false, "\(broken.diagnostics)")
    }
}
