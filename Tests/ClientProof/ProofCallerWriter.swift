import Foundation
import SchemaModel
import SchemaSandbox

@testable import SwiftRenderer

/// Writes "a small caller written against a generated module" for the diff proof: Swift that
///
/// - `proofRun(baseURL:channelTransport:closing:)` calls every operation once per example, with the example's parameters and
///   request body, asking the sandbox for that example (`X-Sandbox-Example`), and returns one line per
///   call: `operation/example: ok` or `operation/example: failed <why>`. An example with an error
///   status succeeds when the client reports a documented error case. A call that returns is also
///   checked for a misread (`ProofMisread.swift`, copied into the module): what the client decoded,
///   encoded back to JSON, must agree with the body the server sent, on every key this schema knows,
///   and no value may have been kept as `.undocumented`; the same holds for a documented error's body.
///   A paginated operation is followed to its last page (`<operation>/<example>/pages`); with
///   `responses:`, the answer must be the outcome the example's status selects. Each channel is opened,
///   over the transport the driver passes (SwiftNIO's), sent the messages its schema allows and read
///   its replies (`channel/<name>`); `proofRun(…closing:)` opens one for a server that closes it with a
///   code after its first reply and tells what the client did (reconnect, finish or fail).
/// - `proofSourceUsage(client:)` (never run) uses the module's API the way app code does: every
///   method with every argument and its result type (an exhaustive `switch` over its outcomes), every struct's initializer and properties with
///   their types, an exhaustive `switch` over every enum and the error codes, every environment.
///
/// The driver is split (`files()`): one function per operation, at most `operationsPerFile` operations
/// per file, so a large API's driver compiles in parallel and in bounded memory. The same caller as one
/// source (`render()`) compiles inside the module it was written for; compiled against the other version
/// of the module, it shows whether that version is source-compatible. Member names are the schema's
/// (the corpus uses plain identifiers); types are spelled by the renderer's own `SwiftTypes`.
///
/// With `callsEveryOperation` (the corpus run: imported documents have no examples), an operation
/// without examples is called once too (`operation/synthesized`), with the values the sandbox would
/// synthesize for every required parameter and the body, and the sandbox's own answer, read as above.
/// A required parameter an example does not give gets such a value too.
public struct ProofCallerWriter {
    public let schema: Schema
    public let callsEveryOperation: Bool
    /// Whether `proofSourceUsage` is written (the diff proof's source check needs it; the corpus run,
    /// whose documents' names the usage does not spell through the renderer's naming rules, does not).
    public let writesSourceUsage: Bool
    private let samples: SampleValues

    public init(schema: Schema, callsEveryOperation: Bool = false, writesSourceUsage: Bool = true) {
        self.schema = schema
        self.callsEveryOperation = callsEveryOperation
        self.writesSourceUsage = writesSourceUsage
        samples = SampleValues(schema: schema)
    }

    private var client: String { "\(schema.api)Client" }

    /// How many operations' calls one file of the driver holds at most. The calls of a large API (GitHub's
    /// 664 operations) in one function, or one file, took the compiler past the machine's memory; a
    /// function per operation, these files compiled in parallel, keep each compile small.
    public static let operationsPerFile = 40

    /// The caller as the files of its module: `ProofCaller.swift` (what every call shares, `proofRun`,
    /// `proofSourceUsage`) and `ProofCallerPart<n>.swift`, each with the calls of at most
    /// `operationsPerFile` operations, one function per operation, and a share of the wire names.
    public func files() -> [GeneratedFile] {
        let parts = self.parts()
        let imports = ["import Foundation", "import ClientRuntime", "import ProofSupport", ""]
        func file(_ name: String, _ body: [String]) -> GeneratedFile {
            GeneratedFile(name: name, contents: (imports + body).joined(separator: "\n") + "\n")
        }
        return [file("ProofCaller.swift", sharedDeclarations(parts))] + parts.map { file("ProofCallerPart\($0.index).swift", partDeclarations($0)) }
    }

