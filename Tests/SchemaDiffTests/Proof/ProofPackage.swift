import Foundation
import SchemaModel
import SwiftRenderer
import XCTest

/// One Swift package holding, for every corpus pair, the client generated from the old schema and
/// the one generated from the new schema (modules `<Pair>Old` and `<Pair>New`, each with its
/// `ProofCallerWriter` caller; both use `ProofSupport`, the misread check), plus `proof-driver`, which runs a module's examples against a URL.
/// Built once, so the proof costs one build. It lives in .build/diff-proof so reruns are incremental.
struct ProofPackage {
    struct Side {
        var module: String
        var schema: Schema
        var caller: String
    }

    struct Pair {
        var corpus: CorpusPair
        var old: Side
        var new: Side
    }

    let root = packageRoot.appendingPathComponent(".build/diff-proof")
    var pairs: [Pair] = []

    init(corpus: [CorpusPair]) throws {
        pairs = try corpus.map { pair in
            let base = pair.name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let old = try SchemaLoader.loadOrThrow(path: pair.old.path)
            let new = try SchemaLoader.loadOrThrow(path: pair.new.path)
            return Pair(
                corpus: pair,
                old: Side(module: "P\(base)Old", schema: old, caller: ProofCallerWriter(schema: old).render()),
                new: Side(module: "P\(base)New", schema: new, caller: ProofCallerWriter(schema: new).render()))
        }
    }

    /// Writes the package (files whose contents did not change are left alone, keeping builds incremental).
    func write() throws {
        let sources = root.appendingPathComponent("Sources")
        // The runtime and the wire formats it re-exports, as a consumer's build gets them.
        for module in ["WireFormat", "ClientRuntime"] {
            let runtimeSource = packageRoot.appendingPathComponent("Sources/\(module)")
            for name in try FileManager.default.contentsOfDirectory(atPath: runtimeSource.path) where name.hasSuffix(".swift") {
                try writeIfChanged(
                    try String(contentsOf: runtimeSource.appendingPathComponent(name), encoding: .utf8),
                    to: sources.appendingPathComponent("\(module)/\(name)"))
            }
        }
        try writeIfChanged(ProofSupportSource.source + "\n", to: sources.appendingPathComponent("ProofSupport/ProofSupport.swift"))
        for side in pairs.flatMap({ [$0.old, $0.new] }) {
            let folder = sources.appendingPathComponent(side.module)
            for file in SwiftRenderer.render(side.schema, schemaFileName: "schema.yaml") {
                try writeIfChanged(file.contents, to: folder.appendingPathComponent(file.name))
            }
            try writeIfChanged(side.caller, to: folder.appendingPathComponent("ProofCaller.swift"))
        }
        let modules = pairs.flatMap { [$0.old.module, $0.new.module] }
        var main = ["import Foundation"] + modules.map { "import \($0)" }
        main += ["", "let url = URL(string: CommandLine.arguments[2])!", "let results: [String]", "switch CommandLine.arguments[1] {"]
        main += modules.map { "case \"\($0)\": results = await \($0).proofRun(baseURL: url)" }
        main += ["default: fatalError(\"unknown module \\(CommandLine.arguments[1])\")", "}", "for line in results { print(line) }"]
        try writeIfChanged(main.joined(separator: "\n") + "\n", to: sources.appendingPathComponent("proof-driver/main.swift"))
        let targets = modules.map { ".target(name: \"\($0)\", dependencies: [\"ClientRuntime\", \"ProofSupport\"])," }
        let manifest = """
            // swift-tools-version: 6.0
            // Written by Tests/SchemaDiffTests/Proof/ProofPackage.swift; every generated client of the diff corpus.
            import PackageDescription

            let package = Package(
                name: "DiffProof",
                platforms: [.macOS(.v13)],
                targets: [
                    .target(name: "WireFormat"),
                    .target(name: "ClientRuntime", dependencies: ["WireFormat"]),
                    .target(name: "ProofSupport", dependencies: ["ClientRuntime"]),
                    \(targets.joined(separator: "\n        "))
                    .executableTarget(name: "proof-driver", dependencies: [\(modules.map { "\"\($0)\"" }.joined(separator: ", "))]),
                ]
            )

            """
        try writeIfChanged(manifest, to: root.appendingPathComponent("Package.swift"))
    }

    /// `swift build` of the package; returns the folder of the built products.
    func build() throws -> URL {
        let result = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--product", "proof-driver"], in: root)
        guard result.status == 0 else {
            throw ProofError("the proof package did not build:\n\(result.output.suffix(6000))")
        }
        let binPath = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--show-bin-path"], in: root)
        return URL(fileURLWithPath: binPath.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func writeIfChanged(_ text: String, to url: URL) throws {
        let data = Data(text.utf8)
        if (try? Data(contentsOf: url)) == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}

struct ProofError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum ProcessRunner {
    /// Runs a tool and returns its exit status and standard output and error together.
    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
