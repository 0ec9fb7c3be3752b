import Foundation
import SchemaModel
import SwiftRenderer

/// The semantic fuzzer (Tests/Fuzz/README.md): random schemas from `SchemaGenerator`, each linted; those
/// lint accepts are generated and type-checked with swiftc against the built ClientRuntime module, and any
/// compiler error or warning is a finding (the schema is kept). Those lint rejects must say where
/// (`file:line:column`). Bounded by a count and a time.
///
///     fuzz-semantic [--seed N] [--count N] [--seconds N] [--modules DIR] [--findings DIR]
///     fuzz-semantic --replay schema.yaml [--modules DIR]
@main
struct SemanticFuzz {
    struct Options {
        var seed: UInt64 = 1
        var count = 300
        var seconds = 150.0
        var modules = ".build/debug/Modules"
        var findings = "Tests/Fuzz/findings/semantic"
        var replay: String?
    }

    static func main() throws {
        var options = Options()
        var arguments = CommandLine.arguments.dropFirst()
        func value(_ flag: String) -> String {
            guard let next = arguments.popFirst() else { fail("\(flag) needs a value") }
            return next
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--seed": options.seed = UInt64(value(argument)) ?? { fail("--seed takes a number") }()
            case "--count": options.count = Int(value(argument)) ?? { fail("--count takes a number") }()
            case "--seconds": options.seconds = Double(value(argument)) ?? { fail("--seconds takes a number") }()
            case "--modules": options.modules = value(argument)
            case "--findings": options.findings = value(argument)
            case "--replay": options.replay = value(argument)
            default: fail("unknown argument '\(argument)'")
            }
        }
        guard FileManager.default.fileExists(atPath: options.modules + "/ClientRuntime.swiftmodule") else {
            fail("no ClientRuntime.swiftmodule in \(options.modules): run `swift build --target ClientRuntime` first")
        }
        if let replay = options.replay {
            let text = try String(contentsOfFile: replay, encoding: .utf8)
            let outcome = try check(text, name: URL(fileURLWithPath: replay).lastPathComponent, modules: options.modules)
            print(outcome.summary)
            exit(outcome.isFinding ? 1 : 0)
        }
        try run(options)
    }

    static func run(_ options: Options) throws {
        let started = Date()
        var compiled = 0
        var rejected: [String: Int] = [:]
        var findings = 0
        var checked = 0
        var slowest = 0.0
        for index in 0..<options.count {
            if Date().timeIntervalSince(started) > options.seconds { break }
            let seed = options.seed &+ UInt64(index)
            var generator = SchemaGenerator(seed: seed)
            let text = generator.schema()
            let name = "semantic-seed-\(seed).yaml"
            let outcome = try check(text, name: name, modules: options.modules)
            checked += 1
            switch outcome {
            case .compiled(let seconds):
                compiled += 1
                slowest = max(slowest, seconds)
            case .rejected(let first):
                // Counted by message, numbers and names aside, so the summary shows what lint rejects most.
                let kind = first.message.replacingOccurrences(of: "'[^']*'", with: "'…'", options: .regularExpression)
                rejected[kind, default: 0] += 1
            case .unlocated, .failedToCompile:
                findings += 1
                try FileManager.default.createDirectory(atPath: options.findings, withIntermediateDirectories: true)
                let kept = options.findings + "/" + name
                try text.write(toFile: kept, atomically: true, encoding: .utf8)
                print("fuzz-semantic: FINDING seed \(seed), kept as \(kept):\n\(outcome.summary)")
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print("fuzz-semantic: lint rejected, by message:")
        for (message, count) in rejected.sorted(by: { $0.value > $1.value }).prefix(8) { print("  \(count)x \(message)") }
        print(
            "fuzz-semantic: \(checked) schemas from seed \(options.seed) in \(String(format: "%.0f", seconds)) s: \(compiled) compiled without warnings"
                + " (slowest \(String(format: "%.1f", slowest)) s), \(rejected.values.reduce(0, +)) rejected by lint with a location, \(findings) finding(s)")
        if checked == 0 || compiled == 0 { fail("nothing was compiled") }
        exit(findings > 0 ? 1 : 0)
    }

    enum Outcome {
        case compiled(seconds: Double)
        case rejected(Diagnostic)
        /// Lint rejected the schema without saying where.
        case unlocated([Diagnostic])
        case failedToCompile([String])

        var isFinding: Bool {
            switch self {
            case .compiled, .rejected: return false
            case .unlocated, .failedToCompile: return true
            }
        }

        var summary: String {
            switch self {
            case .compiled(let seconds): return "compiled without warnings in \(String(format: "%.1f", seconds)) s"
            case .rejected(let diagnostic): return "rejected by lint: \(diagnostic)"
            case .unlocated(let diagnostics): return "lint rejected it without a file:line:column: " + diagnostics.map(\.description).joined(separator: "\n")
            case .failedToCompile(let lines): return lines.joined(separator: "\n")
            }
        }
    }

    /// Lints `text`; when it loads, renders it into a scratch folder and type-checks it (one frontend for
    /// the module: `-wmo` is several times faster than a job per file).
    static func check(_ text: String, name: String, modules: String) throws -> Outcome {
        let result = SchemaLoader.load(text: text, file: name)
        guard let schema = result.schema else {
            let errors = result.diagnostics.filter { $0.severity == .error }
            guard let first = errors.first, errors.allSatisfy({ $0.location != nil }) else { return .unlocated(result.diagnostics) }
            return .rejected(first)
        }
        if !result.diagnostics.isEmpty { return .unlocated(result.diagnostics) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-semantic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in SwiftRenderer.render(schema, schemaFileName: name) {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let log = folder.appendingPathComponent("swiftc.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)  // FileHandle below throws if it failed
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-wmo", "-module-name", "Fuzzed", "-I", modules] + paths.sorted()
        process.standardOutput = handle
        process.standardError = handle
        let started = Date()
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let seconds = Date().timeIntervalSince(started)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let problems = output.split(separator: "\n").map(String.init).filter { $0.contains(": error:") || $0.contains(": warning:") }
        if process.terminationStatus != 0 || !problems.isEmpty {
            return .failedToCompile(problems.isEmpty ? [String(output.suffix(4000))] : Array(problems.prefix(20)))
        }
        return .compiled(seconds: seconds)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("fuzz-semantic: error: \(message)\n".utf8))
        exit(2)
    }
}