    /// The caller as one source (the diff proof's source check type-checks it alone against the other
    /// version of the module): the files' declarations, one after another.
    public func render() -> String {
        let parts = self.parts()
        let lines =
            ["import Foundation", "import ClientRuntime", "import ProofSupport", ""] + sharedDeclarations(parts) + parts.flatMap { [""] + partDeclarations($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One file's share of the driver: operations and types by position, so a file's contents change only
    /// when its own share does (builds stay incremental).
    private struct Part {
        var index: Int
        var operations: [(index: Int, operation: OperationDefinition)]
        var types: [TypeDefinition]
    }

    private func parts() -> [Part] {
        let count = max(1, (schema.operations.count + Self.operationsPerFile - 1) / Self.operationsPerFile)
        let typesPerPart = max(1, (schema.types.count + count - 1) / count)
        let operations = Array(schema.operations.enumerated())
        return (0..<count).map { index in
            Part(
                index: index,
                operations: operations.dropFirst(index * Self.operationsPerFile).prefix(Self.operationsPerFile).map { ($0.offset, $0.element) },
                types: Array(schema.types.dropFirst(index * typesPerPart).prefix(typesPerPart)))
        }
    }

    /// What every part uses: the middleware, the wire names, the helpers, and `proofRun`, which runs each
    /// part's calls, then each part's page reads (as before the split: every call first).
    private func sharedDeclarations(_ parts: [Part]) -> [String] {
        var lines = exampleHeaderMiddleware()
        lines += [
            "", "/// Each struct's fields (Swift property -> JSON key), for the misread check; each part file adds its share.",
            "let proofWireNames: [String: [String: String]] = {",
            "    var names: [String: [String: String]] = [:]",
        ]
        lines += parts.map { "    proofWireNamesPart\($0.index)(into: &names)" }
        lines += ["    return names", "}()"]
        lines += ["", "func proofValue<T>(_: T.Type) -> T { fatalError(\"never called\") }", ""]
        lines += [
            "/// A parameter value from its JSON, read as the client reads a response (a fragment, wrapped in a list).",
            "func proofDecode<T: Decodable>(_: T.Type, from json: String) throws -> T {",
            "    try JSONCoding.makeDecoder().decode([T].self, from: Data(\"[\\(json)]\".utf8))[0]",
            "}", "",
        ]
        var steps =
            parts.filter { !callingOperations($0).isEmpty }.map { "proofCallsPart\($0.index)" }
            + parts.filter { !pagedOperations($0).isEmpty }.map { "proofPagesPart\($0.index)" }
        if !schema.events.isEmpty {
            steps.append("proofEvents")
            lines += eventsFunction() + [""]
        }
        lines += channelFunctions()
        lines += [
            "/// Runs every call (`closing` nil), or opens the channel `closing` once, for a server that closes it with a code",
            "/// after its first reply, and tells what the client did (`channel/<name>/close: reconnect`).",
            "public func proofRun(baseURL: URL, channelTransport: any ChannelTransport, closing: String?) async -> [String] {",
        ]
        if !schema.channels.isEmpty {
            lines.append("    if let closing { return await proofChannelClose(closing, baseURL: baseURL, channelTransport: channelTransport) }")
        } else {
            lines.append("    if let closing { return [\"channel/\\(closing)/close: failed: no such channel\"] }")
        }
        if steps.isEmpty && schema.channels.isEmpty {
            lines.append("    return []")
        } else {
            lines.append("    var results: [String] = []")
            lines += steps.map { "    results += await \($0)(baseURL: baseURL)" }
            if !schema.channels.isEmpty { lines.append("    results += await proofChannels(baseURL: baseURL, channelTransport: channelTransport)") }
            lines.append("    return results")
        }
        lines.append("}")
        if writesSourceUsage { lines += [""] + sourceUsageFunction() }
        return lines
    }

    /// A part's wire names, its operations' calls (a function each) and its page reads.
    private func partDeclarations(_ part: Part) -> [String] {
        var lines = ["func proofWireNamesPart\(part.index)(into names: inout [String: [String: String]]) {"]
        let entries = wireNameEntries(part.types)
        lines += entries.map { "    names[\($0.type)] = \($0.fields)" }
        lines.append("}")
        let calling = callingOperations(part)
        if !calling.isEmpty {
            lines += ["", "func proofCallsPart\(part.index)(baseURL: URL) async -> [String] {", "    var results: [String] = []"]
            lines += calling.map { "    results += await proofCall\($0.index)(baseURL: baseURL) // \(SwiftRenderer.sanitizedComment($0.operation.name))" }
            lines += ["    return results", "}"]
            for (index, operation) in calling {
                lines += ["", "private func proofCall\(index)(baseURL: URL) async -> [String] {", "    var results: [String] = []"]
                lines += callLines(operation)
                lines += ["    return results", "}"]
            }
        }
        let paged = pagedOperations(part)
        if !paged.isEmpty {
            lines += ["", "func proofPagesPart\(part.index)(baseURL: URL) async -> [String] {", "    var results: [String] = []"]
            lines += paged.flatMap { followPages($0.operation) }
            lines += ["    return results", "}"]
        }
        return lines
    }

    /// The part's operations that are called at least once.
    private func callingOperations(_ part: Part) -> [(index: Int, operation: OperationDefinition)] {
        part.operations.filter { !calls(of: $0.operation).isEmpty }
    }

    /// The part's operations whose pages are read to the end.
    private func pagedOperations(_ part: Part) -> [(index: Int, operation: OperationDefinition)] {
        part.operations.filter { !followPages($0.operation).isEmpty }
    }

    // MARK: Running the examples

    private func exampleHeaderMiddleware() -> [String] {
        [
            "/// Asks the sandbox for one example (nil: the sandbox's own answer, pages for a paginated",
            "/// operation) and keeps the body it answered with, for the misread check.",
            "struct ProofExampleHeader: ClientMiddleware {",
            "    let name: String?",
            "    let served = ProofServedBody()",
            "    func intercept(_ request: HTTPRequest, operation: OperationInfo, next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {",
            "        var request = request",
            "        if let name { request.headers[\"X-Sandbox-Example\"] = name }",
            "        let response = try await next(request)",
            "        served.body = response.body",
            "        return response",
            "    }",
            "}",
        ]
    }

    /// The blocks calling one operation, each appending its line to `results`.
    private func callLines(_ operation: OperationDefinition) -> [String] {
        var lines: [String] = []
        for example in calls(of: operation) {
            let label = "\(operation.name)/\(example.name ?? "synthesized")"
            let status = example.status ?? operation.successStatus
            // With `responses:`, the outcome the example's status selects decides (conditions aside).
            let outcome = operation.outcomes?.candidates(for: status).first
            let expectsError = outcome.map { !$0.isResult } ?? (status >= 400)
            lines += [
                "    do {",
                "        let header = ProofExampleHeader(name: \(example.name.map(literal) ?? "nil"))",
                "        let client = \(client)(environment: \(environmentExpression()), middlewares: [header]\(credentialsArgument))",
            ]
            if let body = operation.body {
                lines.append(
                    "        let body = try JSONCoding.makeDecoder().decode(\(swiftType(body.type)).self, from: Data(\(literal(example.requestJSON)).utf8))"
                )
            }
            let argumentList = arguments(operation, parameters: example.parameters).joined(separator: ", ")
            let call = "try await client.\(method(operation))(\(argumentList))"
            // With declared response headers the `…WithHeaders` twin is called, so that a header one side
            // requires and the other does not send is observed.
            let headersCall = "try await client.\(SwiftNaming.withHeadersMethodName(operation.name, api: schema.api))(\(argumentList))"
            let readsHeaders = !operation.responseHeaders.isEmpty && operation.outcomes == nil
            if let stream = operation.stream {
                // A streamed answer: the first event must arrive and decode. The stream's type is named, so
                // that a changed format or event type does not compile in an old caller (the source verdict).
                let events = swiftType(stream.events)
                let element = stream.format == .sse ? "ServerSentEvent<\(events)>" : events
                lines += [
                    "        let events: EventStream<\(element)> = client.\(method(operation))(\(argumentList))",
                    "        var first: \(element)? = nil",
                    "        for try await event in events {",
                    "            first = event",
                    "            break",
                    "        }",
                    "        results.append(\(literal(label + ": ")) + (first == nil ? \"failed: no event arrived\" : \"ok\"))",
                ]
            } else if expectsError {
                lines.append(operation.response == nil ? "        \(call)" : "        _ = \(call)")
                lines.append("        results.append(\(literal(label + ": failed: succeeded where the example is an error")))")
                lines += [
                    "    } catch let error as \(schema.api)Error {",
                    "        let documented = ![\"undocumented\", \"transport\", \"invalidRequest\", \"invalidResponse\"].contains(error.name)",
                    "        let misread = documented ? proofMisread(error.response?.body, served: error.response?.rawBody ?? Data(), wireNames: proofWireNames) : nil",
                    "        results.append(\(literal(label + ": ")) + (!documented ? \"failed: \\(error)\" : misread.map { \"failed: error body misread: \\($0)\" } ?? \"ok\"))",
                ]
            } else if let outcome {
                // The answer must be the example's outcome; its body is not compared.
                lines.append("        let answer = \(call)")
                lines.append("        let outcome = proofCaseName(answer)")
                let caseName = SwiftNaming.bare(SwiftNaming.memberName(outcome.name, reserved: ["init"]))
                lines.append(
                    "        results.append(\(literal(label + ": ")) + (outcome == \(literal(caseName)) ? \"ok\" : \"failed: answered .\\(outcome)\"))")
            } else if operation.response == nil {
                lines.append(readsHeaders ? "        _ = \(headersCall)" : "        \(call)")
                lines.append("        results.append(\(literal(label + ": ok")))")
            } else if operation.responseContentType != nil {
                // Raw bytes (`BinaryResponse`): read unchanged.
                lines.append("        let value = \(call)")
                lines.append(
                    "        results.append(\(literal(label + ": ")) + (value.data == header.served.body ? \"ok\" : \"failed: read \\(value.data.count) bytes, not the \\(header.served.body.count) sent\"))"
                )
            } else {
                lines.append(readsHeaders ? "        let value = \(headersCall).body" : "        let value = \(call)")
                lines.append(
                    "        results.append(\(literal(label + ": ")) + (proofMisread(value, served: header.served.body, wireNames: proofWireNames).map { \"failed: misread: \\($0)\" } ?? \"ok\"))"
                )
            }
            if !expectsError {
                // What the server said (the sandbox's 400 lists the problems it found in the request).
                lines += [
                    "    } catch let error as \(schema.api)Error {",
                    "        results.append(\(literal(label + ": failed: ")) + \"\\(error)\" + (error.response?.bodyText.map { \": \\($0.prefix(800))\" } ?? \"\"))",
                ]
            }
            lines += ["    } catch {", "        results.append(\(literal(label + ": failed: ")) + \"\\(error)\")", "    }"]
        }
        return lines
    }

    /// The client argument giving every auth scheme a dummy credential (empty without schemes).
    private var credentialsArgument: String {
        let credentials = schema.authSchemes.map { "\(literal($0.name)): \"proof-credential\"" }
        return credentials.isEmpty ? "" : ", credentials: StaticCredentials([\(credentials.joined(separator: ", "))])"
    }

    /// One call of an operation: an example's, or (`name` nil) one with synthesized values.
    private struct Call {
        var name: String?
        var status: Int?
        var parameters: [String: YAMLNode]
        var requestJSON: String
    }

    /// The operation's examples, or with `callsEveryOperation` one synthesized call when it has none.
    private func calls(of operation: OperationDefinition) -> [Call] {
        let sampledBody = operation.body.map { samples.json(of: $0.type) } ?? "{}"
        let examples = operation.examples.map {
            Call(name: $0.name, status: $0.status, parameters: $0.parameters, requestJSON: $0.request?.jsonText ?? sampledBody)
        }
        // A streamed operation's examples cannot give its events, so it is called with synthesized values too.
        // So is an operation whose request streams: its examples cannot give the request's events.
        guard examples.isEmpty, callsEveryOperation || operation.stream != nil || operation.requestStream != nil else { return examples }
        return [Call(name: nil, status: nil, parameters: [:], requestJSON: sampledBody)]
    }

    /// A paginated operation is also read to its end through `<operation>Items`, with its first success
    /// example's other arguments: every item the server holds must arrive (a client that asks for the
    /// next page in a way the server does not understand gets the first page again and stops early).
    /// How many the server holds the proof tells the driver (`PROOF_PAGE_ITEMS`, see ProofSupport).
    private func followPages(_ operation: OperationDefinition) -> [String] {
        guard let pagination = operation.pagination,
            let example = operation.examples.first(where: { ($0.status ?? operation.successStatus) < 300 })
        else { return [] }
        let label = "\(operation.name)/\(example.name)/pages"
        let driven = "\(pagination.requestParameter):"
        let cacheArguments = Set((operation.cache?.parameters ?? []).map { "\($0.name):" })
        let arguments = arguments(operation, parameters: example.parameters).filter { argument in
            !argument.hasPrefix(driven) && !cacheArguments.contains { argument.hasPrefix($0) }
        }
        // Without X-Sandbox-Example the sandbox pages through its data set.
        var lines = [
            "    do {",
            "        let header = ProofExampleHeader(name: nil)",
            "        let client = \(client)(environment: \(environmentExpression()), middlewares: [header]\(credentialsArgument))",
        ]
        if let body = operation.body {
            lines.append(
                "        let body = try JSONCoding.makeDecoder().decode(\(swiftType(body.type)).self, from: Data(\(literal(example.request?.jsonText ?? "{}")).utf8))"
            )
        }
        lines += [
            "        var count = 0",
            // A decoded argument may throw; `try` only then, so the driver compiles without warnings.
            "        for try await _ in \(arguments.contains { $0.contains("try proofDecode(") } ? "try " : "")client.\(operation.name)Items(\(arguments.joined(separator: ", "))) {",
            "            count += 1",
            "            if count > 1000 { break }",
            "        }",
            "        let expected = proofExpectedItems[\(literal(operation.name))] ?? -1",
            "        results.append(\(literal(label + ": ")) + (count == expected ? \"ok\" : \"failed: read \\(count) of \\(expected) items\"))",
            "    } catch {",
            "        results.append(\(literal(label + ": failed: ")) + \"\\(error)\")",
            "    }",
        ]
        return lines
    }

    /// Each struct among `types` with its property names (the schema's field names) and JSON keys, as
    /// Swift literals: `("\"Item\"", "[\"id\": \"id\", ...]")`.
    private func wireNameEntries(_ types: [TypeDefinition]) -> [(type: String, fields: String)] {
        types.compactMap { type in
            guard case .structure(let fields) = type.kind, !fields.isEmpty else { return nil }
            let properties = fields.map { "\(literal(SwiftNaming.bare(SwiftNaming.fieldName($0.name)))): \(literal($0.wireName))" }
            return (literal(swiftType(.named(type.name))), "[\(properties.joined(separator: ", "))]")
        }
    }

    /// The first environment, with a `host` variable pointed at the sandbox (so a changed URL shows),
    /// else the base URL itself.
    private func environmentExpression() -> String {
        guard let environment = schema.environments.first, environment.variables.map(\.name) == ["host"], environment.url.hasPrefix("http://{host}") else {
            return ".init(baseURL: baseURL)"
        }
        return ".\(environment.name)(host: \"127.0.0.1:\\(baseURL.port ?? 80)\")"
    }

    /// Path parameters, the body, query and header parameters, as the generated method orders them.
    private func arguments(_ operation: OperationDefinition, parameters: [String: YAMLNode]) -> [String] {
        // Cache arguments come first and are never sent: ask the server, keep the schema's age.
        var arguments = (operation.cache?.parameters ?? []).map { "\($0.name): \($0.role == .cacheOnly ? "false" : "nil")" }
        for field in operation.pathParameters {
            arguments.append("\(label(field)): \(parameterLiteral(field, parameters[field.name]))")
        }
        if operation.body != nil { arguments.append("body: body") }
        if let requestStream = operation.requestStream {
            // One synthesized event, sent as the request's stream.
            let events = swiftType(requestStream.events)
            arguments.append(
                "body: AsyncStream<\(events)> { events in if let event = try? JSONCoding.makeDecoder().decode(\(events).self, from: Data(\(literal(samples.json(of: requestStream.events))).utf8)) { events.yield(event) }; events.finish() }"
            )
        }
        for field in operation.queryParameters + operation.headerParameters {
            let value = parameters[field.name] ?? parameters[field.wireName]
            if value == nil && !field.isRequiredOnWire { continue }
            arguments.append("\(label(field)): \(parameterLiteral(field, value))")
        }
        return arguments
    }

    /// A parameter value from the example, else the one the sandbox would synthesize for it (a number,
    /// a boolean or a string as a literal; any other type decoded from that value's JSON, as the client
    /// decodes it, so dates, UUIDs, enums, lists and structs need no spelling of their own).
    private func parameterLiteral(_ field: Field, _ node: YAMLNode?) -> String {
        let text = node?.scalar?.text
        switch field.type {
        case .primitive(let primitive) where primitive.isNumeric && text != nil:
            return text!
        case .primitive(.bool) where text != nil:
            return text!
        case .primitive(.string), .primitive(.email):
            return literal(text ?? sampleText(field))
        case .named(let name) where text != nil:
            if case .enumeration = schema.type(named: name)?.kind {
                return "\(swiftType(field.type))(rawValue: \(literal(text!)))"
            }
            fallthrough
        default:
            let json = node.map(\.jsonText) ?? samples.json(for: field)
            if case .primitive(let primitive) = field.type, primitive.isNumeric || primitive == .bool { return json }
            return "try proofDecode(\(swiftType(of: field)).self, from: \(literal(json)))"
        }
    }

    /// The synthesized string of a string parameter.
    private func sampleText(_ field: Field) -> String {
        let json = samples.json(for: field)
        return (try? JSONDecoder().decode([String].self, from: Data("[\(json)]".utf8)).first) ?? "sample"
    }

    // MARK: Using the API as app code does

    /// `proofEvents`: the events the server's side would send (`PROOF_EVENTS`: name, headers, body), each
    /// recognised by this client's event enum as a receiver would; a line `event/<name>` fails when the
    /// payload does not decode, or when this client declares that event and recognises it as something
    /// else (an event it does not declare is `.undocumented` by design).
    private func eventsFunction() -> [String] {
        let hasWebhook = schema.events.contains { if case .webhook = $0.delivery { true } else { false } }
        let recognise =
            hasWebhook
            ? "try \(schema.eventTypeName)(body: Data(body.utf8), headers: HTTPHeaders(headers.map { (name: $0.key, value: $0.value) }))"
            : "try \(schema.eventTypeName)(payload: Data(body.utf8))"
        let declared = schema.events.map { SwiftEscaping.stringLiteral($0.name) }.joined(separator: ", ")
        return [
            "func proofEvents(baseURL: URL) async -> [String] {",
            "    let declared: Set<String> = [\(declared)]",
            "    let text = ProcessInfo.processInfo.environment[\"PROOF_EVENTS\"] ?? \"[]\"",
            "    let sent = (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]) ?? []",
            "    return sent.map { entry -> String in",
            "        let name = entry[\"name\"] as? String ?? \"\"",
            "        let body = entry[\"body\"] as? String ?? \"\"",
            "        let headers = entry[\"headers\"] as? [String: String] ?? [:]",
            "        do {",
            "            let event = \(recognise)",
            "            let recognised = String(String(describing: event).prefix { $0 != \"(\" })",
            "            guard declared.contains(name), recognised != name else { return \"event/\\(name): ok\" }",
            "            return \"event/\\(name): recognised as \\(recognised)\"",
            "        } catch {",
            "            return \"event/\\(name): \\(error)\"",
            "        }",
            "    }",
            "}",
        ]
    }

    /// How long one channel run may take: opening (a refused upgrade makes the client reconnect with backoff
    /// until then), each reply, and a reconnection after the server's close (its first backoff is at most 0.5 s).
    public static let channelRunSeconds = 4

    /// `proofChannels` opens each channel (over the driver's transport, SwiftNIO's), sends the messages the
    /// schema allows (one per variant of a union; repeated until as many were sent as the server's `receive`
    /// union has variants, `PROOF_CHANNEL_MESSAGES`), and reads a reply to each, as `proofChannelRun` checks it:
    /// `channel/<name>: ok` or `failed: why`. `proofChannelClose` opens one for a server that closes it after
    /// its first reply, and reports what the client did with the code (`channel/<name>/close: reconnect`).
    private func channelFunctions() -> [String] {
        guard !schema.channels.isEmpty else { return [] }
        var lines = [
            "func proofChannels(baseURL: URL, channelTransport: any ChannelTransport) async -> [String] {",
            "    var results: [String] = []",
        ]
        for (index, channel) in schema.channels.enumerated() {
            lines.append(
                "    results.append(\(literal("channel/\(channel.name): ")) + (await proofChannel\(index)(baseURL: baseURL, channelTransport: channelTransport, afterServerClose: false)))"
            )
        }
        lines += ["    return results", "}", ""]
        lines += ["func proofChannelClose(_ name: String, baseURL: URL, channelTransport: any ChannelTransport) async -> [String] {", "    switch name {"]
        for (index, channel) in schema.channels.enumerated() {
            lines.append(
                "    case \(literal(channel.name)): return [\(literal("channel/\(channel.name)/close: ")) + (await proofChannel\(index)(baseURL: baseURL, channelTransport: channelTransport, afterServerClose: true))]"
            )
        }
        lines += ["    default: return [\"channel/\\(name)/close: failed: no such channel\"]", "    }", "}", ""]
        for (index, channel) in schema.channels.enumerated() {
            let send = swiftType(channel.send)
            let messages = channelMessages(channel.send).map { "try JSONCoding.makeDecoder().decode(\(send).self, from: Data(\(literal($0)).utf8))" }
            let method = SwiftNaming.operationName(channel.name, api: schema.api)
            let open = "client.\(method)(\(arguments(channel.handshake, parameters: [:]).joined(separator: ", ")))"
            lines += [
                "private func proofChannel\(index)(baseURL: URL, channelTransport: any ChannelTransport, afterServerClose: Bool) async -> String {",
                "    let transport = ProofRecordingChannelTransport(base: channelTransport)",
                "    let client = \(client)(configuration: .init(baseURL: \(client).Environment\(environmentExpression()).baseURL\(credentialsArgument), channelTransport: transport))",
                "    do {",
                "        let messages: [\(send)] = [\(messages.joined(separator: ", "))]",
                "        let channel = \(open)",
                "        let count = proofChannelMessageCounts[\(literal(channel.name))] ?? 1",
                "        return await proofChannelRun(channel, transport: transport, messages: messages, atLeast: count, afterServerClose: afterServerClose, seconds: \(Self.channelRunSeconds), wireNames: proofWireNames)",
                "    } catch {",
                "        return \"failed: \\(error)\"",
                "    }",
                "}",
                "",
            ]
        }
        return lines
    }

    /// The messages a client may send as `type`, as JSON: one per variant of a union (a tagged one's tag
    /// added), else one sample.
    private func channelMessages(_ type: TypeReference) -> [String] {
        guard case .named(let name) = type, case .union(let union)? = schema.type(named: name)?.kind, !union.variants.isEmpty else {
            return [samples.json(of: type)]
        }
        return union.variants.map { variant in
            let json = samples.json(of: variant.type)
            guard let discriminator = union.discriminator,
                var object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            else { return json }
            object[discriminator] = union.tagType == .integer ? (Int(variant.tag) as Any? ?? variant.tag) : variant.tag
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return json }
            return String(decoding: data, as: UTF8.self)
        }
    }

    private func sourceUsageFunction() -> [String] {
        var lines = ["public func proofSourceUsage(client: \(client)) async throws {"]
        for environment in schema.environments {
            let arguments = environment.variables.map { "\($0.name): proofValue(String.self)" }.joined(separator: ", ")
            lines.append(
                environment.variables.isEmpty
                    ? "    _ = \(client).Environment.\(environment.name)" : "    _ = \(client).Environment.\(environment.name)(\(arguments))")
        }
        for operation in schema.operations {
            var arguments = cacheArgumentUsage(operation) + operation.pathParameters.map { "\($0.name): proofValue(\(swiftType(of: $0)).self)" }
            if let body = operation.body { arguments.append("body: proofValue(\(swiftType(body.type)).self)") }
            if let requestStream = operation.requestStream { arguments.append("body: AsyncStream<\(swiftType(requestStream.events))> { $0.finish() }") }
            arguments += (operation.queryParameters + operation.headerParameters).map { "\($0.name): proofValue(\(swiftType(of: $0)).self)" }
            let call = "try await client.\(operation.name)(\(arguments.joined(separator: ", ")))"
            if let stream = operation.stream {
                // App code names what it iterates: a changed format or event type does not compile.
                let events = swiftType(stream.events)
                let element = stream.format == .sse ? "ServerSentEvent<\(events)>" : events
                lines.append("    let _: EventStream<\(element)> = client.\(operation.name)(\(arguments.joined(separator: ", ")))")
            } else if let outcomes = operation.outcomes {
                // App code switches over the outcomes, exhaustively.
                let cases = outcomes.filter(\.isResult).map { "    case .\($0.name): break" }
                lines += ["    switch \(call) {"] + cases + ["    }"]
            } else {
                lines.append(operation.response.map { "    let _: \(swiftType($0)) = \(call)" } ?? "    \(call)")
            }
            lines += headersUsage(operation, arguments: arguments)
            if let pagination = operation.pagination {
                // The page sequences take every argument but the one they drive themselves.
                var pageArguments = operation.pathParameters.map { "\($0.name): proofValue(\(swiftType(of: $0)).self)" }
                if let body = operation.body { pageArguments.append("body: proofValue(\(swiftType(body.type)).self)") }
                pageArguments += (operation.queryParameters + operation.headerParameters).filter { $0.name != pagination.requestParameter }
                    .map { "\($0.name): proofValue(\(swiftType(of: $0)).self)" }
                lines.append("    _ = client.\(operation.name)Pages(\(pageArguments.joined(separator: ", ")))")
                lines.append("    _ = client.\(operation.name)Items(\(pageArguments.joined(separator: ", ")))")
            }
        }
        for type in schema.types {
            switch type.kind {
            case .structure(let fields):
                // Members beyond the fields (`additionalFields: T`) are an argument and a property too, so
                // removing or retyping them breaks this caller as it would an app's.
                let extra = type.additionalFields.map { swiftType(.map(key: .string, value: $0.type)) }
                let arguments =
                    (fields.map { "\($0.name): proofValue(\(swiftType(of: $0)).self)" } + (extra.map { ["additionalFields: proofValue(\($0).self)"] } ?? []))
                    .joined(separator: ", ")
                lines.append("    do {")
                lines.append("        let value = \(type.name)(\(arguments))")
                for field in fields { lines.append("        let _: \(swiftType(of: field)) = value.\(field.name)") }
                if let extra { lines.append("        let _: \(extra) = value.additionalFields") }
                lines.append("    }")
            case .enumeration(let enumeration):
                lines.append("    switch proofValue(\(type.name).self) {")
                for enumCase in enumeration.cases { lines.append("    case .\(enumCase.name): break") }
                lines += ["    case .undocumented: break", "    }"]
            case .union(let union):
                lines.append("    switch proofValue(\(type.name).self) {")
                for variant in union.variants { lines.append("    case .\(variant.name)(let value): let _: \(swiftType(variant.type)) = value") }
                lines += ["    case .undocumented: break", "    }"]
            case .alias:
                lines.append("    _ = \(type.name).self")
            }
        }
        for channel in schema.channels {
            // App code names the channel's types and switches over its failures, exhaustively (the wire run
            // opens it: `proofChannels`).
            let arguments = channel.handshake.parameters.map { "\($0.field.name): proofValue(\(swiftType(of: $0.field)).self)" }
            let failure = "\(client).\(SwiftNaming.channelFailureTypeName(channel.name, api: schema.api))"
            let open = "client.\(SwiftNaming.operationName(channel.name, api: schema.api))(\(arguments.joined(separator: ", ")))"
            lines.append("    let _: Channel<\(swiftType(channel.send)), \(swiftType(channel.receive)), \(failure)> = \(open)")
            lines.append("    switch proofValue(\(failure).self) {")
            for name in channel.failureCases {
                lines.append("    case .\(SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.channelFailureCases)): break")
            }
            lines += ["    case .undocumented: break", "    }"]
        }
        if !schema.events.isEmpty {
            // App code switches over the events exhaustively, naming each payload's type.
            lines.append("    switch proofValue(\(schema.eventTypeName).self) {")
            for event in schema.events { lines.append("    case .\(event.name)(let payload): let _: \(swiftType(event.payload)) = payload") }
            lines += ["    case .undocumented: break", "    }"]
        }
        let errorCases = (schema.errors?.cases ?? []).map { ".\($0.name)" } + [".undocumented", ".transport", ".invalidRequest", ".invalidResponse"]
        lines += ["    switch proofValue(\(schema.api)ErrorCode.self) {", "    case \(errorCases.joined(separator: ", ")): break", "    }"]
        if let body = schema.errors?.body {
            // App code reads the documented error's body as the catalogue's type.
            lines.append("    let _: \(swiftType(body))? = proofValue(\(schema.api)Error.self).response?.body")
        }
        lines.append("}")
        return lines
    }

    /// The `…WithHeaders` twin as app code uses it: each header read with its type, and the headers struct
    /// made with every property (as a test or preview does).
    private func headersUsage(_ operation: OperationDefinition, arguments: [String]) -> [String] {
        guard !operation.responseHeaders.isEmpty, operation.outcomes == nil else { return [] }
        let method = SwiftNaming.withHeadersMethodName(operation.name, api: schema.api)
        let headersType = "\(client).\(SwiftNaming.responseHeadersTypeName(operation.name, api: schema.api))"
        var lines = ["    do {", "        let answer = try await client.\(method)(\(arguments.joined(separator: ", ")))"]
        for field in operation.responseHeaders { lines.append("        let _: \(swiftType(of: field)) = answer.headers.\(field.name)") }
        let members = operation.responseHeaders.map { "\($0.name): proofValue(\(swiftType(of: $0)).self)" }
        lines += ["        _ = \(headersType)(\(members.joined(separator: ", ")))", "    }"]
        return lines
    }

    /// Every cache argument, named, as app code that chooses the cache per call passes it.
    private func cacheArgumentUsage(_ operation: OperationDefinition) -> [String] {
        (operation.cache?.parameters ?? []).map { "\($0.name): proofValue(\($0.role == .cacheOnly ? "Bool" : "Double?").self)" }
    }

    // MARK: Spelling

    /// The operation's method, as the renderer names it.
    private func method(_ operation: OperationDefinition) -> String { SwiftNaming.operationName(operation.name, api: schema.api) }

    /// A parameter's argument label, as the renderer names it.
    private func label(_ field: Field) -> String {
        SwiftNaming.argumentLabel(SwiftNaming.memberName(field.name, reserved: SwiftNaming.Reserved.parameters))
    }

    /// Types as the generated module spells them (the renderer's own rules, so the caller cannot drift).
    private func swiftType(_ reference: TypeReference) -> String { SwiftTypes.name(reference, in: schema) }

    private func swiftType(of field: Field) -> String { SwiftTypes.name(of: field, in: schema) }

    private func literal(_ text: String) -> String { SwiftEscaping.stringLiteral(text) }
}
