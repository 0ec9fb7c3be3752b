/// The checked model of one API schema. Produced by `SchemaLoader`; shared by the generator,
/// schema-check, the exports and the sandbox so that nothing reads a schema in two ways.
public struct Schema: Sendable {
    public var api: String
    public var version: String
    public var summary: String?
    public var notes: Notes
    public var environments: [Environment]
    public var authSchemes: [AuthScheme]
    /// The requirements an operation uses when it does not say (see `OperationDefinition.authRequirements`).
    public var defaultAuth: [[String]]
    public var errors: ErrorCatalogue?
    public var types: [TypeDefinition] {
        didSet { typePositions = Self.positions(of: types) }
    }
    public var operations: [OperationDefinition]
    /// `channels:`: long-lived WebSocket connections with typed messages both ways (docs/SchemaLanguage.md,
    /// "Channels").
    public var channels: [ChannelDefinition] = []
    /// `events:`: what the API sends outside any call (push notifications, webhooks), in schema order.
    public var events: [EventDefinition] = []
    /// The schema file, for resolving `$file` examples.
    public var file: String
    /// Where each type is in `types`, by name (the first of duplicates, as a search would find): the
    /// renderer and the validator look types up per field, which a linear search made quadratic.
    private var typePositions: [String: Int]

    init(
        api: String, version: String, summary: String?, notes: Notes, environments: [Environment], authSchemes: [AuthScheme],
        defaultAuth: [[String]], errors: ErrorCatalogue?, types: [TypeDefinition], operations: [OperationDefinition], file: String
    ) {
        (self.api, self.version, self.summary, self.notes) = (api, version, summary, notes)
        (self.environments, self.authSchemes, self.defaultAuth, self.errors) = (environments, authSchemes, defaultAuth, errors)
        (self.types, self.operations, self.file) = (types, operations, file)
        typePositions = Self.positions(of: types)
    }

