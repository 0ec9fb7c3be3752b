import Foundation
import PayloadValidation
import SchemaModel

/// A request as the engine sees it, independent of the HTTP server library.
struct IncomingRequest: Sendable {
    var method: String
    /// Percent-encoded, without the query.
    var path: String
    /// The raw query string, without `?`.
    var query: String?
    /// Names lowercased, in the order received.
    var headers: [(name: String, value: String)]
    var body: Data

    func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    func headerValues(_ name: String) -> [String] {
        let lower = name.lowercased()
        return headers.filter { $0.name == lower }.map(\.value)
    }

    /// Query items, decoded (`+` is a space, as forms and URLComponents send it).
    var queryItems: [(name: String, value: String)] {
        RequestValidator.formItems(query ?? "")
    }
}

/// The schema's operation (Foundation also has an `OperationDefinition`).
typealias SchemaOperation = OperationDefinition

/// What the server should do with a request.
enum Outcome: Sendable {
    case respond(status: Int, headers: [(String, String)], body: Data)
    case closeConnection
    /// A streamed operation's events, sent as they are due (Streams.swift).
    case stream(StreamAnswer)

    /// The status sent, if any.
    var status: Int? {
        switch self {
        case .respond(let status, _, _): return status
        case .closeConnection: return nil
        case .stream(let answer): return answer.status
        }
    }
}

/// The sandbox's behaviour: routing, faults, credentials, validation, responses and bookkeeping.
/// Server-library agnostic; `SandboxServer` feeds it requests.
final class SandboxEngine: Sendable {
    struct State {
        var counts: [String: Int] = [:]
        /// Valid events of streamed request bodies read, by operation.
        var requestEvents: [String: Int] = [:]
        var records = RequestRecord()
        var faults = FaultBook()
        var sessions = SessionBook()
    }

    /// What is fixed per operation, prepared once.
    struct Plan: Sendable {
        var operation: SchemaOperation
        var needsCredentials: Bool
        var usesBearer: Bool
        var isRefreshOperation: Bool
        /// The default answer: status and JSON body (nil: no body).
        var status: Int
        var body: Data?
        var template: JSON?
        /// The answer is synthesized from the response type: no example gives it.
        var isSynthesized: Bool
        var pager: Pager?
        /// Named examples with a response.
        var examples: [String: (status: Int, body: JSON?)]
    }

    let schema: Schema
    let options: SandboxOptions
    /// The path every route is under (`/wlp/v1`; "" for none), without a trailing slash.
    let basePath: String
    let base: BaseURL
    let router: OperationRouter
    /// Routes the opening requests of the schema's channels (their handshakes, as GET operations).
    let channelRouter: OperationRouter
    let factory: PayloadFactory
    /// Parameters, form and multipart bodies, as `schema-check traffic` checks them (RequestProblems.swift).
    let requestValidator: RequestValidator
    let plans: [String: Plan]
    /// Per operation, the wire names the schema marks secret, hidden in the textual forms of recorded requests.
    let secretNames: [String: Set<String>]
    let state = Locked(State())
    /// Cuts injected latencies short when the server stops.
    let stopSignal = StopSignal()
    static let jsonHeaders = [("Content-Type", "application/json")]

