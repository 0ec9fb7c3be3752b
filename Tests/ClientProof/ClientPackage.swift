import Foundation
import SchemaModel
import SwiftRenderer

/// A SwiftPM package of generated clients, each with its `ProofCallerWriter` caller (modules use
/// `ProofSupport`, the misread check), plus `proof-driver`, which runs one module's calls against a URL:
/// `proof-driver <Module> <base URL>` prints one line per call and channel, `proof-driver <Module> <base URL>
/// close <channel>` what the client did when the server closed that channel with a code. Built once for
/// every module it holds, so a proof over many schemas costs one build; it lives under .build so reruns
/// are incremental. The diff proof (old and new clients of each pair) and the corpus run (every imported
/// corpus document) write one.
public struct ClientPackage {
    public struct Module {
        public var name: String
        public var schema: Schema
        /// The caller's files (`ProofCallerWriter.files()`), compiled into the module.
        public var caller: [GeneratedFile]

        public init(name: String, schema: Schema, caller: [GeneratedFile]) {
            (self.name, self.schema, self.caller) = (name, schema, caller)
        }
    }

    /// The package's folder.
    public let root: URL
    /// The package's name, an identifier.
    public let name: String
    public var modules: [Module]

    /// `repository`: the checkout whose Sources/WireFormat and Sources/ClientRuntime the clients are built against.
    public let repository: URL

    public init(name: String, root: URL, repository: URL, modules: [Module]) {
        (self.name, self.root, self.repository, self.modules) = (name, root, repository, modules)
    }

