import ArgumentParser
import Foundation
import SchemaModel
import SchemaSandbox

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
@available(macOS 14, iOS 17, tvOS 17, *)
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Serve an API from its schema on 127.0.0.1, with example responses, request validation and fault injection.",
        discussion: """
            Every operation of the schema gets a route under the base path of the schema's first environment \
            (for WhitelabelPay: /wlp/v1). A request is checked against the schema (parameters, credentials, \
            body): a bad one gets 400 with the API's error body naming the problem. A good one gets the \
            operation's first example response; paginated operations serve several pages. Operations without an \
            example answer with a minimal value synthesized from the response type (required fields only).

            Faults apply to every operation, or to one with --operation. Per request, send the header \
            X-Sandbox-Fault: status=503 | latency=250ms | retry-after=2 | close | unauthorized (several joined \
            with ';'). GET <base>/_sandbox/counts returns the request count per operation; POST \
            <base>/_sandbox/reset forgets counts, records and faults.

            One line per request is printed: method, path, status, duration, and for a 401 the reason (never \
            header values or queries). SIGINT or SIGTERM stops the server.

            Sessions: for a scheme whose login is wired, only the tokens the sandbox issued are accepted. A \
            refresh-only scheme (refresh wired, no login) accepts the refresh token your app already has, so \
            --unauthorized-until-refresh tries it for real; the refresh answers with tokens the sandbox issues, \
            which live --token-lifetime seconds (default: the example's expiresIn, else 3600).

            Examples:
              swift run sandbox Schemas/whitelabelpay.yaml
              swift run sandbox Schemas/whitelabelpay.yaml --port 8080 --latency 200
              swift run sandbox Schemas/whitelabelpay.yaml --fail 2 --fail-status 503 --operation getPaymentMeans
              swift run sandbox Schemas/whitelabelpay.yaml --rate-limit 1 --retry-after 2
              swift run sandbox kitchensink.yaml --unauthorized-until-refresh
            """
    )

    @Argument(help: "The schema file (YAML or JSON).")
    var schema: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "The address to listen on: 127.0.0.1, ::1 or localhost.")
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("Delay every response by this many milliseconds.", valueName: "ms"))
    var latency: Int?

    @Option(help: ArgumentHelp("Fail the next N requests with --fail-status.", valueName: "n"))
    var fail: Int?

    @Option(help: ArgumentHelp("The status of the --fail responses.", valueName: "status"))
    var failStatus: Int = 503

    @Option(help: ArgumentHelp("Answer the next N requests with 429 and a Retry-After header.", valueName: "n"))
    var rateLimit: Int?

    @Option(help: ArgumentHelp("The Retry-After of the --rate-limit responses, in seconds.", valueName: "seconds"))
    var retryAfter: Int = 1

    @Option(help: ArgumentHelp("Answer the next N requests that need credentials with 401.", valueName: "n"))
    var unauthorized: Int?

    @Flag(help: "Answer 401 to operations using the bearer scheme until its refresh operation has been called.")
    var unauthorizedUntilRefresh = false

    @Option(help: ArgumentHelp("Close the connection, without a response, on the next N requests.", valueName: "n"))
    var close: Int?

    @Option(help: ArgumentHelp("Apply the faults above to this operation only.", valueName: "name"))
    var operation: String?

    @Option(help: ArgumentHelp("Items in the data set of each paginated operation.", valueName: "n"))
    var pageItems: Int = 7

    @Option(
        help: ArgumentHelp(
            "Seconds the access tokens a wired login or refresh issues live (the expiresIn of its answer). Default: the example's value, else 3600. A few seconds tests proactive refresh.",
            valueName: "seconds"))
    var tokenLifetime: Int?

    @Option(
        help: ArgumentHelp(
            "Megabytes the record of received requests may take (oldest dropped first; bodies over 64 KB kept cut); 0 keeps none.",
            valueName: "MB"))
    var recordLimit: Int = SandboxOptions().recordedBytesLimit >> 20

    @Flag(help: "Do not validate requests against the schema.")
    var noValidation = false

    @Flag(help: "Do not require credentials.")
    var noAuth = false

    @Flag(help: "Reject enum values the schema does not list (like schema-check --strict-enums); by default they pass, as in generated clients.")
    var strictEnums = false

    @Flag(help: "Do not print a line per request.")
    var quiet = false

    func validate() throws {
        if let operation, operation.isEmpty { throw ValidationError("--operation needs a name") }
        guard (100...599).contains(failStatus) else { throw ValidationError("--fail-status must be an HTTP status (100-599)") }
        for (name, value) in [("--latency", latency), ("--fail", fail), ("--rate-limit", rateLimit), ("--unauthorized", unauthorized), ("--close", close)] {
            if let value, value < 0 { throw ValidationError("\(name) must not be negative") }
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0-65535") }
        if let tokenLifetime, tokenLifetime < 1 { throw ValidationError("--token-lifetime must be at least 1 second") }
        guard (0...(1 << 20)).contains(recordLimit) else { throw ValidationError("--record-limit must be 0-1048576 (MB)") }
    }

    func run() async throws {
        let loaded: Schema
        switch SchemaReport.load(.file(path: schema), exitCode: 2) {
        case .success(let report): loaded = report.schema
        case .failure(let failure): throw ExitCode(failure.exitCode)
        }
        if let operation, loaded.operation(named: operation) == nil {
            throw ValidationError("\(loaded.api) has no operation '\(operation)'; it has \(loaded.operations.map(\.name).joined(separator: ", "))")
        }

        var options = SandboxOptions(
            pageItemCount: pageItems, validateRequests: !noValidation, requireCredentials: !noAuth, strictEnums: strictEnums,
            recordedBytesLimit: recordLimit << 20, tokenLifetime: tokenLifetime)
        if !quiet {
            options.requestLog = { (entry: RequestLogEntry) in say(entry.line) }
        }
        let server = SandboxServer(schema: loaded, options: options)
        if let latency { server.inject(.latency(milliseconds: latency), for: operation) }
        if let close { server.inject(.closeConnection(count: close), for: operation) }
        if let fail { server.inject(.failures(count: fail, status: failStatus), for: operation) }
        if let rateLimit { server.inject(.rateLimited(count: rateLimit, retryAfter: .seconds(retryAfter)), for: operation) }
        if let unauthorized { server.inject(.unauthorized(count: unauthorized), for: operation) }
        if unauthorizedUntilRefresh { server.inject(.unauthorizedUntilRefresh, for: operation) }

        let signals = SignalWaiter()
        do {
            try await server.start(host: host, port: port)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        say("Serving \(loaded.api) \(loaded.version) at \(server.baseURL.absoluteString)")
        let signal = await signals.wait()
        say("Received \(signal), stopping")
        await server.stop()
    }
}

/// Prints a line at once (stdout may be a pipe, which would buffer `print`).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Waits for SIGINT or SIGTERM.
final class SignalWaiter: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "sandbox.signals")
    private let lock = NSLock()
    private var continuation: CheckedContinuation<String, Never>?
    private var received: String?

    init() {
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.deliver(name) }
            source.resume()
            sources.append(source)
        }
    }

    private func deliver(_ name: String) {
        lock.lock()
        let waiter = continuation
        continuation = nil
        if waiter == nil && received == nil { received = name }
        lock.unlock()
        waiter?.resume(returning: name)
    }

    func wait() async -> String {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let received {
                lock.unlock()
                continuation.resume(returning: received)
            } else {
                self.continuation = continuation
                lock.unlock()
            }
        }
    }
}