    private static func positions(of types: [TypeDefinition]) -> [String: Int] {
        Dictionary(types.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    public func type(named name: String) -> TypeDefinition? {
        typePositions[name].map { types[$0] }
    }

    /// The union `reference` names directly, if it is one (an SSE stream's events).
    public func union(named reference: TypeReference) -> Union? {
        guard case .named(let name) = reference, let definition = type(named: name), case .union(let union) = definition.kind else { return nil }
        return union
    }

    public func operation(named name: String) -> OperationDefinition? {
        operations.first { $0.name == name }
    }

    public func channel(named name: String) -> ChannelDefinition? {
        channels.first { $0.name == name }
    }

    public func authScheme(named name: String) -> AuthScheme? {
        authSchemes.first { $0.name == name }
    }

    /// The wire names (JSON keys, query items, headers) of every field and parameter marked
    /// `secret: true`, sorted.
    public var secretWireNames: [String] {
        let fields = types.flatMap(\.fields) + operations.flatMap { $0.parameters.map(\.field) }
        return Set(fields.filter(\.isSecret).map(\.wireName)).sorted()
    }

    /// The secret wire names `operation` can send or receive: its secret parameters and the secret
    /// fields of every type its body and response reach. Sorted.
    public func secretWireNames(of operation: OperationDefinition) -> [String] {
        let roots = [operation.body?.type, operation.response].compactMap { $0 } + (operation.outcomes ?? []).compactMap(\.body)
        let parameters = operation.parameters.map(\.field).filter(\.isSecret).map(\.wireName)
        return secretWireNames(reachableFrom: roots).union(parameters).sorted()
    }

    /// The header and query item names `operation`'s auth schemes carry credentials in (`Authorization`, an
    /// API key's header or item, a session header), sorted: records and reports hide them whatever they are
    /// called, as a user name required together with a key does not look like a credential.
    public func credentialWireNames(of operation: OperationDefinition) -> [String] {
        Set(
            operation.auth.compactMap(authScheme(named:)).map { scheme -> String in
                switch scheme.kind {
                case .bearer, .basic: return "Authorization"
                case .apiKey(_, let name), .session(_, let name): return name
                }
            }
        ).sorted()
    }

    /// The wire names of secret fields in the types `roots` reach (through fields, array and map
    /// elements, union variants and aliases).
    public func secretWireNames(reachableFrom roots: [TypeReference]) -> Set<String> {
        Set(typesReachable(from: roots).flatMap { type(named: $0)?.fields.filter(\.isSecret).map(\.wireName) ?? [] })
    }

    /// The names of every type `roots` reach, through struct fields, array and map elements, union
    /// variants and aliases: what a request or response can carry. A name the schema does not define
    /// (an unchecked schema) is included but leads nowhere.
    public func typesReachable(from roots: [TypeReference]) -> Set<String> {
        var visited = Set<String>()
        var pending = roots
        while let reference = pending.popLast() {
            switch reference {
            case .primitive: continue
            case .array(let element): pending.append(element)
            case .map(_, let value): pending.append(value)
            case .named(let name):
                guard visited.insert(name).inserted, let type = type(named: name) else { continue }
                switch type.kind {
                case .structure(let fields): pending += fields.map(\.type)
                case .union(let union): pending += union.variants.map(\.type)
                case .alias(let target, _): pending.append(target)
                case .enumeration: continue
                }
            }
        }
        return visited
    }
}

/// The human-facing annotations every construct can carry.
public struct Notes: Hashable, Sendable {
    public var docs: String?
    /// nil: not deprecated; "" deprecated without a message.
    public var deprecated: String?
    /// Set where the vendor document is silent and the schema chose (a path, a field list).
    public var modelled: String?
    /// `renamedFrom: oldName`: the construct's name in the previous version of the schema, so
    /// `client-generator diff` reports a rename instead of a removal and an addition.
    public var renamedFrom: String? = nil
    /// Where `renamedFrom` is written, for diagnostics.
    public var renamedFromLocation: SourceLocation? = nil

    public init(docs: String? = nil, deprecated: String? = nil, modelled: String? = nil) {
        self.docs = docs
        self.deprecated = deprecated
        self.modelled = modelled
    }

    public var isDeprecated: Bool { deprecated != nil }
}

public struct Environment: Sendable {
    public struct Variable: Sendable {
        public var name: String
        public var defaultValue: String?
        public var notes: Notes
        public var location: SourceLocation
    }

    public var name: String
    /// With `{variable}` placeholders.
    public var url: String
    public var variables: [Variable]
    public var notes: Notes
    public var location: SourceLocation
}

public struct AuthScheme: Sendable {
    public enum Kind: Sendable, Hashable {
        /// `Authorization: Bearer`; `refresh` names the operation that renews the token.
        case bearer(refresh: String?)
        case apiKey(location: ParameterLocation, name: String)
        /// A session id obtained by the `login` operation, sent in header `header`.
        case session(login: String, header: String)
        /// `Authorization: Basic base64(id:secret)`: a client id and secret.
        case basic

        /// Where the credential travels, for a message (`the header 'X-Api-Key'`); header names compared
        /// ignoring case, so two schemes of one requirement that share it are found.
        public var credentialSlot: String {
            switch self {
            case .bearer, .basic: return "the header 'authorization'"
            case .apiKey(.query, let name): return "the query item '\(name)'"
            case .apiKey(_, let name), .session(_, let name): return "the header '\(name.lowercased())'"
            }
        }
    }

    public var name: String
    public var kind: Kind
    public var notes: Notes
    public var location: SourceLocation
    /// Login, refresh and logout wired to the token store (`login:`/`refresh:` written as mappings).
    public var flows = CredentialFlows()
}

public enum ParameterLocation: String, Sendable, Hashable {
    case path, query, header
}

/// A type as written in a field, parameter or body.
public indirect enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    case primitive(Primitive)
    case named(String)
    case array(TypeReference)
    case map(key: MapKey, value: TypeReference)

    public enum MapKey: String, Hashable, Sendable {
        case string, int
    }

    public var description: String {
        switch self {
        case .primitive(let primitive): return primitive.rawValue
        case .named(let name): return name
        case .array(let element): return "[\(element)]"
        case .map(let key, let value): return "[\(key.rawValue): \(value)]"
        }
    }
}

public enum Primitive: String, CaseIterable, Hashable, Sendable {
    case string, bool, int, int32, int64, double, decimal, date
    case dateTime = "date-time"
    case uuid, email, uri, base64, binary, json

    public var isNumeric: Bool { [.int, .int32, .int64, .double, .decimal].contains(self) }
    public var isInteger: Bool { [.int, .int32, .int64].contains(self) }
    /// Represented as a JSON string, so length and pattern constraints apply.
    public var isStringLike: Bool { [.string, .email, .uri, .uuid, .date, .dateTime, .base64, .binary].contains(self) }
}

/// Value constraints; checked by schema-check and the sandbox, documented in generated code.
public struct Constraints: Hashable, Sendable {
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    public var minimum: Double?
    public var maximum: Double?
    public var minItems: Int?
    public var maxItems: Int?
    /// `format:` of a `date-time` field or alias; nil is RFC 3339.
    public var dateFormat: DateFormat?
    /// `exclude:` values of an enum that this field, parameter or alias never takes (see ExcludedValues.swift).
    public var excluded: [ExcludedValue]?
    /// `items:` of a list or `values:` of a map: what each element may be beyond its type (null, its own
    /// constraints); nil when the schema says nothing about them. A nullable named type as the element
    /// type sets `isNullable` too (`NullableTypes.resolve`).
    public var elements: ElementRules?

