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
///
/// What a step's text claims (a retry happened, the answer came from the cache before the injected
/// latency, every page was fetched) is checked with `check(_:_:measured:)` against what was measured:
/// elapsed time, the sandbox's request counts and records, the client's wire events, returned values. A
/// claim that does not hold ends the demo with status 1, so running a demo is a test of what it says.
@MainActor
public final class Demo {
    /// The schema the sandbox serves.
    public let schema: Schema
    /// The running sandbox; clients use `sandbox.baseURL`.
    public let sandbox: SandboxServer
    /// Prints each request, response, retry, refresh and cache event, indented under the current step, and
    /// keeps it for `wireEvents(_:operation:)`. Clients should log innermost (the last middleware), so the
    /// lines are what goes over the wire: every attempt, the `Authorization` header (redacted) the token
    /// middleware attached, and no request line for an answer the cache served (its own `cache hit` line).
    public let wireLogger: ClientLogger
    private let wireLog: WireLog
    private var stepNumber = 0
    /// Where the current step's events start in `wireLog`.
    private var stepStart = 0

    private init(schema: Schema, sandbox: SandboxServer) {
        self.schema = schema
        self.sandbox = sandbox
        let wireLog = WireLog()
        self.wireLog = wireLog
        wireLogger = ClientLogger { event in
            wireLog.append(event)
            switch event.kind {
            case .cacheHit: print("     · cache hit, nothing sent: \(event.message)")
            default: print("     · \(event.kind): \(event.message)")
            }
        }
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
                .appendingPathComponent("../../../Schemas/\(schemaFile)").standardized.path
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
        stepStart = wireLog.count
        print("\n\(stepNumber). \(text)")
    }

    /// Prints an outcome of the current step.
    public func result(_ text: String) {
        print("   → \(text)")
    }

    /// Checks what the current step claims against what was measured: prints `✓ claim (measured)` when
    /// `holds`, else prints `✗ claim (measured)` and throws `DemoError`, which ends the demo with status 1.
    ///
    /// - Parameters:
    ///   - claim: What the step promises, in words a reader can hold the output against.
    ///   - holds: Whether the measured facts bear it out.
    ///   - measured: The facts the verdict rests on (times, request counts, statuses), printed either way.
    public func check(_ claim: String, _ holds: Bool, measured: String = "") throws {
        let line = measured.isEmpty ? claim : "\(claim) (\(measured))"
        guard holds else {
            print("   ✗ \(line)")
            throw DemoError("step \(stepNumber): the claim does not hold: \(line)")
        }
        print("   ✓ \(line)")
    }

    /// Runs `body` and returns its result with the seconds it took, to hold against an injected latency.
    public func timed<T>(_ body: () async throws -> T) async rethrows -> (T, seconds: TimeInterval) {
        let started = ContinuousClock.now
        let value = try await body()
        let elapsed = ContinuousClock.now - started
        return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The wire events of `kind` logged since the current step started (for `operation` only, if given),
    /// including those of background refreshes the step started.
    public func wireEvents(_ kind: ClientLogEvent.Kind, operation: String? = nil) -> [ClientLogEvent] {
        wireLog.events(from: stepStart).filter { $0.kind == kind && (operation == nil || $0.operation == operation) }
    }
}

/// The wire events of a run, appended from whichever task logs them.
private final class WireLog: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var events: [ClientLogEvent] = []

    func append(_ event: ClientLogEvent) { lock.withLock { events.append(event) } }
    var count: Int { lock.withLock { events.count } }
    func events(from index: Int) -> [ClientLogEvent] { lock.withLock { Array(events[min(index, events.count)...]) } }
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