    init(schema: Schema, options: SandboxOptions) {
        self.schema = schema
        self.secretNames = Dictionary(
            schema.operations.map { ($0.name, Set(schema.secretWireNames(of: $0) + schema.credentialWireNames(of: $0))) }
                + schema.channels.map { ($0.name, Set(schema.credentialWireNames(of: $0.handshake))) },
            uniquingKeysWith: { first, _ in first })
        self.options = options
        basePath = options.basePath.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? schema.sandboxBasePath
        base = BaseURL(path: basePath)
        router = OperationRouter(schema: schema)
        var channelRoutes = schema
        channelRoutes.operations = schema.channels.map(\.handshake)
        channelRouter = OperationRouter(schema: channelRoutes)
        let factory = PayloadFactory(schema: schema)
        self.factory = factory
        let validator = PayloadValidator(schema: schema, strictEnums: options.strictEnums)
        requestValidator = RequestValidator(schema: schema, validator: validator)
        let bearerSchemes = Set(
            schema.authSchemes.compactMap { scheme -> String? in
                if case .bearer = scheme.kind { return scheme.name }
                return nil
            })
        let refreshOperations = Set(
            schema.authSchemes.compactMap { scheme -> String? in
                if case .bearer(let refresh) = scheme.kind { return refresh }
                return nil
            })
        var plans: [String: Plan] = [:]
        for operation in schema.operations {
            var examples: [String: (status: Int, body: JSON?)] = [:]
            for example in operation.examples where example.response != nil || example.status != nil {
                // A named example may be a status alone (a 404 outcome without a body).
                examples[example.name] = (example.status ?? operation.successStatus, example.response.map(JSON.init))
            }
            let chosen = operation.examples.first { example in
                example.response != nil && (200..<300).contains(example.status ?? operation.successStatus)
            }
            var template: JSON?
            var status = operation.successStatus
            var isSynthesized = false
            if let chosen, let response = chosen.response {
                template = JSON(response)
                status = chosen.status ?? operation.successStatus
            } else if let responseType = operation.response {
                template = factory.sample(of: responseType)
                // `sample` answers with a named type's own example when it has one.
                var typeExample = false
                if case .named(let name) = responseType { typeExample = schema.type(named: name)?.examples.isEmpty == false }
                isSynthesized = !typeExample
            }
            var pager: Pager?
            if let pagination = operation.pagination, let template {
                pager = Pager(
                    operation: operation, pagination: pagination, template: template,
                    itemCount: options.pageItemCounts[operation.name] ?? options.pageItemCount,
                    defaultPageSize: options.defaultPageSize, factory: factory, validator: validator)
            }
            plans[operation.name] = Plan(
                operation: operation,
                needsCredentials: !operation.auth.isEmpty,
                usesBearer: operation.auth.contains { bearerSchemes.contains($0) },
                isRefreshOperation: refreshOperations.contains(operation.name),
                status: status, body: template?.data, template: template, isSynthesized: isSynthesized, pager: pager, examples: examples
            )
        }
        self.plans = plans
    }

    // MARK: Handling a request

    func handle(_ request: IncomingRequest) async -> Outcome {
        let started = DispatchTime.now().uptimeNanoseconds
        var operationName: String?
        var appliedFault: String?
        let outcome = await respond(to: request, operationName: &operationName, appliedFault: &appliedFault)
        if let log = options.requestLog {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
            var status: Int?
            var reason: String?
            status = outcome.status
            if case .respond(let code, _, let body) = outcome, code == 401 { reason = factory.errorMessage(in: body) }
            log(
                RequestLogEntry(
                    method: request.method, path: request.path, operation: operationName, status: status,
                    milliseconds: elapsed, fault: appliedFault, reason: reason))
        }
        return outcome
    }