    public init() {}

    public var isEmpty: Bool { self == Constraints() }
}

/// What a list's elements or a map's values may be beyond their type: `items: {nullable: true, maxLength: 20}`.
/// A class because `Constraints` holds it (a struct cannot hold itself); its values never change.
public final class ElementRules: Hashable, Sendable {
    /// An element may be `null` (Swift `[T?]`, `[String: T?]`).
    public let isNullable: Bool
    /// The constraints every non-null element meets (its own `items:` for a list of lists).
    public let constraints: Constraints
    public let location: SourceLocation
    /// How the schema wrote it: `items` (a list) or `values` (a map).
    public let keyword: String

    public init(isNullable: Bool, constraints: Constraints, location: SourceLocation, keyword: String) {
        self.isNullable = isNullable
        self.constraints = constraints
        self.location = location
        self.keyword = keyword
    }

    /// Whether the element rules say nothing beyond the element's type.
    public var isEmpty: Bool { !isNullable && constraints.isEmpty }

    public static func == (lhs: ElementRules, rhs: ElementRules) -> Bool {
        lhs.isNullable == rhs.isNullable && lhs.constraints == rhs.constraints
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isNullable)
        hasher.combine(constraints)
    }
}

/// A struct field, or an operation parameter (which uses the same syntax).
public struct Field: Sendable {
    public var name: String
    /// The JSON key, query item or header name.
    public var wireName: String
    public var type: TypeReference
    public var typeLocation: SourceLocation
    /// The key may be absent.
    public var isOptional: Bool
    /// The value may be null.
    public var isNullable: Bool
    public var defaultValue: YAMLNode?
    public var constraints: Constraints
    public var example: YAMLNode?
    /// `secret: true`: the value is a credential or personal secret (password, OTP code, token, card
    /// number) that logs, error descriptions, validation reports and sandbox records never show.
    public var isSecret: Bool = false
    /// `style:` of a query parameter holding a map or struct (form or deepObject); nil elsewhere.
    public var queryStyle: QueryStyle? = nil
    /// The struct that declares this field when a struct has it through `includes:` (the nearest
    /// struct in the chain that wrote it under `fields:`); nil for a struct's own fields and parameters.
    public var includedFrom: String? = nil
    public var notes: Notes
    public var location: SourceLocation

    /// Whether a JSON object must contain this key.
    public var isRequiredOnWire: Bool { !isOptional && defaultValue == nil }
    /// Whether the Swift property is an Optional.
    public var isSwiftOptional: Bool { (isOptional || isNullable) && defaultValue == nil }
}

public struct Example: Sendable {
    public var name: String
    public var value: YAMLNode
    public var location: SourceLocation
}

public struct TypeDefinition: Sendable {
    public enum Kind: Sendable {
        case structure([Field])
        case enumeration(Enumeration)
        case union(Union)
        case alias(TypeReference, Constraints)
    }

    public var name: String
    public var kind: Kind
    public var notes: Notes
    public var examples: [Example]
    public var location: SourceLocation
    /// `includes: [Base, …]` of a struct: the structs whose fields it has too. Their fields come first in
    /// `kind`'s field list, in this order, each marked with `Field.includedFrom` (docs/SchemaLanguage.md,
    /// "Composition"); empty for other kinds.
    public var includes: [Inclusion] = []
    /// `additionalFields: T` of a struct: the type of the members its JSON object may have beyond its
    /// fields, which the generated struct keeps in `additionalFields: [String: T]`; nil when the struct
    /// has none (unknown keys are then ignored when decoding, as always).
    public var additionalFields: AdditionalFields? = nil
    /// `nullable: true` of an alias or union: the value may be `null` wherever the type is used, so every
    /// field, list element and map value of this type is nullable (`NullableTypes.resolve`).
    public var isNullable: Bool = false

    public var fields: [Field] {
        if case .structure(let fields) = kind { return fields }
        return []
    }

    /// The fields the struct writes itself, without the ones `includes:` brings.
    public var ownFields: [Field] { fields.filter { $0.includedFrom == nil } }
}

