/// Where a construct travels: in requests (clients produce it, servers consume it), in responses
/// (servers produce it, clients consume it), or nowhere (a type no operation reaches).
public enum Role: String, Sendable, Hashable, CaseIterable {
    case request, response, unused
}

/// A classification: the impact on each axis and why.
public struct Verdict: Sendable, Hashable {
    public var wire: WireImpact
    public var wireReason: String
    public var source: SourceImpact
    public var sourceReason: String

    init(_ wire: WireImpact, _ wireReason: String, _ source: SourceImpact, _ sourceReason: String) {
        self.wire = wire
        self.wireReason = wireReason
        self.source = source
        self.sourceReason = sourceReason
    }

    /// The verdict for a construct that plays several roles: the worst of each axis, every reason kept.
    func combined(with other: Verdict) -> Verdict {
        func join(_ a: String, _ b: String) -> String { a == b ? a : "\(a); \(b)" }
        let wire = self.wire.combined(with: other.wire)
        let wireReason =
            (self.wire.isBreaking == other.wire.isBreaking)
            ? join(self.wireReason, other.wireReason)
            : (self.wire.isBreaking ? self.wireReason : other.wireReason)
        let source: SourceImpact = self.source.isBreaking || other.source.isBreaking ? .breaking : .compatible
        let sourceReason =
            self.source == other.source
            ? join(self.sourceReason, other.sourceReason)
            : (self.source.isBreaking ? self.sourceReason : other.sourceReason)
        return Verdict(wire, wireReason, source, sourceReason)
    }
}

/// Every kind of change `SchemaComparer` reports. The raw values are the stable identifiers of the
/// JSON output and of docs/SchemaDiff.md; `verdict(as:)` is the one table that classifies them.
public enum ChangeRule: String, Sendable, Hashable, CaseIterable, Codable {
    // Operations
    case operationAdded = "operation-added"
    case operationRemoved = "operation-removed"
    case operationRenamed = "operation-renamed"
    case methodChanged = "method-changed"
    case pathChanged = "path-changed"
    case literalQueryAdded = "literal-query-added"
    case literalQueryRemoved = "literal-query-removed"
    case successStatusChanged = "success-status-changed"
    case responseTypeChanged = "response-type-changed"
    case requestBodyAdded = "request-body-added"
    case requestBodyRemoved = "request-body-removed"
    case requestBodyChanged = "request-body-changed"
    case outcomesChanged = "outcomes-changed"
    case responseHeadersChanged = "response-headers-changed"
    case operationErrorsChanged = "operation-errors-changed"
    case idempotencyChanged = "idempotency-changed"
    case streamChanged = "stream-changed"
    // Channels
    case channelAdded = "channel-added"
    case channelRemoved = "channel-removed"
    case channelPathChanged = "channel-path-changed"
    case channelMessageChanged = "channel-message-changed"
    case closeCodeChanged = "close-code-changed"
    case requestStreamChanged = "request-stream-changed"
    // Events outside calls
    case eventAdded = "event-added"
    case eventRemoved = "event-removed"
    case eventPayloadChanged = "event-payload-changed"
    case eventRecognitionChanged = "event-recognition-changed"
    // Parameters and fields (a parameter is always in a request; a field takes its type's roles)
    case fieldAddedRequired = "field-added-required"
    case fieldAddedOptional = "field-added-optional"
    case fieldRemovedRequired = "field-removed-required"
    case fieldRemovedOptional = "field-removed-optional"
    case fieldRenamed = "field-renamed"
    case fieldRetyped = "field-retyped"
    case fieldMadeOptional = "field-made-optional"
    case fieldMadeRequired = "field-made-required"
    case fieldMadeNullable = "field-made-nullable"
    case fieldMadeNonNullable = "field-made-non-nullable"
    case elementsMadeNullable = "elements-made-nullable"
    case elementsMadeNonNullable = "elements-made-non-nullable"
    case fieldWireNameChanged = "field-wire-name-changed"
    case fieldDefaultChanged = "field-default-changed"
    case parameterMoved = "parameter-moved"
    case queryStyleChanged = "query-style-changed"
    case parametersReordered = "parameters-reordered"
    case constraintTightened = "constraint-tightened"
    case constraintLoosened = "constraint-loosened"
    case dateFormatChanged = "date-format-changed"
    case additionalFieldsAdded = "additional-fields-added"
    case additionalFieldsRemoved = "additional-fields-removed"
    case additionalFieldsRetyped = "additional-fields-retyped"
    // Types
    case typeAdded = "type-added"
    case typeRemoved = "type-removed"
    case typeRenamed = "type-renamed"
    case typeKindChanged = "type-kind-changed"
    case enumCaseAdded = "enum-case-added"
    case enumCaseRemoved = "enum-case-removed"
    case enumCaseRenamed = "enum-case-renamed"
    case enumCaseValueChanged = "enum-case-value-changed"
    case unionVariantAdded = "union-variant-added"
    case unionVariantRemoved = "union-variant-removed"
    case unionVariantRenamed = "union-variant-renamed"
    case unionVariantChanged = "union-variant-changed"
    case unionVariantConstantChanged = "union-variant-constant-changed"
    case unionDiscriminatorChanged = "union-discriminator-changed"
    // Errors
    case errorCaseAdded = "error-case-added"
    case errorCaseRemoved = "error-case-removed"
    case errorCaseRenamed = "error-case-renamed"
    case errorCodeChanged = "error-code-changed"
    case errorStatusChanged = "error-status-changed"
    case errorRetryableChanged = "error-retryable-changed"
    case errorBodyChanged = "error-body-changed"
    // Auth, pagination, cache, environments
    case authAdded = "auth-added"
    case authRemoved = "auth-removed"
    case authChanged = "auth-changed"
    case authAlternativeAdded = "auth-alternative-added"
    case authRequirementExtended = "auth-requirement-extended"
    case authSchemeChanged = "auth-scheme-changed"
    case credentialFlowAdded = "credential-flow-added"
    case credentialFlowRemoved = "credential-flow-removed"
    case credentialFlowChanged = "credential-flow-changed"
    case paginationAdded = "pagination-added"
    case paginationRemoved = "pagination-removed"
    case paginationChanged = "pagination-changed"
    case cacheChanged = "cache-changed"
    case cacheArgumentsChanged = "cache-arguments-changed"
    case environmentAdded = "environment-added"
    case environmentRemoved = "environment-removed"
    case environmentURLChanged = "environment-url-changed"
    case environmentVariablesChanged = "environment-variables-changed"
    // Notes
    case deprecated = "deprecated"
    case undeprecated = "undeprecated"