    private func respond(to request: IncomingRequest, operationName: inout String?, appliedFault: inout String?) async -> Outcome {
        if options.controlEndpoints, let control = controlResponse(request) { return control }
        let operation: SchemaOperation
        let pathParameters: [String: String]
        // Of operations sharing a route, the request is the first whose checks it passes.
        let query = request.queryItems
        let route = base.relativePath(of: request.path).map { path in
            router.match(method: request.method, path: path, query: query) { candidate, parameters in
                let credentialsMissing =
                    options.requireCredentials
                    && requestValidator.missingCredentials(
                        of: candidate, query: query, headerValues: request.headerValues, accepts: { accepts($0, for: $1) }) != nil
                let passes = !credentialsMissing && problems(in: request, query: query, pathParameters: parameters, operation: candidate).isEmpty
                return OperationRouter.CandidateFit(
                    passes: passes, operation: candidate, queryNames: query.map(\.name), headerNames: request.headers.map(\.name),
                    hasBody: !request.body.isEmpty)
            }
        }
        switch route ?? .notFound {
        case .notFound:
            if let path = base.relativePath(of: request.path), case .operation(let channel, _) = channelRouter.match(method: request.method, path: path) {
                return error(426, message: "channel \(channel.name) is a WebSocket: open it with an upgrade request")
            }
            return error(404, message: "no operation of \(schema.api) matches \(request.method) \(request.path)")
        case .methodNotAllowed(let allowed):
            var outcome = error(405, message: "\(request.method) is not allowed on \(request.path); allowed: \(allowed.joined(separator: ", "))")
            if case .respond(let status, var headers, let body) = outcome {
                headers.append(("Allow", allowed.joined(separator: ", ")))
                outcome = .respond(status: status, headers: headers, body: body)
            }
            return outcome
        case .operation(let matched, let parameters):
            operation = matched
            pathParameters = parameters
        }
        operationName = operation.name
        let plan = plans[operation.name]!

        // The per-request fault header is read before counting, so that a malformed one is still counted.
        var headerFault = FaultHeader()
        var headerError: String?
        if let text = request.header(FaultHeader.name) {
            do { headerFault = try FaultHeader(parsing: text) } catch { headerError = "\(error)" }
        }

        // Count, and take a fault, in one step so both are exact under concurrency.
        let (latency, runFault) = state.withLock { state -> (Int, FaultAction?) in
            state.counts[operation.name, default: 0] += 1
            let latency = state.faults.latency(for: operation.name)
            if headerError != nil || headerFault.action != nil { return (latency, nil) }
            return (latency, state.faults.consume(for: operation.name, needsCredentials: plan.needsCredentials, usesBearer: plan.usesBearer))
        }

        var outcome: Outcome
        if let headerError {
            outcome = error(400, message: headerError)
        } else {
            let totalLatency = FaultBook.saturatingSum(latency, headerFault.latencyMilliseconds)
            if totalLatency > 0 {
                // Ends early when the server stops; the request is then answered as usual, at once.
                await stopSignal.sleep(milliseconds: totalLatency)
                appliedFault = "latency \(totalLatency) ms"
            }
            if let action = headerFault.action ?? runFault {
                appliedFault = [appliedFault, action.description].compactMap { $0 }.joined(separator: ", ")
                outcome = self.outcome(for: action, plan: plan)
            } else {
                outcome = answer(request, plan: plan, pathParameters: pathParameters)
            }
            if case .stream(var stream) = outcome {
                // A slow or dropped stream: the run's faults, then the request's own directives.
                let (interval, dropAfter) = state.withLock { $0.faults.streamFaults(for: operation.name) }
                stream.intervalMilliseconds = headerFault.streamIntervalMilliseconds ?? interval
                stream.dropAfter = headerFault.dropAfterEvents ?? dropAfter
                if stream.intervalMilliseconds > 0 {
                    appliedFault = [appliedFault, "event interval \(stream.intervalMilliseconds) ms"].compactMap { $0 }.joined(separator: ", ")
                }
                if let drop = stream.dropAfter { appliedFault = [appliedFault, "drop after \(drop) events"].compactMap { $0 }.joined(separator: ", ") }
                outcome = .stream(stream)
            }
        }
        record(request, operation: operation.name, outcome: outcome)
        return outcome
    }

    /// The normal answer: credentials, validation, then the example or the page.
    private func answer(_ request: IncomingRequest, plan: Plan, pathParameters: [String: String]) -> Outcome {
        let operation = plan.operation
        let query = request.queryItems
        if options.requireCredentials, plan.needsCredentials,
            let needed = requestValidator.missingCredentials(
                of: operation, query: query, headerValues: request.headerValues, accepts: { accepts($0, for: $1) })
        {
            return unauthorized(plan: plan, message: "missing credentials: \(operation.name) needs \(needed)")
        }
        var parsedBody: JSON?
        if options.validateRequests {
            let problems = self.problems(in: request, query: query, pathParameters: pathParameters, operation: operation)
            if !problems.isEmpty {
                return error(400, message: "invalid request: " + problems.joined(separator: "; "), operation: operation)
            }
        }
        if operation.body != nil, !request.body.isEmpty { parsedBody = JSON.parse(request.body) }

        if request.method == "HEAD" {
            return .respond(status: plan.status, headers: ResponseHeaderValues.headers(of: operation), body: Data())
        }
        if let stream = operation.stream, request.header("x-sandbox-example") == nil {
            return streamAnswer(request, operation: operation, stream: stream)
        }
        var status = plan.status
        var body = plan.body
        var isSynthesized = plan.isSynthesized
        if let name = request.header("x-sandbox-example") {
            guard let example = plan.examples[name] else {
                let names = plan.examples.keys.sorted()
                return error(
                    400,
                    message: "X-Sandbox-Example: \(operation.name) has no example '\(name)'"
                        + (names.isEmpty ? "" : "; it has \(names.joined(separator: ", "))"))
            }
            status = example.status
            body = example.body?.data
            isSynthesized = false
        } else if let pager = plan.pager {
            do {
                let page = try pager.page(operation: operation) { location in
                    switch location {
                    case .query(let name): return query.first { $0.name == name }?.value
                    case .header(let name): return request.header(name)
                    case .body(let name):
                        guard let value = parsedBody?[name] else { return nil }
                        switch value {
                        case .string(let text): return text
                        case .number(let text): return text
                        default: return nil
                        }
                    }
                }
                body = page.data
            } catch Pager.Failure.invalidPosition(let message) {
                return error(400, message: "invalid request: \(message)")
            } catch let failure {
                return self.error(400, message: "invalid request: \(failure)")
            }
        }
        let flow = applyCredentialFlows(
            request, operation: operation, status: status, body: body, parsedBody: parsedBody, isSynthesized: isSynthesized)
        if let rejection = flow.rejection { return rejection }
        body = flow.body
        if plan.isRefreshOperation, (200..<300).contains(status) {
            state.withLock { $0.faults.markRefreshed() }
        }
        // The declared response headers come with every normal answer (an error answer is the catalogue's).
        let declared = operation.carriesResponseHeaders(status: status) ? ResponseHeaderValues.headers(of: operation) : []
        guard let body else { return .respond(status: status, headers: declared, body: Data()) }
        if let contentType = operation.responseContentType {
            return .respond(status: status, headers: [("Content-Type", contentType)] + declared, body: Self.binaryBody(fromJSON: body))
        }
        return .respond(status: status, headers: Self.jsonHeaders + declared, body: body)
    }