/// One name of a struct's `includes:` list.
public struct Inclusion: Sendable {
    public var name: String
    public var location: SourceLocation
}

/// A struct's `additionalFields: T`.
public struct AdditionalFields: Sendable {
    public var type: TypeReference
    public var location: SourceLocation
}

public struct Enumeration: Sendable {
    public enum RawType: String, Sendable {
        case string, int, int32, int64
    }

    public struct Case: Sendable {
        public var name: String
        /// The wire value, as text (integers in decimal).
        public var value: String
        public var notes: Notes
        public var location: SourceLocation
    }

    public var rawType: RawType
    public var cases: [Case]
}

public struct Union: Sendable {
    /// What the discriminator's values are on the wire.
    public enum TagType: String, Sendable {
        case string, integer
    }

    public struct Variant: Sendable {
        public var name: String
        /// The variant's type: a struct in a tagged union; in an untagged one any type with a JSON
        /// shape (a primitive, list, map, enum, struct or an alias of one; see `VariantShape`).
        public var type: TypeReference
        /// The discriminator value that selects this variant (integers in decimal); unused when the
        /// union is untagged.
        public var tag: String
        /// Constraints the variant's value meets (`{type: string, maxLength: 8}`); they do not choose the
        /// variant (the decoder checks none), schema-check and the sandbox check them.
        public var constraints = Constraints()
        public var notes: Notes
        public var location: SourceLocation
    }

    /// The JSON key holding the variant's tag; nil for an untagged union, whose variant is chosen by
    /// the payload's shape (see `Schema.untaggedCandidates(of:)`).
    public var discriminator: String?
    public var tagType: TagType = .string
    public var variants: [Variant]
}

public struct ErrorCatalogue: Sendable {
    public struct Case: Sendable {
        public var name: String
        /// Matched against the value at `codePath` in the error body.
        public var code: String?
        public var status: Int?
        public var isRetryable: Bool
        public var notes: Notes
        public var location: SourceLocation
        /// Matches a family of codes instead of one `code` (`code: { prefix: A }`, `code: { pattern: … }`).
        public var family: CodeFamily? = nil
        /// `retryable` as written: nil when the schema does not say, so the status decides.
        public var declaredRetryable: Bool? = nil
        /// Client-side conditions (`when: [offline, timeout]`) reported as this case instead of `.transport`.
        public var conditions: [TransportCondition] = []
        /// `statusFirst: true`: a case recognised by its status alone that decides before any code or
        /// code family (BSA's onTokenExpired, a 401 whose body carries an rtCode like any failure).
        public var statusFirst: Bool = false
        /// Where `statusFirst` is written, for diagnostics.
        public var statusFirstLocation: SourceLocation? = nil
        /// `body:`: the type this case's responses carry, when it is not the catalogue's `body` (GitHub's
        /// 422 `ValidationError` beside its `BasicError`); nil: the catalogue's. The generated case holds
        /// `ErrorResponse<ThisType>`.
        public var body: TypeReference? = nil
        /// Where `body` is written, for diagnostics.
        public var bodyLocation: SourceLocation? = nil
    }

    /// The body type `errorCase`'s responses decode as: its own `body`, else the catalogue's.
    public func body(of errorCase: Case) -> TypeReference? {
        errorCase.body ?? body
    }

    /// A set of codes one case stands for; the concrete code stays readable on the error.
    public enum CodeFamily: Sendable, Hashable {
        /// Every code starting with the text.
        case prefix(String)
        /// Every code an ECMA-262 regular expression matches (searched, as JSON Schema's `pattern`).
        case pattern(String)
    }

    /// Failures without an HTTP response that a catalogue case can stand for.
    public enum TransportCondition: String, Sendable, Hashable, CaseIterable {
        /// No connection: offline, host not found, connection refused or lost.
        case offline
        /// The request or the whole call timed out.
        case timeout
        /// Nothing was sent because the operation needs a credential and none is stored (not signed in:
        /// KD Pay's `ErrorMessage.Client.Authorization`, "login required").
        case noCredential
        /// Nothing more is sent because the server rejected the stored credential (401) and it cannot be
        /// renewed: sign in again (KD Pay's `ErrorMessage.Client.NotAuthorized`, "session expired").
        case credentialRejected
    }

    public var body: TypeReference?
    public var bodyLocation: SourceLocation?
    /// Dotted path of the code inside the error body.
    public var codePath: String?
    public var cases: [Case]
    public var notes: Notes
    /// `envelope: true`: a 2xx response whose body carries a value at `codePath` is an error (matched
    /// like any error response), for APIs that report failures inside success answers (BSA's rtCode).
    public var envelope: Bool = false
    /// Where `envelope` is written, for diagnostics.
    public var envelopeLocation: SourceLocation? = nil
}

