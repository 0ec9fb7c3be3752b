import ClientProof
import Foundation
import PayloadValidation
import SchemaDiff
import SchemaModel
import SchemaSandbox
import XCTest

/// The proof behind the verdicts (docs/SchemaDiff.md, "How the verdicts are proven"). For every corpus
/// pair it builds the clients generated from both schemas (one package, one build) and
///
/// (a) wire: runs the OLD client's examples against the sandbox serving the NEW schema (a deployed app
///     meets the new server) and the NEW client's examples, for the operations the old schema has,
///     against the sandbox serving the OLD schema (a new app meets an old server), and validates the
///     old schema's example responses against the new schema (captured payloads). The pair's verdict
///     must say "breaks deployed clients" exactly when the first run fails somewhere, and "breaks
///     servers or payload producers" exactly when the second run fails or a payload is rejected. Each
///     run opens the client's channels too (over SwiftNIO, as a Linux app does), and for each close code
///     the serving schema documents, makes the sandbox close a channel with it and checks what the client
///     did (`closeCodes(client:server:)`).
/// (b) source: type-checks the caller written against the OLD module with the NEW module; it must fail
///     exactly when a change is source-breaking.
///
/// Runs with RUN_DIFF_PROOF=1 (set by .ci/run). The findings are written to .build/diff-proof/report.txt.
final class DiffProofTests: XCTestCase {
    func testVerdictsHoldForGeneratedClientsAgainstTheSandbox() async throws {
        guard ProcessInfo.processInfo.environment["RUN_DIFF_PROOF"] == "1" else {
            throw XCTSkip("the diff proof builds every generated corpus client; run with RUN_DIFF_PROOF=1")
        }
        let started = Date()
        let package = try ProofPackage(corpus: try CorpusPair.all())
        try package.write()
        let products = try package.build()
        let built = Date()
        let driver = products.appendingPathComponent("proof-driver")

        var report: [String] = []
        var mismatches: [String] = []
        var wireConfirmed = 0
        var sourceConfirmed = 0
        var wireBreakingConfirmed = 0
        var digesterCompared = 0
        var digesterAgreed = 0
        var digesterExplained: [String] = []
        for pair in package.pairs {
            let changes = try pair.corpus.changes()
            let wire = try await wireObservation(pair, driver: driver)
            let expectedClients = changes.contains { $0.wire == .breaksClients || $0.wire == .breaksBoth }
            let expectedProducers = changes.contains { $0.wire == .breaksProducers || $0.wire == .breaksBoth }
            let observedClients = !wire.oldOnNewFailures.isEmpty
            let observedProducers = !wire.newOnOldFailures.isEmpty || !wire.rejectedPayloads.isEmpty
            let details =
                "old client on new server: \(wire.oldOnNewFailures.isEmpty ? "all ok" : wire.oldOnNewFailures.joined(separator: "; ")); "
                + "new client on old server: \(wire.newOnOldFailures.isEmpty ? "all ok" : wire.newOnOldFailures.joined(separator: "; ")); "
                + "old payloads the new schema rejects: \(wire.rejectedPayloads.isEmpty ? "none" : wire.rejectedPayloads.joined(separator: "; "))"
            if !wire.baselineFailures.isEmpty {
                mismatches.append("\(pair.corpus.name): a client fails against its own schema's sandbox: \(wire.baselineFailures.joined(separator: "; "))")
            } else if expectedClients == observedClients && expectedProducers == observedProducers {
                wireConfirmed += 1
                if expectedClients || expectedProducers { wireBreakingConfirmed += 1 }
            } else {
                mismatches.append(
                    "\(pair.corpus.name): wire verdict says clients \(expectedClients) producers \(expectedProducers), observed clients \(observedClients) producers \(observedProducers): \(details)"
                )
            }

            let source = try sourceObservation(pair, modules: products)
            let expectedSourceBreak = changes.contains { $0.source.isBreaking }
            if expectedSourceBreak == !source.compiled {
                sourceConfirmed += 1
            } else {
                mismatches.append(
                    "\(pair.corpus.name): source verdict \(expectedSourceBreak ? "breaking" : "compatible"), but the old caller \(source.compiled ? "compiles" : "does not compile") with the new module: \(source.output.prefix(600))"
                )
            }
            if let digester = try digesterObservation(pair, products: products) {
                digesterCompared += 1
                let ours = expectedSourceBreak ? "breaking" : "compatible"
                let theirs = digester.breaking ? "breaking" : "compatible"
                if ours == theirs {
                    digesterAgreed += 1
                } else if let reason = Self.knownDigesterDifferences[pair.corpus.name], reason.digester == theirs {
                    digesterExplained.append(
                        "\(pair.corpus.name): ours \(ours), digester \(theirs) (\(digester.findings.joined(separator: "; "))): \(reason.why)")
                } else {
                    mismatches.append(
                        "\(pair.corpus.name): swift-api-digester says \(theirs) (\(digester.findings.joined(separator: "; "))), our source verdict is \(ours), and no known difference explains it"
                    )
                }
            }
            report.append(
                "\(pair.corpus.name): wire \(observedClients ? "old-client-fails" : "old-client-ok")/\(observedProducers ? "producers-fail" : "producers-ok"), source \(source.compiled ? "compiles" : "does-not-compile"); \(details)"
            )
        }
        let elapsed = Date().timeIntervalSince(started)
        let build = built.timeIntervalSince(started)
        let summary =
            "diff proof: \(package.pairs.count) pairs; wire verdicts confirmed \(wireConfirmed)/\(package.pairs.count) (\(wireBreakingConfirmed) of them breaking); "
            + "source verdicts confirmed \(sourceConfirmed)/\(package.pairs.count); swift-api-digester agrees on \(digesterAgreed)/\(digesterCompared) "
            + "(\(digesterExplained.count) known differences); build \(Int(build)) s, total \(Int(elapsed)) s"
        print(summary)
        try ([summary] + mismatches.map { "MISMATCH \($0)" } + digesterExplained.map { "DIGESTER \($0)" } + report).joined(separator: "\n").write(
            to: package.root.appendingPathComponent("report.txt"), atomically: true, encoding: .utf8)
        XCTAssertEqual(mismatches, [], mismatches.joined(separator: "\n"))
    }

