import ClientRuntime
import Foundation
import SchemaModel
import SchemaSandbox

/// What every `<api>-demo` shares: the bundled schema served by a sandbox in this process on 127.0.0.1,
/// numbered steps with their results, the client's wire traffic as it happens (the logger redacts
/// tokens, keys and secret fields), and the sandbox's request counts at the end.
///
/// A demo is `Demo.run(schemaFile:) { demo in ... }`: it prints step 1 (the sandbox), hands over, then
/// prints what the sandbox counted and stops it. Any error ends the process with status 1.
@MainActor
public final class Demo {
    /// The schema the sandbox serves.
    public let schema: Schema
    /// The running sandbox; clients use `sandbox.baseURL`.
    public let sandbox: SandboxServer
    /// Prints each request, response, retry, refresh and cache event, indented under the current step.
    public let wireLogger = ClientLogger { event in print("     · \(event.kind): \(event.message)") }
    private var stepNumber = 0

    private init(schema: Schema, sandbox: SandboxServer) {
        self.schema = schema
        self.sandbox = sandbox
    }

    /// Serves `Schemas/<schemaFile>` (or the schema path given as the first command-line argument) and
    /// runs `flow` against it.
    ///
    /// - Parameters:
    ///   - schemaFile: The bundled schema's file name, e.g. `finaptic.yaml`.
    ///   - options: The sandbox's options (page sizes, faults).
    ///   - servingNote: Added to the first step's line, e.g. which data center the sandbox stands in for.
    public static func run(
        schemaFile: String,
        options: SandboxOptions = .init(),
        servingNote: String = "",
        _ flow: (Demo) async throws -> Void
    ) async {
        do {
            let schemaPath =
                CommandLine.arguments.dropFirst().first
                ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Schemas/\(schemaFile)").standardized.path
            let schema = try SchemaLoader.loadOrThrow(path: schemaPath)
            let sandbox = SandboxServer(schema: schema, options: options)
            try await sandbox.start()
            let demo = Demo(schema: schema, sandbox: sandbox)
            demo.step("Sandbox serving \(schema.api) \(schema.version) at \(sandbox.baseURL.absoluteString)\(servingNote)")
            try await flow(demo)
            demo.step("Requests the sandbox counted")
            for (operation, count) in sandbox.requestCounts().sorted(by: { $0.key < $1.key }) {
                demo.result("\(operation): \(count)")
            }
            await sandbox.stop()
        } catch {
            print("demo failed: \(error)")
            exit(1)
        }
    }

    /// Starts the next numbered step.
    public func step(_ text: String) {
        stepNumber += 1
        print("\n\(stepNumber). \(text)")
    }

    /// Prints an outcome of the current step.
    public func result(_ text: String) {
        print("   → \(text)")
    }
}

/// A demo step whose outcome was not the documented one.
public struct DemoError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Counts calls of a closure that may run on any thread (token refreshes, re-authentications).
public final class Counter: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var count = 0

    public init() {}

    /// Increments and returns the new value.
    public func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
    /// The current value.
    public var value: Int { lock.withLock { count } }
}
