import Foundation
import TestSupport
import XCTest

/// Code generated for the v2 catalogue and outcomes compiles warning-free where it is hardest: deprecated
/// code families and client-side cases (named only through the case table), and outcomes named like
/// Swift keywords, and codes, patterns and `where` values full of quotes and escapes. Generates with `client-generator` and type-checks with `swiftc` against the built
/// ClientRuntime module.
final class ErrorsAndOutcomesCompileTests: XCTestCase {
    private let schema = #"""
        api: Dep
        version: "1"
        environments:
          production: { url: "https://api.example.com" }
        errors:
          body: ErrorBody
          code: code
          cases:
            gone: { code: { prefix: G }, deprecated: Old family. }
            hostile: { code: { prefix: "\"); fatalError(\"" }, docs: "*/ \\(x) \u202E" }
            hostilePattern: { code: { pattern: "^\"\\(x\\)\\\\$" } }
            offline: { when: [offline], deprecated: Use transport. }
            timedOut: { when: [timeout], retryable: true }
            busy: { code: BUSY, status: 409, retryable: false, deprecated: true }
        types:
          ErrorBody:
            fields:
              code: string
          Envelope:
            fields:
              rtCode: string
        operations:
          check:
            http: GET /check
            errors: [gone, busy]
            responses:
              default: { status: 200, body: Envelope, where: { rtCode: "0" } }
              odd: { status: 200, body: Envelope, where: { rtCode: ["\"); fatalError(\"", "\\(x)"] } }
              self: { status: 200, error: busy }
              class: { status: 404, deprecated: gone }
        """#

    func testDeprecatedCasesAndKeywordOutcomesCompileWithoutWarnings() throws {
        let products = builtExecutable(named: "client-generator").deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("ClientRuntime.swiftmodule").path) else {
            throw XCTSkip("no ClientRuntime module at \(modules.path)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("errors-outcomes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = folder.appendingPathComponent("dep.yaml")
        try Data(schema.utf8).write(to: schemaFile)
        let output = folder.appendingPathComponent("out")
        let generate = try run(products.appendingPathComponent("client-generator"), ["generate", schemaFile.path, "--output", output.path])
        XCTAssertEqual(generate.status, 0, generate.text)

        let sources = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertEqual(sources.count, 35, "the fixed set of generated files (GeneratedFileNames.all)")
        let swiftc = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-typecheck", "-module-name", "Dep", "-I", modules.path] + sources.map { output.appendingPathComponent($0).path })
        XCTAssertEqual(swiftc.status, 0, swiftc.text)
        XCTAssertFalse(swiftc.text.contains("warning:"), swiftc.text)
        // Outcome types live with their operation, in one of the Shard.NN files.
        let client = try sources.map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }.joined()
        XCTAssertTrue(client.contains("case `default`(Envelope)"), "keyword outcome names are escaped")
    }

    private func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("errors-outcomes-log-\(UUID().uuidString)")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil), "cannot create \(log.path)")
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }
}