public struct OperationDefinition: Sendable {
    public struct Body: Sendable {
        public var type: TypeReference
        public var typeLocation: SourceLocation
        public var notes: Notes
        /// How the body is written on the wire (`encoding:`); JSON unless the schema says otherwise.
        public var encoding: BodyEncoding = .json
        /// `contentType:` of a raw body (or a multipart body's file parts).
        public var contentType: String? = nil
        /// `style:` of a form body: `deepObject` nests structs, maps and lists in brackets
        /// (`card[number]=4242`, `items[0][price]=p_1`, docs/SchemaLanguage.md "Nested forms"); nil or
        /// `form` is a flat struct of scalars. Refused on other encodings.
        public var style: QueryStyle? = nil
    }

    public struct OperationExample: Sendable {
        public var name: String
        public var parameters: [String: YAMLNode]
        public var request: YAMLNode?
        public var response: YAMLNode?
        public var status: Int?
        public var location: SourceLocation
    }

    public var name: String
    public var method: String
    /// The path template, without the literal query (`literalQuery`).
    public var path: String
    public var pathLocation: SourceLocation
    public var pathParameters: [Field]
    public var queryParameters: [Field]
    public var headerParameters: [Field]
    public var body: Body?
    public var response: TypeReference?
    public var responseLocation: SourceLocation?
    public var successStatus: Int
    public var errors: [String]
    /// Resolved: the operation's own `auth:` or the schema's default. Alternatives in order of preference,
    /// each the names of the schemes sent together (`[[apiKey, userName], [bearer]]`); empty: no credentials.
    public var authRequirements: [[String]]
    public var isIdempotent: Bool
    public var idempotencyKeyHeader: String?
    public var pagination: Pagination?
    public var cache: CachePolicy?
    public var notes: Notes
    public var examples: [OperationExample]
    public var location: SourceLocation
    /// Set when the response is raw bytes (`response: { type: binary, contentType: ... }`): its
    /// content type. nil for JSON responses.
    public var responseContentType: String? = nil
    /// `responses:`: the operation's outcomes in matching order; nil for the `response:`/`status:`
    /// shorthand (one outcome). `response` and `successStatus` then hold the first success outcome's.
    public var outcomes: [Outcome]? = nil
    /// `responseHeaders:`: headers of the success response (with `outcomes`, of every normal answer:
    /// `carriesResponseHeaders(status:)`) the client gives the caller typed (the
    /// `…WithHeaders` method), by the field syntax (`wire` is the header's name). Empty: none declared.
    public var responseHeaders: [Field] = []
    /// The literal query of `http:`'s path (`/sign?api-version=2020-09-01`): pairs every request carries
    /// before the query parameters, and a request must carry to be this operation. Empty: none.
    public var literalQuery: [LiteralQueryItem] = []
    /// `stream:`: the success answer is a sequence of typed events (Server-Sent Events, JSON Lines or a
    /// JSON Sequence) read as they arrive; nil for an answer read whole.
    public var stream: EventStreamResponse? = nil
    /// `requestStream:`: the request body is a sequence of typed events (JSON Lines, a JSON Sequence or
    /// Server-Sent Events) the client sends as they are produced, in place of `body:`; nil for a body sent
    /// whole. The same shape as `stream:` (docs/SchemaLanguage.md, "Streamed requests").
    public var requestStream: EventStreamResponse? = nil

    /// The primitives a response header can be read as (text, numbers, a flag, a UUID, a URL, a date).
    public static let responseHeaderPrimitives: [Primitive] = [.string, .email, .bool, .int, .int32, .int64, .double, .uuid, .uri, .dateTime]

    /// Every scheme some requirement names, in order of first mention, each once: what a scheme's
    /// middleware, the sandbox's token checks and the "unknown scheme" check look at.
    public var auth: [String] {
        var seen = Set<String>()
        return authRequirements.joined().filter { seen.insert($0).inserted }
    }

    /// Whether some requirement sends two or more schemes together.
    public var hasCombinedAuth: Bool { authRequirements.contains { $0.count > 1 } }

    public var parameters: [(location: ParameterLocation, field: Field)] {
        pathParameters.map { (.path, $0) } + queryParameters.map { (.query, $0) } + headerParameters.map { (.header, $0) }
    }
}