    /// A module name made of a document or pair name (`oai-petstore.yaml` → `OaiPetstoreYaml` with no
    /// prefix): its letters and digits, each run capitalised.
    public static func moduleName(_ name: String, prefix: String) -> String {
        prefix + name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Writes the package (files whose contents did not change are left alone, keeping builds incremental;
    /// files an earlier run wrote and this one does not, such as a runtime file that moved, are removed).
    public func write() throws {
        let sources = root.appendingPathComponent("Sources")
        var written: Set<String> = []
        func writeIfChanged(_ text: String, to url: URL) throws {
            written.insert(url.standardizedFileURL.path)
            try self.writeIfChanged(text, to: url)
        }
        // The runtime and the wire formats it re-exports, as a consumer's build gets them.
        for module in ["WireFormat", "ClientRuntime"] {
            let runtimeSource = repository.appendingPathComponent("Sources/\(module)")
            for file in try FileManager.default.contentsOfDirectory(atPath: runtimeSource.path) where file.hasSuffix(".swift") {
                try writeIfChanged(
                    try String(contentsOf: runtimeSource.appendingPathComponent(file), encoding: .utf8),
                    to: sources.appendingPathComponent("\(module)/\(file)"))
            }
        }
        try writeIfChanged(ProofSupportSource.source + "\n", to: sources.appendingPathComponent("ProofSupport/ProofSupport.swift"))
        for module in modules {
            let folder = sources.appendingPathComponent(module.name)
            for file in SwiftRenderer.render(module.schema, schemaFileName: "schema.yaml") {
                try writeIfChanged(file.contents, to: folder.appendingPathComponent(file.name))
            }
            for file in module.caller {
                try writeIfChanged(file.contents, to: folder.appendingPathComponent(file.name))
            }
        }
        // Channels open over SwiftNIO, as a Linux app's do (README, "Dependencies": URLSession on Linux has no
        // WebSockets): the transport's one file, copied, in a target of its own that only the driver links, so
        // the clients and the callers the source check type-checks stay Foundation-only.
        let opensChannels = modules.contains { !$0.schema.channels.isEmpty }
        if opensChannels {
            let transport = repository.appendingPathComponent("Sources/ChannelTransportNIO/NIOChannelTransport.swift")
            try writeIfChanged(
                try String(contentsOf: transport, encoding: .utf8), to: sources.appendingPathComponent("ChannelTransportNIO/NIOChannelTransport.swift"))
        }
        let names = modules.map(\.name)
        var main = ["import ClientRuntime", "import Foundation"] + (opensChannels ? ["import ChannelTransportNIO"] : []) + names.map { "import \($0)" }
        main += [
            "", "// proof-driver <Module> <base URL> [close <channel>]", "let url = URL(string: CommandLine.arguments[2])!",
            "let closing = CommandLine.arguments.count > 4 && CommandLine.arguments[3] == \"close\" ? CommandLine.arguments[4] : nil",
            "let transport: any ChannelTransport = \(opensChannels ? "NIOChannelTransport()" : "URLSessionChannelTransport()")",
            "let results: [String]", "switch CommandLine.arguments[1] {",
        ]
        main += names.map { "case \"\($0)\": results = await \($0).proofRun(baseURL: url, channelTransport: transport, closing: closing)" }
        main += ["default: fatalError(\"unknown module \\(CommandLine.arguments[1])\")", "}", "for line in results { print(line) }"]
        try writeIfChanged(main.joined(separator: "\n") + "\n", to: sources.appendingPathComponent("proof-driver/main.swift"))
        let targets = names.map { ".target(name: \"\($0)\", dependencies: [\"ClientRuntime\", \"ProofSupport\"])," }
        // The same packages, from the same versions, as this repository's ChannelTransportNIO target.
        let dependencies =
            opensChannels
            ? """
            dependencies: [
                    .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
                    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
                    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
                    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
                ],
            """ : ""
        let transportTarget =
            opensChannels
            ? """
            .target(
                        name: "ChannelTransportNIO",
                        dependencies: [
                            "ClientRuntime", .product(name: "WSClient", package: "swift-websocket"), .product(name: "NIOCore", package: "swift-nio"),
                            .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "HTTPTypes", package: "swift-http-types"),
                            .product(name: "Logging", package: "swift-log"),
                        ]),
            """ : ""
        let driverDependencies = names.map { "\"\($0)\"" } + (opensChannels ? ["\"ChannelTransportNIO\""] : [])
        let manifest = """
            // swift-tools-version: 6.0
            // Written by Tests/ClientProof/ClientPackage.swift: generated clients and the driver that runs their calls.
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v13)],
                \(dependencies)
                targets: [
                    .target(name: "WireFormat"),
                    .target(name: "ClientRuntime", dependencies: ["WireFormat"]),
                    .target(name: "ProofSupport", dependencies: ["ClientRuntime"]),
                    \(transportTarget)
                    \(targets.joined(separator: "\n        "))
                    .executableTarget(name: "proof-driver", dependencies: [\(driverDependencies.joined(separator: ", "))]),
                ]
            )

            """
        try writeIfChanged(manifest, to: root.appendingPathComponent("Package.swift"))
        // Pinned as this repository's build is, when it has resolved (SwiftPM then keeps the pins it can use).
        let resolved = repository.appendingPathComponent("Package.resolved")
        let pins = root.appendingPathComponent("Package.resolved")
        if opensChannels, !FileManager.default.fileExists(atPath: pins.path), let text = try? String(contentsOf: resolved, encoding: .utf8) {
            try text.write(to: pins, atomically: true, encoding: .utf8)
        }
        try removeModulesNoLongerListed(in: sources)
        try removeFiles(notIn: written, below: sources)
    }

    /// `swift build` of the driver; returns the folder of the built products.
    public func build() throws -> URL {
        let result = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--product", "proof-driver"], in: root)
        guard result.status == 0 else {
            throw ProofError("the package \(name) did not build:\n\(result.output.suffix(6000))")
        }
        let binPath = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--show-bin-path"], in: root)
        return URL(fileURLWithPath: binPath.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A folder of a module an earlier run wrote (another selection of documents) would be a target
    /// the manifest does not list, which SwiftPM refuses.
    private func removeModulesNoLongerListed(in sources: URL) throws {
        let transport = modules.contains { !$0.schema.channels.isEmpty } ? ["ChannelTransportNIO"] : []
        let kept = Set(modules.map(\.name) + ["WireFormat", "ClientRuntime", "ProofSupport", "proof-driver"] + transport)
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !kept.contains(folder) {
            try FileManager.default.removeItem(at: sources.appendingPathComponent(folder))
        }
    }

    /// A file left by an earlier run in a module's folder (the runtime's `DateWireFormat.swift` after it
    /// moved to WireFormat) would be compiled with the new ones.
    private func removeFiles(notIn written: Set<String>, below sources: URL) throws {
        let fileManager = FileManager.default
        for folder in try fileManager.contentsOfDirectory(atPath: sources.path) {
            let folderURL = sources.appendingPathComponent(folder)
            for file in try fileManager.contentsOfDirectory(atPath: folderURL.path) {
                let url = folderURL.appendingPathComponent(file)
                if !written.contains(url.standardizedFileURL.path) { try fileManager.removeItem(at: url) }
            }
        }
    }

    private func writeIfChanged(_ text: String, to url: URL) throws {
        let data = Data(text.utf8)
        if (try? Data(contentsOf: url)) == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}

public struct ProofError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public enum ProcessRunner {
    /// Runs a tool and returns its exit status and standard output and error together.
    public static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> (
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