    /// The classification of this change for a construct in `role`.
    public func verdict(as role: Role) -> Verdict {
        if role == .unused, let unused = Self.unusedVerdict(self) { return unused }
        return Self.table(self, role)
    }

    /// Types no operation sends or receives change nothing on the wire; their Swift API still counts.
    private static func unusedVerdict(_ rule: ChangeRule) -> Verdict? {
        let roleDependent: Set<ChangeRule> = [
            .fieldAddedRequired, .fieldAddedOptional, .fieldRemovedRequired, .fieldRemovedOptional,
            .fieldRetyped, .fieldMadeOptional, .fieldMadeRequired, .fieldMadeNullable,
            .fieldMadeNonNullable, .elementsMadeNullable, .elementsMadeNonNullable, .fieldWireNameChanged, .constraintTightened, .constraintLoosened,
            .dateFormatChanged, .additionalFieldsAdded, .additionalFieldsRetyped, .enumCaseAdded, .enumCaseRemoved, .enumCaseValueChanged,
            .unionVariantAdded, .unionVariantRemoved, .unionVariantChanged, .unionVariantConstantChanged, .unionDiscriminatorChanged,
            .typeKindChanged,
        ]
        guard roleDependent.contains(rule) else { return nil }
        let request = table(rule, .request)
        return Verdict(.compatible, "no operation sends or receives this type", request.source, request.sourceReason)
    }

