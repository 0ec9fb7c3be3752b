import Foundation
import SchemaImport
import SchemaModel
import TestSupport
import XCTest

/// How `import` reads its input: never more than the 16 MiB it accepts (a stream is left as soon as it
/// passes the limit).
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
}