/// One declared answer of an operation with several (`responses:`): a status, optionally narrowed by
/// conditions on the body, that is either a normal result (with or without a body) or an error.
public struct Outcome: Sendable {
    /// A condition on the JSON body: the scalar at `path` (dotted) equals one of `values` (as text).
    public struct Condition: Sendable, Hashable {
        public var path: String
        public var values: [String]
    }

    public enum Kind: Sendable, Hashable {
        /// A normal answer, with its body type or none.
        case result(TypeReference?)
        /// The named catalogue case, thrown with the response (an error envelope in a 2xx, say).
        case error(String)
    }

    public var name: String
    /// The statuses it answers: one, a class (`4XX`) or every other (`default`).
    public var status: StatusPattern
    /// All must hold; empty: the status alone decides.
    public var conditions: [Condition]
    public var kind: Kind
    public var notes: Notes
    public var location: SourceLocation

    public var body: TypeReference? {
        if case .result(let type) = kind { return type }
        return nil
    }

    /// A normal answer rather than an error.
    public var isResult: Bool {
        if case .result = kind { return true }
        return false
    }

    /// The catalogue case an error outcome throws.
    public var errorCase: String? {
        if case .error(let name) = kind { return name }
        return nil
    }
}

/// The statuses one outcome answers (`status:` of an outcome): one status, a class of statuses (`4XX`),
/// or every status no other outcome of its operation declares (`default`). For a response, an exact
/// status beats a class and a class beats `default`, whatever the order the outcomes are written in.
public enum StatusPattern: Sendable, Hashable {
    /// One status, 100–599.
    case exact(Int)
    /// Every status of one class: the hundreds digit (2 for `2XX`); 2, 4 or 5.
    case range(Int)
    /// `default`: any status the operation's other outcomes do not declare.
    case other

    /// The classes a `status:` may name; 1XX and 3XX never reach a client as an answer (URLSession
    /// follows redirects).
    public static let classes = [2, 4, 5]

    /// `200`, `4XX`, `default`: as the schema and OpenAPI write it.
    public var text: String {
        switch self {
        case .exact(let status): return String(status)
        case .range(let digit): return "\(digit)XX"
        case .other: return "default"
        }
    }

    /// Reads `text`'s forms back; nil for anything else.
    public init?(text: String) {
        if text == "default" {
            self = .other
        } else if text.count == 3, text.hasSuffix("XX"), let digit = Int(text.prefix(1)), Self.classes.contains(digit) {
            self = .range(digit)
        } else if text.count == 3, let status = Int(text), (100...599).contains(status) {
            self = .exact(status)
        } else {
            return nil
        }
    }

    public func matches(_ status: Int) -> Bool {
        switch self {
        case .exact(let exact): return status == exact
        case .range(let digit): return status / 100 == digit
        case .other: return true
        }
    }

    /// 0 for one status, 1 for a class, 2 for `default`: the lower is tried first.
    public var precedence: Int {
        switch self {
        case .exact: return 0
        case .range: return 1
        case .other: return 2
        }
    }

    /// Whether every status it matches is a 2xx.
    public var isSuccess: Bool {
        switch self {
        case .exact(let status): return (200...299).contains(status)
        case .range(let digit): return digit == 2
        case .other: return false
        }
    }

    /// The status a server sends for it when nothing else says which: the status itself, the class's
    /// first (`4XX` → 400), 500 for `default`.
    public var representative: Int {
        switch self {
        case .exact(let status): return status
        case .range(let digit): return digit * 100
        case .other: return 500
        }
    }
}

extension Array where Element == Outcome {
    /// The outcomes that may answer `status`, in the order they are tried: those declaring exactly that
    /// status, then its class, then `default`, each group in schema order (the first whose `where` holds wins).
    public func candidates(for status: Int) -> [Outcome] {
        inPrecedenceOrder.filter { $0.status.matches(status) }
    }

    /// Every outcome in the order a response is tried against them: exact statuses, classes, `default`.
    public var inPrecedenceOrder: [Outcome] {
        enumerated().sorted { ($0.element.status.precedence, $0.offset) < ($1.element.status.precedence, $1.offset) }.map(\.element)
    }
}

public struct Pagination: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        case page, token, cursor
    }

    public var style: Style
    /// Dotted path of the item list in the response.
    public var items: String
    /// Request side: the page number, token or cursor parameter (or body field).
    public var requestParameter: String
    public var sizeParameter: String?
    /// First page number (page style).
    public var firstPage: Int
    /// Response side: next token or cursor (token, cursor), `totalPages` or `last` (page).
    public var next: String?
    public var previous: String?
    public var totalPages: String?
    public var last: String?
    public var location: SourceLocation
}