    // The table. Facts it relies on (docs/SchemaDiff.md): generated decoders ignore unknown keys and
    // keep unknown enum values and union tags as `.undocumented`; they require every key that is not
    // optional and read null for an optional key as absent; they check no constraints; optional
    // arguments and initializer parameters default to nil; generated enums and the error enum are not
    // frozen-with-default, so a new case breaks an exhaustive `switch`.
    private static func table(_ rule: ChangeRule, _ role: Role) -> Verdict {
        let request = role == .request
        switch rule {
        case .operationAdded:
            return Verdict(.compatible, "old clients do not call it", .compatible, "a new method")
        case .operationRemoved:
            return Verdict(.breaksClients, "deployed clients still call it and the new server does not serve it", .breaking, "the method is gone")
        case .operationRenamed:
            return Verdict(.compatible, "operation names are not sent; the request stays the same", .breaking, "the method has a new name")
        case .methodChanged, .pathChanged:
            return Verdict(
                .breaksBoth, "old clients send the old request line, which the new server does not route; new clients send one old servers do not route",
                .compatible, "the method signature is unchanged")
        case .literalQueryAdded:
            return Verdict(
                .breaksClients, "old clients do not send the new pair, and the new server routes no request without it", .compatible,
                "the method signature is unchanged")
        case .literalQueryRemoved:
            return Verdict(
                .breaksProducers, "new clients do not send the pair, and old servers route no request without it", .compatible,
                "the method signature is unchanged")
        case .successStatusChanged:
            return Verdict(.compatible, "generated clients accept any 2xx status as success", .compatible, "the method signature is unchanged")
        case .responseTypeChanged:
            return Verdict(
                .breaksBoth, "old clients cannot decode the new response body; new clients cannot decode the old one", .breaking,
                "the method returns a different type")
        case .requestBodyAdded:
            return Verdict(.breaksClients, "deployed clients send no body where the new server expects one", .breaking, "the method takes a new argument")
        case .requestBodyRemoved:
            return Verdict(.breaksProducers, "old servers expect a body new clients do not send", .breaking, "the body argument is gone")
        case .requestBodyChanged:
            return Verdict(
                .breaksBoth, "the body old clients send is not what the new server reads, and the other way round", .breaking,
                "the body argument has a different type")
        case .responseHeadersChanged:
            return Verdict(
                .breaksBoth,
                "a `…WithHeaders` call fails when a header it requires is not sent (a new required one by an old server, a removed one by a new server) or no longer parses; the plain method reads no header",
                .breaking, "at worst the headers struct has different properties (the comparer judges header by header)")
        case .outcomesChanged:
            return Verdict(.breaksBoth, "the statuses and bodies the operation answers with changed", .breaking, "the result type or its cases changed")
        case .operationErrorsChanged:
            return Verdict(
                .compatible, "an error the operation no longer lists arrives as .undocumented, still an error; a newly listed one gets its case", .compatible,
                "the error type is shared by all operations")
        case .streamChanged:
            return Verdict(
                .breaksBoth,
                "the events are framed or typed differently (another format or event type), or the answer became a stream or stopped being one: neither side reads the other's body",
                .breaking, "the method returns a different EventStream element, or a stream where it returned a value")
        case .channelAdded:
            return Verdict(.compatible, "old clients do not open it", .compatible, "a new method")
        case .channelRemoved:
            return Verdict(.breaksClients, "deployed clients still open it and the new server does not serve it", .breaking, "the method is gone")
        case .channelPathChanged:
            return Verdict(
                .breaksBoth, "each side opens or serves the connection at another path", .compatible,
                "the method keeps its signature unless a path parameter changed, which field-added/-removed report")
        case .channelMessageChanged:
            return Verdict(
                .breaksBoth, "the messages one way are of another type: neither side reads what the other sends", .breaking,
                "the channel's Channel<Send, Receive, _> type changed")
        case .closeCodeChanged:
            return Verdict(
                .breaksBoth,
                "clients act on the code as their schema means it: they reconnect where the server means stop, or stop where it means reconnect (judged per code: see SchemaComparer.closeCodeImpact)",
                .compatible, "only the channel's behaviour changed; a failure case added or removed is breaking (adjusted per change)")
        case .requestStreamChanged:
            return Verdict(
                .breaksBoth,
                "the request's events are framed or typed differently (another format or event type), or the body became a stream or stopped being one: neither side reads the other's body",
                .breaking, "the method takes an AsyncSequence of other events, or a sequence where it took a value")
        case .idempotencyChanged:
            return Verdict(
                .compatible, "only retries and the idempotency header differ; servers ignore an unexpected header", .compatible,
                "the method signature is unchanged")
        case .eventAdded:
            return Verdict(
                .compatible, "deployed receivers decode the new event as .undocumented, never a failure", .breaking,
                "the event enum gains a case: an exhaustive switch over it misses it")
        case .eventRemoved:
            return Verdict(
                .compatible,
                "the API no longer sends it (tell receivers: code handling it never runs); one still sent decodes as .undocumented in new receivers",
                .breaking, "the event enum loses the case: code matching it no longer compiles")
        case .eventPayloadChanged:
            return Verdict(
                .breaksBoth, "deployed receivers cannot decode the new payload as the old type, and new receivers cannot decode the old one", .breaking,
                "the case carries a different type")
        case .eventRecognitionChanged:
            return Verdict(
                .breaksBoth,
                "each receiver looks for its own field, header or delivery: deployed receivers take the event as now sent for .undocumented (or never get it), new ones the event as old servers send it",
                .compatible, "the case and its payload are unchanged")

        case .fieldAddedRequired:
            return request
                ? Verdict(
                    .breaksClients, "deployed clients do not send it and the new server requires it", .breaking,
                    "the initializer or method gains an argument without a default")
                : Verdict(
                    .breaksProducers, "old servers and payloads do not have it and new clients require it", .breaking,
                    "the initializer gains an argument without a default")
        case .fieldAddedOptional:
            return Verdict(
                .compatible, request ? "the new server accepts its absence" : "old clients ignore unknown keys",
                .compatible, "the new argument defaults to nil")
        case .fieldRemovedRequired:
            return request
                ? Verdict(
                    .breaksProducers, "old servers still require it and new clients no longer send it (the new server ignores it from old clients)", .breaking,
                    "the argument or property is gone")
                : Verdict(.breaksClients, "deployed clients require the key and the new server no longer sends it", .breaking, "the property is gone")
        case .fieldRemovedOptional:
            return Verdict(
                .compatible, request ? "servers ignore keys they do not know and optional ones they miss" : "clients treat a missing optional key as absent",
                .breaking, "the argument or property is gone")
        case .fieldRenamed:
            return Verdict(.compatible, "the wire name is unchanged", .breaking, "the Swift name changed")
        case .fieldRetyped:
            return Verdict(.breaksBoth, "a value of the old type does not decode as the new type and the other way round", .breaking, "the Swift type changed")
        case .fieldMadeOptional:
            return request
                ? Verdict(.breaksProducers, "new clients may omit it and old servers require it", .breaking, "the property becomes Optional")
                : Verdict(.breaksClients, "the new server may omit it and deployed clients require it", .breaking, "the property becomes Optional")
        case .fieldMadeRequired:
            return request
                ? Verdict(.breaksClients, "deployed clients may omit it and the new server requires it", .breaking, "the property is no longer Optional")
                : Verdict(.breaksProducers, "old servers may omit it and new clients require it", .breaking, "the property is no longer Optional")
        case .fieldMadeNullable:
            return request
                ? Verdict(.breaksProducers, "new clients may send null and old servers reject it", .breaking, "the property becomes Optional")
                : Verdict(.breaksClients, "the new server may send null and deployed clients reject it", .breaking, "the property becomes Optional")
        case .fieldMadeNonNullable:
            return request
                ? Verdict(.breaksClients, "deployed clients may send null and the new server rejects it", .breaking, "the property is no longer Optional")
                : Verdict(.breaksProducers, "old servers may send null and new clients reject it", .breaking, "the property is no longer Optional")
        case .elementsMadeNullable:
            return request
                ? Verdict(
                    .breaksProducers, "new clients may send null elements and old servers reject them", .breaking,
                    "the element type becomes Optional ([T] -> [T?])")
                : Verdict(
                    .breaksClients, "the new server may send null elements and deployed clients reject them", .breaking,
                    "the element type becomes Optional ([T] -> [T?])")
        case .elementsMadeNonNullable:
            return request
                ? Verdict(
                    .breaksClients, "deployed clients may send null elements and the new server rejects them", .breaking,
                    "the element type is no longer Optional ([T?] -> [T])")
                : Verdict(
                    .breaksProducers, "old servers may send null elements and new clients reject them", .breaking,
                    "the element type is no longer Optional ([T?] -> [T])")
        case .fieldWireNameChanged:
            return Verdict(.breaksBoth, "the key or parameter is sent and read under a different name", .compatible, "the Swift name is unchanged")
        case .fieldDefaultChanged:
            return Verdict(.compatible, "both sides accept the value either way", .compatible, "the argument keeps a default")
        case .parameterMoved:
            return Verdict(.breaksBoth, "the parameter is sent in a different place (path, query or header)", .compatible, "the arguments keep their order")
        case .queryStyleChanged:
            return Verdict(
                .breaksBoth, "the parameter's members are written in other query items (`min=1` and `range[min]=1`), which the other side does not read",
                .compatible, "the argument keeps its type")
        case .parametersReordered:
            return Verdict(
                .compatible, "parameters are sent by name", .breaking,
                "the method's arguments change order (path, body, query, headers, each in schema order), and labelled arguments must keep it")
        case .constraintTightened:
            return request
                ? Verdict(.breaksClients, "deployed clients may send values the new server rejects", .compatible, "constraints are not part of the Swift types")
                : Verdict(
                    .breaksProducers,
                    "payloads old servers sent may be rejected by schema-check and the sandbox under the new schema (clients do not check constraints)",
                    .compatible, "constraints are not part of the Swift types")
        case .constraintLoosened:
            return request
                ? Verdict(.breaksProducers, "new clients may send values old servers reject", .compatible, "constraints are not part of the Swift types")
                : Verdict(
                    .compatible, "generated clients do not check constraints of what they decode", .compatible, "constraints are not part of the Swift types")
        case .dateFormatChanged:
            return Verdict(.breaksBoth, "dates are written and parsed in a different format", .compatible, "the Swift type is unchanged")

        case .typeAdded:
            return Verdict(.compatible, "nothing old refers to it", .compatible, "a new type")
        case .typeRemoved:
            return Verdict(.compatible, "type names are not sent (the fields that used it are reported)", .breaking, "the type is gone")
        case .typeRenamed:
            return Verdict(.compatible, "type names are not sent", .breaking, "the Swift type has a new name")
        case .typeKindChanged:
            return Verdict(.breaksBoth, "the JSON shape changed (object, enum value, union or alias)", .breaking, "the Swift declaration changed kind")
        case .enumCaseAdded:
            return request
                ? Verdict(
                    .breaksProducers, "new clients may send the value and old servers reject it", .breaking,
                    "an exhaustive switch over the enum misses the new case")
                : Verdict(
                    .compatible, "deployed clients keep the new value as .undocumented", .breaking, "an exhaustive switch over the enum misses the new case")
        case .enumCaseRemoved:
            return request
                ? Verdict(.breaksClients, "deployed clients may send the value and the new server rejects it", .breaking, "the case is gone")
                : Verdict(.compatible, "the new server no longer sends it; new clients keep an old value as .undocumented", .breaking, "the case is gone")
        case .enumCaseRenamed:
            return Verdict(.compatible, "the wire value is unchanged", .breaking, "the Swift case has a new name")
        case .enumCaseValueChanged:
            return Verdict(.breaksBoth, "the case is sent and read as a different value", .compatible, "the Swift case is unchanged")
        case .unionVariantAdded:
            return request
                ? Verdict(
                    .breaksProducers, "new clients may send the variant and old servers reject it", .breaking,
                    "an exhaustive switch over the union misses the new case")
                : Verdict(
                    .compatible, "deployed clients keep an unknown tag as .undocumented", .breaking, "an exhaustive switch over the union misses the new case")
        case .unionVariantRemoved:
            return request
                ? Verdict(.breaksClients, "deployed clients may send the variant and the new server rejects it", .breaking, "the case is gone")
                : Verdict(.compatible, "the new server no longer sends it; new clients keep it as .undocumented", .breaking, "the case is gone")
        case .unionVariantRenamed:
            return Verdict(.compatible, "the tag is unchanged", .breaking, "the Swift case has a new name")
        case .unionVariantChanged:
            return Verdict(.breaksBoth, "the variant's tag or payload type changed", .breaking, "the case's associated value or tag changed")
        case .unionVariantConstantChanged:
            return Verdict(
                .breaksBoth,
                "an untagged union chooses the struct by its constant: a payload holding the new value reaches deployed clients as .undocumented, one holding the old value new clients",
                .compatible, "the Swift case and its payload type are unchanged")
        case .unionDiscriminatorChanged:
            return Verdict(.breaksBoth, "the tag is sent and read under a different key", .compatible, "the Swift enum is unchanged")

        case .additionalFieldsAdded:
            return Verdict(
                .compatible,
                request
                    ? "deployed clients send no members beyond the fields they know, which the new server accepts"
                    : "old clients ignore the extra members; payloads without them decode as before",
                .compatible, "the new property defaults to an empty dictionary in the initializer")
        case .additionalFieldsRemoved:
            return Verdict(
                .compatible, "members beyond the fields are ignored again, as unknown keys are", .breaking, "the additionalFields property is gone")
        case .additionalFieldsRetyped:
            return Verdict(
                .breaksBoth, "an extra member of the old type does not decode as the new type and the other way round", .breaking,
                "the dictionary's value type changed")

        case .errorCaseAdded:
            return Verdict(
                .compatible, "deployed clients report the new code as .undocumented, still an error", .breaking,
                "an exhaustive switch over the error enum misses the new case")
        case .errorCaseRemoved:
            return Verdict(.compatible, "an old server's code reaches new clients as .undocumented, still an error", .breaking, "the error case is gone")
        case .errorCaseRenamed:
            return Verdict(.compatible, "the code and status are unchanged", .breaking, "the error case has a new name")
        case .errorCodeChanged, .errorStatusChanged:
            return Verdict(
                .breaksBoth, "deployed clients no longer recognise the error (it arrives as .undocumented), nor new clients an old server's", .compatible,
                "the error case is unchanged")
        case .errorRetryableChanged:
            return Verdict(.compatible, "only whether clients retry changes", .compatible, "the error case is unchanged")
        case .errorBodyChanged:
            return Verdict(.breaksBoth, "error bodies are decoded as a different type", .breaking, "the error body type changed")

        case .authAdded:
            return Verdict(.breaksClients, "deployed clients do not send the new credential", .compatible, "credentials are configured on the client")
        case .authRemoved:
            return Verdict(
                .breaksProducers, "new clients no longer send a credential old servers require", .compatible, "credentials are configured on the client")
        case .authAlternativeAdded:
            return Verdict(
                .compatible, "every requirement deployed clients send is still accepted, first as before", .compatible,
                "credentials are configured on the client")
        case .authRequirementExtended:
            return Verdict(
                .breaksClients, "a requirement now needs another credential sent together, which deployed clients do not send", .compatible,
                "credentials are configured on the client")
        case .authChanged, .authSchemeChanged:
            return Verdict(.breaksBoth, "the credential is sent differently", .compatible, "credentials are configured on the client")
        case .credentialFlowAdded:
            return Verdict(
                .compatible, "requests are unchanged; the client now keeps the tokens in a TokenStore itself", .compatible,
                "new API: the scheme's token middleware and the call's overload that saves or clears the store")
        case .credentialFlowRemoved:
            return Verdict(
                .compatible, "requests are unchanged; the app handles the tokens itself again", .breaking,
                "the call's overload that saves or clears the store (or the scheme's token middleware) is gone")
        case .credentialFlowChanged:
            return Verdict(
                .breaksBoth, "the client reads or sends the tokens at other fields or through another call than the server uses", .compatible,
                "the generated overloads keep their names")
        case .paginationAdded:
            return Verdict(.compatible, "requests are unchanged", .compatible, "new page and item sequence methods")
        case .paginationRemoved:
            return Verdict(.compatible, "requests are unchanged", .breaking, "the page and item sequence methods are gone")
        case .paginationChanged:
            return Verdict(
                .breaksBoth, "pages are requested or followed through different parameters or fields", .compatible, "the sequence methods keep their signatures"
            )
        case .cacheChanged:
            return Verdict(.compatible, "caching happens in the client only", .compatible, "the method signature is unchanged")
        case .cacheArgumentsChanged:
            return Verdict(.compatible, "cache arguments are never sent", .breaking, "the method's cache arguments changed")
        case .environmentAdded:
            return Verdict(.compatible, "deployed clients do not use it", .compatible, "a new environment")
        case .environmentRemoved:
            return Verdict(.breaksClients, "deployed clients may still be configured for it", .breaking, "the environment is gone")
        case .environmentURLChanged:
            return Verdict(
                .breaksBoth, "deployed clients still call the old address; new clients call one old servers do not serve", .compatible,
                "the environment keeps its name")
        case .environmentVariablesChanged:
            return Verdict(.compatible, "the address deployed clients call is unchanged for the defaults", .breaking, "the environment's arguments changed")
        case .deprecated:
            return Verdict(.compatible, "deprecation changes nothing on the wire", .compatible, "callers get a warning, not an error")
        case .undeprecated:
            return Verdict(.compatible, "deprecation changes nothing on the wire", .compatible, "the warning goes away")
        }
    }
}