    private func outcome(for action: FaultAction, plan: Plan) -> Outcome {
        switch action {
        case .close:
            return .closeConnection
        case .unauthorized:
            return unauthorized(plan: plan, message: "the access token has expired (sandbox fault)")
        case .status(let status, let retryAfter):
            var outcome = error(status, message: "\(HTTPStatusText.reason(status)) (sandbox fault)", operation: plan.operation)
            if let retryAfter, case .respond(let code, var headers, let body) = outcome {
                headers.append(("Retry-After", retryAfter))
                outcome = .respond(status: code, headers: headers, body: body)
            }
            return outcome
        }
    }

    private func unauthorized(plan: Plan, message: String) -> Outcome {
        guard case .respond(let status, var headers, let body) = error(401, message: message, operation: plan.operation) else { return .closeConnection }
        if plan.usesBearer { headers.append(("WWW-Authenticate", "Bearer error=\"invalid_token\"")) }
        return .respond(status: status, headers: headers, body: body)
    }

    /// An answer with the API's error body; `operation` picks among catalogue cases that share the status.
    func error(_ status: Int, message: String, operation: SchemaOperation? = nil) -> Outcome {
        let body = factory.errorBody(
            status: status, fallbackCode: PayloadFactory.statusCode(status), message: message,
            operationErrors: operation?.errors ?? [])
        return .respond(status: status, headers: Self.jsonHeaders, body: body.data)
    }

    // MARK: Bookkeeping

    func record(_ request: IncomingRequest, operation: String, outcome: Outcome) {
        let limit = options.recordedRequestLimit
        guard limit > 0, options.recordedBytesLimit > 0 else { return }
        let status = outcome.status
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            if let existing = headers[name] { headers[name] = existing + ", " + value } else { headers[name] = value }
        }
        // A body over the limit is copied out, so the record does not keep the whole request alive.
        let kept = max(0, options.recordedBodyLimit)
        let body = request.body.count > kept ? request.body.prefix(kept).withUnsafeBytes { Data($0) } : request.body
        let recorded = RecordedRequest(
            operation: operation, method: request.method, path: request.path,
            queryItems: request.queryItems.map { URLQueryItem(name: $0.name, value: $0.value) },
            headers: headers, body: body, bodySize: request.body.count, status: status, secretNames: secretNames[operation] ?? []
        )
        state.withLock { state in
            state.records.append(recorded, perOperationLimit: limit, byteLimit: options.recordedBytesLimit)
        }
    }

    /// `GET <base>/_sandbox/counts` and `POST <base>/_sandbox/reset`.
    private func controlResponse(_ request: IncomingRequest) -> Outcome? {
        guard let relative = base.relativePath(of: request.path), relative.hasPrefix("/_sandbox/") else { return nil }
        switch (request.method, relative) {
        case ("GET", "/_sandbox/counts"):
            let counts = state.withLock { $0.counts }
            let body = JSON.object(counts.keys.sorted().map { JSON.Member(key: $0, value: .number(String(counts[$0]!))) })
            return .respond(status: 200, headers: Self.jsonHeaders, body: body.data)
        case ("POST", "/_sandbox/reset"):
            reset()
            return .respond(status: 204, headers: [], body: Data())
        default:
            return nil
        }
    }

    func reset() {
        state.withLock { $0 = State() }
        // glibc keeps freed memory in the middle of its heap resident; ask it to hand the pages back, so
        // a reset gives back what the record held.
        ReleaseMemory.toSystem()
    }
}