    // MARK: Wire

    struct WireObservation {
        var baselineFailures: [String] = []
        var oldOnNewFailures: [String] = []
        var newOnOldFailures: [String] = []
        var rejectedPayloads: [String] = []
    }

    private func wireObservation(_ pair: ProofPackage.Pair, driver: URL) async throws -> WireObservation {
        // Strict enums: a server that enforces its schema rejects enum values it does not list (by
        // default the sandbox, like generated clients, lets them through).
        let options = SandboxOptions(strictEnums: true)
        let oldServer = SandboxServer(schema: pair.old.schema, options: options)
        let newServer = SandboxServer(schema: pair.new.schema, options: options)
        try await oldServer.start()
        try await newServer.start()
        var observation = WireObservation()
        do {
            let oldOnOld = try failures(driver, client: pair.old, server: oldServer, url: oldServer.baseURL)
            let newOnNew = try failures(driver, client: pair.new, server: newServer, url: newServer.baseURL)
            observation.baselineFailures = oldOnOld.map { "old: \($0)" } + newOnNew.map { "new: \($0)" }
            observation.oldOnNewFailures = try failures(driver, client: pair.old, server: newServer, url: rootURL(of: oldServer, on: newServer))
            // A new client only relies on an old server for what the old schema has.
            let oldNames = Set(pair.old.schema.operations.map(\.name))
            let known = Set(pair.new.schema.operations.filter { oldNames.contains($0.name) || $0.notes.renamedFrom.map(oldNames.contains) == true }.map(\.name))
            let oldChannels = Set(pair.old.schema.channels.map(\.name))
            let knownChannels = Set(
                pair.new.schema.channels.filter { oldChannels.contains($0.name) || $0.notes.renamedFrom.map(oldChannels.contains) == true }.map(\.name))
            // Events (`event/<name>`) are checked by the receiver against what it declares itself.
            observation.newOnOldFailures = try failures(driver, client: pair.new, server: oldServer, url: rootURL(of: newServer, on: oldServer))
                .filter { line in
                    if let channel = Self.channelName(line) { return knownChannels.contains(channel) }
                    return known.contains(String(line.prefix { $0 != "/" })) || line.hasPrefix("event/")
                }
        } catch {
            await oldServer.stop()
            await newServer.stop()
            throw error
        }
        await oldServer.stop()
        await newServer.stop()
        observation.rejectedPayloads = rejectedPayloads(pair)
        return observation
    }

