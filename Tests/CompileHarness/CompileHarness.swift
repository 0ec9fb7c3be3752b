import Foundation
import SchemaModel
import SwiftRenderer
import TestSupport
import XCTest

/// Compiles generated code the way a user's build does, against the ClientRuntime module this test build
/// made, and reads the public API of the modules generated code uses from their symbol graphs.
public enum CompileHarness {
    /// Where SwiftPM put the built modules (ClientRuntime's among them).
    public static var modules: URL {
        builtProductsFolder.appendingPathComponent("Modules")
    }

    public struct Compilation {
        public let diagnostics: [String]
        /// swiftc's `error:` and `warning:` lines.
        public let problems: [String]
        public let status: Int32
        public let seconds: Double
    }

    /// Lints `schema` (it must load without diagnostics), renders it and type-checks the files with swiftc.
    public static func typecheck(_ schema: String, module: String, file: StaticString = #filePath, line: UInt = #line) throws -> Compilation {
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("ClientRuntime.swiftmodule").path) else {
            throw XCTSkip("no ClientRuntime module at \(modules.path)")
        }
        let loaded = SchemaLoader.load(text: schema, file: "\(module).yaml")
        XCTAssertEqual(loaded.diagnostics.map(\.description), [], "lint must accept the schema", file: file, line: line)
        guard let model = loaded.schema else { return Compilation(diagnostics: loaded.diagnostics.map(\.description), problems: [], status: -1, seconds: 0) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compile-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for generated in SwiftRenderer.render(model, schemaFileName: "\(module).yaml") {
            let url = folder.appendingPathComponent(generated.name)
            try Data(generated.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        // One frontend for the whole module (-wmo): several times faster than one job per file.
        let started = Date()
        let swiftc = try runTool(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-wmo", "-module-name", module, "-I", modules.path] + paths.sorted())
        let seconds = Date().timeIntervalSince(started)
        let problems = (swiftc.output + swiftc.errors).split(separator: "\n").map(String.init).filter {
            $0.contains(": error:") || $0.contains(": warning:")
        }
        return Compilation(diagnostics: [], problems: problems, status: swiftc.status, seconds: seconds)
    }

    /// Asserts that `schema` lints cleanly and its generated code compiles without errors or warnings.
    @discardableResult
    public static func assertCompilesCleanly(_ schema: String, module: String, file: StaticString = #filePath, line: UInt = #line) throws -> Compilation {
        let result = try typecheck(schema, module: module, file: file, line: line)
        XCTAssertEqual(result.status, 0, result.problems.joined(separator: "\n"), file: file, line: line)
        XCTAssertEqual(result.problems, [], file: file, line: line)
        return result
    }

    // MARK: Symbol graphs

    /// A module's public symbols and their relationships, from `swift symbolgraph-extract`.
    public struct SymbolGraph {
        public struct Symbol {
            public let id: String
            public let kind: String
            public let name: String
            public let path: [String]
        }

        public var symbols: [String: Symbol] = [:]
        /// (kind, source, target) of each relationship.
        public var relationships: [(kind: String, source: String, target: String)] = []

        /// The public names declared at the module's top level.
        public var topLevelNames: Set<String> { Set(symbols.values.filter { $0.path.count == 1 }.map(\.name)) }

        public func protocolID(named name: String) -> String? {
            symbols.values.first { $0.kind == "swift.protocol" && $0.path == [name] }?.id
        }

        public mutating func merge(_ other: SymbolGraph) {
            symbols.merge(other.symbols) { first, _ in first }
            relationships += other.relationships
        }
    }

    /// The top-level names `@_spi(Generated) import ClientRuntime` shows generated code: ClientRuntime's own
    /// (public and SPI), and those it re-exports from WireFormat. WireFormat's `@_spi(Shared)` names are not
    /// re-exported, and a symbol graph does not say which SPI group a declaration is in, so each WireFormat
    /// name is checked by compiling a reference to it behind that import.
    public static func namesGeneratedCodeSees() throws -> Set<String> {
        let runtime = try symbolGraph(of: "ClientRuntime", includingSPI: true).topLevelNames
        let candidates = try symbolGraph(of: "WireFormat", includingSPI: true).topLevelNames.subtracting(runtime).sorted()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reexports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = folder.appendingPathComponent("Probe.swift")
        let lines = ["@_spi(Generated) import ClientRuntime"] + candidates.map { "typealias Probe\($0) = \($0)" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: probe)
        let swiftc = try runTool(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-module-name", "Probe", "-I", modules.path, probe.path])
        let output = swiftc.output + swiftc.errors
        let hidden = Set(output.matches(of: /cannot find type '(\w+)' in scope/).map { String($0.1) })
        let otherErrors = output.split(separator: "\n").filter { $0.contains("error:") && !$0.contains("cannot find type") }
        XCTAssertEqual(otherErrors, [], "the probe of WireFormat's names compiles apart from the hidden ones")
        return runtime.union(candidates.filter { !hidden.contains($0) })
    }

    /// Extracts `module`'s symbol graph (the standard library's without `-I`). `includingSPI` adds the
    /// `@_spi` declarations, which generated code sees: it imports ClientRuntime's `@_spi(Generated)`.
    public static func symbolGraph(of module: String, includingSPI: Bool = false) throws -> SymbolGraph {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #if arch(arm64)
            let architecture = "aarch64"
        #else
            let architecture = "x86_64"
        #endif
        #if os(macOS)
            let target = "\(architecture)-apple-macos13"
        #else
            let target = "\(architecture)-unknown-linux-gnu"
        #endif
        let extract = try runTool(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swift", "symbolgraph-extract", "-module-name", module, "-target", target, "-I", modules.path,
                "-minimum-access-level", "public", "-output-dir", folder.path,
            ] + (includingSPI ? ["-include-spi-symbols"] : []))
        guard extract.status == 0 else {
            XCTFail("swift symbolgraph-extract failed for \(module): \(extract.errors)")
            return SymbolGraph()
        }
        let data = try Data(contentsOf: folder.appendingPathComponent("\(module).symbols.json"))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return SymbolGraph() }
        var graph = SymbolGraph()
        for case let symbol as [String: Any] in root["symbols"] as? [Any] ?? [] {
            guard let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
                let name = (symbol["names"] as? [String: Any])?["title"] as? String,
                let path = symbol["pathComponents"] as? [String]
            else { continue }
            graph.symbols[id] = SymbolGraph.Symbol(id: id, kind: kind, name: name, path: path)
        }
        for case let relationship as [String: Any] in root["relationships"] as? [Any] ?? [] {
            guard let kind = relationship["kind"] as? String, let source = relationship["source"] as? String,
                let target = relationship["target"] as? String
            else { continue }
            graph.relationships.append((kind, source, target))
        }
        return graph
    }
}