/// `stream:` of an operation: its success answer is a sequence of events of one declared type, decoded as
/// the bytes arrive (docs/SchemaLanguage.md, "Streamed answers"); also `requestStream:`, a request body
/// of events sent as they are produced ("Streamed requests").
public struct EventStreamResponse: Sendable {
    /// How the body is cut into events.
    public enum Format: String, Sendable, CaseIterable {
        /// `text/event-stream`: each event's `event:` name picks a variant of a union of events and its
        /// `data:` is the variant's JSON; `id:` and `retry:` drive reconnection.
        case sse
        /// `application/jsonl`: one JSON text per line.
        case jsonLines
        /// `application/json-seq` (RFC 7464): each JSON text after a record separator.
        case jsonSequence

        /// The media type of the body, as `Accept` and the exports write it.
        public var mediaType: String {
            switch self {
            case .sse: return "text/event-stream"
            case .jsonLines: return "application/jsonl"
            case .jsonSequence: return "application/json-seq"
            }
        }
    }

    /// The SSE event name (`event:`) of a variant of a union of events: its tag, or for an untagged
    /// union its name.
    public static func eventName(of variant: Union.Variant, in union: Union) -> String {
        union.discriminator == nil ? variant.name : variant.tag
    }

    public var format: Format
    /// The events' type: a declared type (for SSE, a union whose variants the event names select, or
    /// any other type every event's data is).
    public var events: TypeReference
    public var eventsLocation: SourceLocation
    public var notes: Notes
    public var location: SourceLocation
}

/// One entry of `channels:`: a long-lived WebSocket connection opened with a GET upgrade of a path template,
/// carrying JSON messages of one declared type each way, whose close codes the schema says the meaning of
/// (docs/SchemaLanguage.md, "Channels").
public struct ChannelDefinition: Sendable {
    /// What a client does when the server closes the connection with a code (RFC 6455 §7.4).
    public enum CloseAction: Sendable, Hashable {
        /// Connect again, with the reconnect policy's backoff (a server restarting).
        case reconnect
        /// Renew the credential first (an expired token), then connect again.
        case reauthenticate
        /// End the received messages normally.
        case finish
        /// End the received messages with the named case of the channel's generated failure type.
        case fail(String)

        /// `reconnect`, `reauthenticate`, `finish` or `fail`: as the schema writes it.
        public var keyword: String {
            switch self {
            case .reconnect: return "reconnect"
            case .reauthenticate: return "reauthenticate"
            case .finish: return "finish"
            case .fail: return "fail"
            }
        }
    }

    /// One row of `close:`: a close code and what it means.
    public struct CloseCode: Sendable {
        /// 1000-4999 (RFC 6455 §7.4: 1000-2999 the protocol's, 3000-3999 registered, 4000-4999 private).
        public var code: Int
        public var action: CloseAction
        public var notes: Notes
        public var location: SourceLocation
    }

    /// The close codes RFC 6455 lets an endpoint send in a close frame.
    public static let closeCodeRange = 1000...4999

    public var name: String
    /// The opening handshake as the GET operation it is on the wire: the path template (`websocket:`), path
    /// and query parameters and auth, so request building, routing and parameter checks read it as they read
    /// any operation. Its name is the channel's.
    public var handshake: OperationDefinition
    /// `send:`: the type of every message the client sends.
    public var send: TypeReference
    public var sendLocation: SourceLocation
    /// `receive:`: the type of every message the server sends; a tagged union for several kinds, so a kind
    /// the schema does not know is its `undocumented` case.
    public var receive: TypeReference
    public var receiveLocation: SourceLocation
    /// `close:`, in schema order.
    public var closeCodes: [CloseCode]
    public var notes: Notes { handshake.notes }
    public var location: SourceLocation { handshake.location }

    /// What a close code the table does not list means (docs/SchemaLanguage.md, "Channels"): 1000 (normal
    /// closure) finishes; 1001 (going away), 1012 (service restart) and 1013 (try again later) reconnect; any
    /// other code fails with the failure type's `undocumented` case.
    public static let unlistedCloseActions: [(code: Int, action: CloseAction)] = [
        (1000, .finish), (1001, .reconnect), (1012, .reconnect), (1013, .reconnect),
    ]

    /// What `code` means: the table's row, else the unlisted default; nil: it fails as undocumented.
    public func action(forCloseCode code: Int) -> CloseAction? {
        closeCodes.first { $0.code == code }?.action ?? Self.unlistedCloseActions.first { $0.code == code }?.action
    }