    /// The URL a client generated for `client`'s schema is given to reach `server`: the client adds
    /// its own environment's path, so only scheme, host and port are the server's; base paths differ
    /// exactly when the environment's URL changed.
    private func rootURL(of client: SandboxServer, on server: SandboxServer) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(client.basePath)")!
    }

    /// The calls, channels and events of `client` against `sandbox` that did not work, then each close code
    /// the sandbox's schema documents for a channel both have whose meaning the client did not act on.
    private func failures(_ driver: URL, client: ProofPackage.Side, server sandbox: SandboxServer, url: URL) throws -> [String] {
        let server = sandbox.schema
        let expected = try JSONSerialization.data(withJSONObject: Self.pageItems(client: client.schema, server: server), options: [.sortedKeys])
        let added = try JSONSerialization.data(withJSONObject: Self.valuesOnlyIn(server, notIn: client.schema).sorted())
        let messages = try JSONSerialization.data(withJSONObject: Self.channelMessageCounts(server), options: [.sortedKeys])
        let environment = [
            "PROOF_PAGE_ITEMS": String(decoding: expected, as: UTF8.self), "PROOF_NEW_VALUES": String(decoding: added, as: UTF8.self),
            "PROOF_EVENTS": try Self.sentEvents(server), "PROOF_CHANNEL_MESSAGES": String(decoding: messages, as: UTF8.self),
        ]
        func run(_ arguments: [String]) throws -> [String] {
            let result = try ProcessRunner.run(driver.path, [client.module, url.absoluteString] + arguments, environment: environment)
            guard result.status == 0 else { throw ProofError("proof-driver \(client.module) exited with \(result.status): \(result.output.prefix(2000))") }
            return result.output.split(separator: "\n").map(String.init)
        }
        var lines = try run([])
        for (channel, code, meaning) in Self.closeCodes(client: client.schema, server: server) {
            // The sandbox closes the first connection with the code after its first reply; the next is served normally.
            sandbox.clearFaults()
            sandbox.inject(.closeChannel(count: 1, afterMessages: 1, code: code), for: channel)
            let label = "channel/\(channel)/close-\(code): "
            for line in try run(["close", channel]) {
                let observed = String(line.drop { $0 != ":" }.dropFirst(2))
                let did = String(observed.prefix { $0 != " " })
                lines.append(
                    label
                        + (observed.hasPrefix("failed")
                            ? observed : did == meaning ? "ok" : "failed: the server means \(meaning), the client did \(observed)"))
            }
            sandbox.clearFaults()
        }
        return lines.filter { !$0.hasSuffix(": ok") }
    }

    /// For each channel `client` and `server` both have, the close codes either schema lists that `server`'s
    /// documents (a server closes only with those: its table's, and the unlisted defaults), each with what it
    /// means to the server as a client can act on it: `reconnect` (`reauthenticate` too: without a credential to
    /// renew, the proof sees the same reconnection), `finish`, or `fail` (a listed failure or an undocumented
    /// code: either way the channel ends with an error, like an error code a client does not list).
    static func closeCodes(client: Schema, server: Schema) -> [(channel: String, code: Int, meaning: String)] {
        client.channels.flatMap { clientChannel -> [(channel: String, code: Int, meaning: String)] in
            guard let serverChannel = server.channels.first(where: { $0.name == clientChannel.name }) else { return [] }
            let listed = Set(clientChannel.closeCodes.map(\.code) + serverChannel.closeCodes.map(\.code))
            let documented = Set(serverChannel.closeCodes.map(\.code) + ChannelDefinition.unlistedCloseActions.map(\.code))
            return listed.intersection(documented).sorted().map { code in
                let meaning: String
                switch serverChannel.action(forCloseCode: code) {
                case .reconnect?, .reauthenticate?: meaning = "reconnect"
                case .finish?: meaning = "finish"
                case .fail?, nil: meaning = "fail"
                }
                return (clientChannel.name, code, meaning)
            }
        }
    }

    /// For each channel of `server`, how many messages a client sends so that the sandbox, which answers a
    /// `receive` union's variants in turn, sends every kind it has.
    static func channelMessageCounts(_ server: Schema) -> [String: Int] {
        Dictionary(
            server.channels.map { channel in
                guard case .named(let name) = channel.receive, case .union(let union)? = server.type(named: name)?.kind else { return (channel.name, 1) }
                return (channel.name, max(1, union.variants.count))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The channel a driver line is about (`channel/<name>: …`, `channel/<name>/close-<code>: …`), else nil.
    static func channelName(_ line: String) -> String? {
        guard line.hasPrefix("channel/") else { return nil }
        return String(line.dropFirst("channel/".count).prefix { $0 != "/" && $0 != ":" })
    }

    /// What a server of `server`'s schema sends for each of its events (the sandbox's delivery: headers and
    /// body), as the JSON the proof driver reads from `PROOF_EVENTS`.
    static func sentEvents(_ server: Schema) throws -> String {
        let sandbox = SandboxServer(schema: server)
        let sent: [[String: Any]] = try server.events.map { event in
            let delivery = try sandbox.eventDelivery(for: event.name)
            var headers: [String: String] = [:]
            for (name, value) in delivery.headers { headers[name] = value }
            return ["name": event.name, "headers": headers, "body": String(decoding: delivery.body, as: UTF8.self)]
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: sent, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Enum values and union tags `server`'s schema lists that `client`'s does not: values added later,
    /// which a client keeps as `.undocumented` by design (not a misread).
    static func valuesOnlyIn(_ server: Schema, notIn client: Schema) -> Set<String> {
        func values(_ schema: Schema) -> Set<String> {
            Set(
                schema.types.flatMap { type -> [String] in
                    switch type.kind {
                    case .enumeration(let enumeration): return enumeration.cases.map(\.value)
                    case .union(let union): return union.variants.map(\.tag)
                    default: return []
                    }
                })
        }
        return values(server).subtracting(values(client))
    }

    /// For each paginated operation of `client`, how many items `server` holds for it: the sandbox's
    /// data set when the server paginates the operation too, else the items of the example it answers
    /// with (one page holds everything), found where the client looks for them.
    static func pageItems(client: Schema, server: Schema) -> [String: Int] {
        var counts: [String: Int] = [:]
        for operation in client.operations {
            guard let pagination = operation.pagination,
                let served = server.operations.first(where: {
                    $0.name == operation.name || $0.notes.renamedFrom == operation.name || operation.notes.renamedFrom == $0.name
                })
            else { continue }
            if served.pagination != nil {
                counts[operation.name] = SandboxOptions().pageItemCount
                continue
            }
            let example = served.examples.first { ($0.status ?? served.successStatus) < 300 && $0.response != nil }
            var value = example.flatMap { try? JSONSerialization.jsonObject(with: Data($0.response!.jsonText.utf8)) }
            for key in pagination.items.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
            counts[operation.name] = (value as? [Any])?.count ?? 0
        }
        return counts
    }

    /// The old schema's 2xx example responses, validated against the new schema's response type of the
    /// same operation: payloads an old server produced that the new schema rejects.
    private func rejectedPayloads(_ pair: ProofPackage.Pair) -> [String] {
        let validator = PayloadValidator(schema: pair.new.schema)
        var rejected: [String] = []
        for operation in pair.old.schema.operations {
            guard let newOperation = pair.new.schema.operations.first(where: { $0.name == operation.name || $0.notes.renamedFrom == operation.name }),
                let type = newOperation.response
            else { continue }
            for example in operation.examples where (example.status ?? operation.successStatus) < 300 {
                guard let response = example.response else { continue }
                let issues = validator.validate(data: Data(response.jsonText.utf8), against: type).filter { $0.severity == .error }
                if !issues.isEmpty {
                    rejected.append("\(operation.name)/\(example.name): \(issues.map { "\($0.pointer): \($0.message)" }.joined(separator: ", "))")
                }
            }
        }
        return rejected
    }

    // MARK: swift-api-digester

    /// Pairs where swift-api-digester (API mode) and our source verdict differ, and why; filled from
    /// the first comparison and documented in docs/SchemaDiff.md.
    static let knownDigesterDifferences: [String: (digester: String, why: String)] = {
        let defaultedArgument =
            "swift-api-digester matches declarations by their full name, so adding an argument with a default "
            + "replaces the old declaration; only code that names the function without calling it (`Item.init(id:name:note:status:)` "
            + "as a value) breaks, while calls keep compiling, as the source check shows. Our verdict is about calls."
        return [
            "parameter-added-optional": ("breaking", defaultedArgument),
            "request-field-added-optional": ("breaking", defaultedArgument),
            "response-field-added-optional": ("breaking", defaultedArgument),
            "seed-finaptic-field-added": ("breaking", defaultedArgument),
            "seed-finaptic-field-deprecated": ("breaking", defaultedArgument),
            "seed-bsa-0.12.1-parameter-added": ("breaking", defaultedArgument),
            "response-headers-added-optional": ("breaking", defaultedArgument),
            "additional-fields-added": ("breaking", defaultedArgument),
            "included-field-added": ("breaking", defaultedArgument),
            "outcomes-changed-status-class": (
                "breaking",
                "swift-api-digester reports the outcome case's new associated value (`gone` -> `gone(status:)`); "
                    + "app code switches over the outcome (`case .gone:`), which still compiles, as the source check shows."
            ),
            "type-kind-changed": (
                "compatible",
                "swift-api-digester reports nothing when the enum Status becomes `typealias Status = Int`; "
                    + "the old caller's exhaustive switch over Status no longer compiles, as the source check shows."
            ),
        ]
    }()

    /// The digester's verdict on the old and new module of a pair: both dumped with `-dump-sdk`, the new
    /// dump's module name replaced by the old one (same length, so mangled names stay valid), then
    /// `-diagnose-sdk`. nil when the toolchain has no swift-api-digester.
    private func digesterObservation(_ pair: ProofPackage.Pair, products: URL) throws -> (breaking: Bool, findings: [String])? {
        guard (try? ProcessRunner.run("/bin/sh", ["-c", "command -v swift-api-digester"]))?.status == 0 else { return nil }
        let modules =
            FileManager.default.fileExists(atPath: products.appendingPathComponent("Modules").path) ? products.appendingPathComponent("Modules") : products
        let folder = products.deletingLastPathComponent().appendingPathComponent("digester")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let oldDump = folder.appendingPathComponent("\(pair.old.module).json")
        let newDump = folder.appendingPathComponent("\(pair.new.module).json")
        for (module, dump) in [(pair.old.module, oldDump), (pair.new.module, newDump)] {
            let result = try ProcessRunner.run("/usr/bin/env", ["swift-api-digester", "-dump-sdk", "-module", module, "-I", modules.path, "-o", dump.path])
            guard result.status == 0 else { throw ProofError("swift-api-digester -dump-sdk \(module) failed: \(result.output.prefix(1000))") }
        }
        let renamed = folder.appendingPathComponent("\(pair.new.module)-as-old.json")
        try String(contentsOf: newDump, encoding: .utf8).replacingOccurrences(of: pair.new.module, with: pair.old.module)
            .write(to: renamed, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run("/usr/bin/env", ["swift-api-digester", "-diagnose-sdk", "-input-paths", oldDump.path, "-input-paths", renamed.path])
        let findings = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("/*") }
        return (!findings.isEmpty, findings)
    }

    // MARK: Source

    private func sourceObservation(_ pair: ProofPackage.Pair, modules products: URL) throws -> (compiled: Bool, output: String) {
        let modules =
            FileManager.default.fileExists(atPath: products.appendingPathComponent("Modules").path) ? products.appendingPathComponent("Modules") : products
        let folder = products.deletingLastPathComponent().appendingPathComponent("source-checks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(pair.old.module)-with-\(pair.new.module).swift")
        try ("import \(pair.new.module)\n" + pair.old.caller).write(to: file, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules.path, file.path])
        return (result.status == 0, result.output)
    }
}