    /// The names of the failure type's cases (`fail:` entries), each once, in schema order.
    public var failureCases: [String] {
        var seen = Set<String>()
        return closeCodes.compactMap { entry -> String? in
            guard case .fail(let name) = entry.action, seen.insert(name).inserted else { return nil }
            return name
        }
    }
}

public struct CachePolicy: Sendable, Hashable {
    public enum Mode: String, Sendable, CaseIterable {
        case network, localFirst
    }

    public enum RefreshErrors: String, Sendable, CaseIterable {
        case suppress, surface
    }

    public var mode: Mode
    /// Seconds a stored response stays fresh.
    public var maxAge: Int?
    public var refreshErrors: RefreshErrors
    public var notes: Notes
    /// `store: true` (mode network only): answers are stored, though plain calls never read them, so a
    /// cache-only call can (KD Pay's `getAccount(cached:)`: "false: from the server, then cached").
    public var store: Bool = false
    /// `cacheOnlyParameter: cached`: a generated `Bool` argument, never sent, that makes the call read the
    /// cache only (`true`) or the network only (`false`).
    public var cacheOnlyParameter: String? = nil
    /// `maxAgeParameter: cacheInterval`: a generated `TimeInterval?` argument, never sent, that replaces
    /// `maxAge` for the call (KD Pay's `checkLibraryVersion(cacheInterval:)`).
    public var maxAgeParameter: String? = nil
    /// Where each of the two parameter names is written, for diagnostics.
    public var parameterLocations: [String: SourceLocation] = [:]

    /// Whether 2xx answers are kept: always for localFirst, and for network with `store: true`.
    public var storesAnswers: Bool { mode == .localFirst || store }
    /// The generated cache arguments in signature order: (schema name, role).
    public var parameters: [(name: String, role: ParameterRole)] {
        [cacheOnlyParameter.map { ($0, ParameterRole.cacheOnly) }, maxAgeParameter.map { ($0, ParameterRole.maxAge) }].compactMap { $0 }
    }

    /// What a generated cache argument controls.
    public enum ParameterRole: String, Sendable {
        /// `Bool`: true reads the cache only, false the network only.
        case cacheOnly
        /// `TimeInterval?`: the max age for this call; nil keeps the schema's.
        case maxAge
    }
}

extension OperationDefinition {
    /// The body type of this operation's response with `status` (nil: the success status), as clients
    /// decode it: the declared outcome's body (an error outcome's is the error body), the response type
    /// on the success status, the error body on an error status. nil where that response has no body.
    public func responseBody(status: Int?, in schema: Schema) -> TypeReference? {
        let status = status ?? successStatus
        if let outcomes {
            // The outcomes of the most precise pattern that declares the status: a class's body is not
            // an exact status's.
            let candidates = outcomes.candidates(for: status)
            let group = candidates.filter { $0.status == candidates.first?.status }
            if let body = group.compactMap(\.body).first { return body }
            if let error = group.first(where: { !$0.isResult }) { return schema.errorBody(status: status, of: self, errorCase: error.errorCase) }
            return group.isEmpty && status >= 400 ? schema.errorBody(status: status, of: self) : nil
        }
        if (200...299).contains(status) { return response }
        return status >= 400 ? schema.errorBody(status: status, of: self) : nil
    }
}

extension Schema {
    /// The catalogue case an error answer of `status` to `operation` is recognised as by its status alone:
    /// the first such case in schema order among those the operation's `errors:` lets it see. nil when
    /// none (a code may still decide, which a status cannot tell).
    public func errorCase(status: Int, of operation: OperationDefinition?) -> ErrorCatalogue.Case? {
        errors?.cases.first { errorCase in
            errorCase.code == nil && errorCase.family == nil && errorCase.conditions.isEmpty && errorCase.status == status
                && (operation.map { $0.errors.isEmpty || $0.errors.contains(errorCase.name) } ?? true)
        }
    }

    /// The body an error answer of `status` to `operation` carries: the named case's own body (an error
    /// outcome's), else that of the case its status alone is recognised as, else the catalogue's `body`.
    public func errorBody(status: Int, of operation: OperationDefinition?, errorCase name: String? = nil) -> TypeReference? {
        guard let catalogue = errors else { return nil }
        let errorCase = name.flatMap { name in catalogue.cases.first { $0.name == name } } ?? errorCase(status: status, of: operation)
        return errorCase.flatMap { catalogue.body(of: $0) } ?? catalogue.body
    }
}
