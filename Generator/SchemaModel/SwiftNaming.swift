/// How schema names become Swift identifiers. It lives in the model, not the renderer, because the
/// validator must reject two schema names that would become the same Swift name.
public enum SwiftNaming {
    /// Schema names: ASCII letters, digits and `_`, not starting with a digit.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// Words that must be written in backticks to be used as a name.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "some", "any", "throws", "true", "try", "Type",
        "Protocol", "async", "actor", "macro", "package",
        // Contextual keywords that break a type position (`-> each`) or an expression.
        "each", "consume", "copy", "discard", "sending", "isolated", "then",
    ]

    /// Member names Swift cannot use even in backticks (or that would shadow `self`).
    private static let unusableMemberNames: Set<String> = ["self", "Self", "super", "_"]

    /// Standard library, Foundation and runtime names a generated type must not shadow: a schema type
    /// called `Error` or `Data` would break the generated code and the code of every app importing it.
    public static let reservedTypeNames: Set<String> = Set([
        // Swift
        "Any", "AnyObject", "AnyHashable", "Array", "Bool", "Character", "CaseIterable", "Codable", "CodingKey",
        "CodingKeys", "Collection", "Comparable", "CustomStringConvertible", "Decodable", "Decoder", "Dictionary",
        "Double", "Encodable", "Encoder", "Equatable", "Error", "Float", "Hashable", "Hasher", "Identifiable", "Int",
        "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "KeyedDecodingContainer",
        "KeyedEncodingContainer", "Never", "Optional", "Protocol", "RawRepresentable", "Result", "Self", "Sendable",
        "Sequence", "Set", "String", "Substring", "Task", "Type", "Void", "DecodingError", "EncodingError",
        "SingleValueDecodingContainer", "SingleValueEncodingContainer", "LosslessStringConvertible",
        "CustomDebugStringConvertible", "CustomReflectable", "Mirror",
        // Foundation
        "Data", "Date", "Decimal", "URL", "UUID", "JSONDecoder", "JSONEncoder", "Locale", "TimeZone", "Calendar",
        "NSObject", "Bundle", "Notification", "URLRequest", "URLSession", "NSNumber", "TimeInterval",
        // Types generated for every API besides the schema's own, and a union's nested `DiscriminatorKey`
        // (a variant's payload of that name would be the private key inside the union)
        "Environment", "Operations", "AuthSchemes", "DiscriminatorKey",
        // Modules generated code qualifies names with
        "Swift", "Foundation", "ClientRuntime",
    ]).union(runtimeTypeNames).union(generatedLocalTypeNames).union(protocolMembers.values.joined())

    /// Every public top-level name of ClientRuntime, which generated code imports and names unqualified:
    /// a schema type of the same name would shadow the runtime's in the generated module
    /// (`extension ResponseRetryRule` would extend the schema's type). All of them, not only those the
    /// renderer names today, so that a schema's Swift names do not change when the renderer starts using
    /// one more. `LintCleanSchemasCompileTests` derives the list from ClientRuntime's symbol graph and fails when it
    /// differs, so a new public runtime type cannot be missed.
    public static let runtimeTypeNames: Set<String> = [
        "APIFailure", "AuthScheme", "BaseURLError", "BasicCredentials", "BearerTokenMiddleware", "BinaryResponse",
        "CachePolicy", "CacheRefreshError", "CachingMiddleware", "CalendarDate", "CanonicalUUIDDecodable",
        "CanonicalUUIDText", "ClientConfiguration", "ClientCore", "ClientLogEvent", "ClientLogger", "ClientMiddleware",
        "CredentialFlow", "CredentialFlowError", "CredentialIdentifying", "CredentialIdentity", "CredentialProvider",
        "DateWireFormat", "ErrorCodePattern", "ErrorResponse", "ErrorSummary", "EventDecoding", "EventPayloadError", "EventStream",
        "EventStreamError", "EventStreamFormat", "FieldKey", "FormURLEncoding", "ServerSentEvent", "StreamedBody", "StreamWatermarks",
        "HTTPHeaders", "HTTPMethod", "HTTPRequest", "HTTPResponse", "HTTPTransport", "InMemoryTokenStore", "Indirect",
        "ItemSequence", "JSONCoding", "JSONValue", "JSONValueKind", "LoggingMiddleware", "MultipartFormData", "NoContent",
        "OperationInfo", "OutcomeMatching", "PageCursor", "PageSequence", "PaginationStyle", "Paginator",
        "ParameterEncodable", "QueryObjectStyle", "RFC3339", "RawResponseBody", "Redaction", "RequestBodyEncoding",
        "ReceivedEvent", "RequestBodyStream", "RequestBodyStreamError", "RequestBuildError", "RequestBuilder", "RequestOptions",
        "ResponseCache", "ResponseCacheMiss",
        "ResponseHeaderError", "ResponseHeaderField", "ResponseHeaderValue", "ResponseRetryRule", "RetryAfter", "RetryMiddleware",
        "RetryPolicy", "StaticCredentials", "TokenRefreshError", "TypedResponse",
        "TokenRefresher", "TokenSet", "TokenStore", "TransportCondition", "TransportError", "URLSessionTransport",
        "URLTemplate", "UndeclaredOutcome",
        "Channel", "ChannelCloseAction", "ChannelClosure", "ChannelConnection", "ChannelFrame", "ChannelMessages",
        "ChannelError", "ChannelReconnectPolicy", "ChannelStatus", "ChannelTransport", "URLSessionChannelTransport", "UndocumentedMessage",
    ]

    /// The protocols each kind of generated type declares conformance to; the renderer spells its
    /// conformance lists from these, so the member names below follow what it declares.
    public enum Conformances {
        public static let structure = ["Codable", "Hashable", "Sendable"]
        /// Added to structs with secret fields (their redacting mirror); its members are reserved in every
        /// struct, so marking a field secret does not rename another.
        public static let redactingMirror = "CustomReflectable"
        public static let enumeration = ["RawRepresentable", "Codable", "Hashable", "Sendable"]
        /// Declared in an extension of every generated enum (enums are query and header parameters).
        public static let parameter = "ParameterEncodable"
        public static let union = ["Codable", "Hashable", "Sendable"]
        /// `<API>Event`.
        public static let event = ["Hashable", "Sendable"]
        public static let error = ["APIFailure", "CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable"]
        /// `<API>ErrorCode`, after its raw type `String` (which makes it `RawRepresentable`).
        public static let errorCode = ["Sendable", "Hashable", "CaseIterable"]
    }

    /// The members without argument labels (properties, static properties, associated types) that the
    /// protocols of `Conformances` declare, with those of the protocols they refine: a field, case or
    /// variant of the same name would redeclare one (`customMirror`), satisfy it by accident (a field
    /// `hashValue: Int` is a deprecated `Hashable` implementation) or break a synthesized conformance (a
    /// case `RawValue`); inside a generated enum a schema type named `RawValue` would be read as the
    /// enum's own raw type, so they are reserved type names too. Members with labels (`hash(into:)`,
    /// `init(from:)`) cannot clash with a name. `LintCleanSchemasCompileTests` derives each entry from
    /// the standard library's and ClientRuntime's symbol graphs and fails when one differs.
    public static let protocolMembers: [String: Set<String>] = [
        "Codable": [], "Sendable": [],
        "Hashable": ["hashValue"],
        "RawRepresentable": ["rawValue", "RawValue"],
        "CaseIterable": ["allCases", "AllCases"],
        "CustomReflectable": ["customMirror"],
        "CustomStringConvertible": ["description"],
        "CustomDebugStringConvertible": ["debugDescription"],
        "ParameterEncodable": ["parameterValue"],
        "APIFailure": [],
    ]

    /// The members `protocols` declare (see `protocolMembers`).
    public static func members(of protocols: [String]) -> Set<String> {
        protocols.reduce(into: Set<String>()) { names, name in
            guard let members = protocolMembers[name] else { preconditionFailure("no members listed for \(name)") }
            names.formUnion(members)
        }
    }

    /// Names generated client methods use for types (`Failure`, the client's error; `Output` and
    /// `IdempotencyKey`, which earlier versions declared as local typealiases): no schema type or parameter
    /// may take these names, so a schema keeps its Swift names across versions.
    public static let generatedLocalTypeNames: Set<String> = ["Output", "Failure", "IdempotencyKey", "RequestEvents"]

    /// Names generated code already uses for its own members; a schema name equal to one gets a
    /// trailing underscore (`undocumented` -> `undocumented_`).
    public enum Reserved {
        /// Where a value may be Optional, Swift reads `.none` as `nil` ("assuming you mean
        /// 'Optional<Status>.none'"): `status: .none` for a `Status?` parameter would send nothing. So no
        /// case of a generated enum, union or error is called `none`.
        public static let optionalCaseNames: Set<String> = ["none"]
        public static let enumCases: Set<String> = Set(["undocumented", "rawValue", "knownCases", "hashValue", "init"]).union(optionalCaseNames)
            .union(members(of: Conformances.enumeration + [Conformances.parameter]))
        public static let unionVariants: Set<String> = Set(["undocumented", "DiscriminatorKey"]).union(optionalCaseNames)
            .union(members(of: Conformances.union))
        /// The cases of `<API>Event`: its `undocumented` case and the members of its protocols.
        public static let events: Set<String> = Set(["undocumented"]).union(optionalCaseNames).union(members(of: Conformances.event))
        /// Struct fields: `CodingKeys`, the enum structs had before `FieldKey` (still reserved so that no
        /// field's Swift name changes), and the members of the structs' protocols.
        public static let fields: Set<String> = Set(["CodingKeys"]).union(members(of: Conformances.structure + [Conformances.redactingMirror]))
        public static let errorCases: Set<String> = Set([
            "undocumented", "transport", "invalidRequest", "invalidResponse", "status",
            "isRetryable", "code", "response", "description", "init", "name", "ClientRuntime",
            "debugDescription", "customMirror",
            // `<API>ErrorCode`'s members and the concrete code.
            "rawCode", "rawValue", "hashValue", "allCases", "declaredRetryability", "documentedCodes",
        ]).union(optionalCaseNames).union(members(of: Conformances.error + Conformances.errorCode + ["RawRepresentable"]))
        /// Client members, the modules generated client code qualifies runtime names with, and names
        /// Swift reads as metatypes after a dot (`Operations.Type`).
        public static let operations: Set<String> = [
            "init", "core", "configuration", "Failure", "Swift", "Foundation", "ClientRuntime", "Type", "Protocol",
        ]
        /// Members of the client's `Operations`: its list `all`, and names Swift reads as metatypes
        /// (see also `operationInfoName`).
        public static let operationInfos: Set<String> = ["all", "Type", "Protocol"]
        /// Members of a channel's failure enum: its catch-all for codes the table does not list, and what
        /// Swift reads as metatypes after a dot.
        public static let channelFailureCases: Set<String> = ["undocumented", "description", "Type", "Protocol", "init"]
        /// Members of the client's `AuthSchemes`: names Swift reads as metatypes after a dot.
        public static let authSchemes: Set<String> = ["Type", "Protocol"]
        /// Environments: the module the generated `Environment` qualifies `URLTemplate` with.
        public static let environments: Set<String> = ["ClientRuntime"]
        /// The locals of a generated client method, the client's `Failure` it names, and the modules it
        /// qualifies names with.
        public static let parameters: Set<String> = Set(["builder", "options", "Swift", "Foundation", "ClientRuntime"]).union(generatedLocalTypeNames)
    }

    /// The top-level types generated for API `api` besides the schema's own: its client, its error, the
    /// error's code and its events.
    public static func generatedTypeNames(api: String) -> [String] {
        ["\(api)Client", "\(api)Error", "\(api)ErrorCode", eventTypeName(api: api)]
    }

    /// The enum that recognises the events an API sends outside calls (`events:`). Reserved whether or
    /// not the schema declares events, so adding the first event renames no type of the schema.
    public static func eventTypeName(api: String) -> String { "\(api)Event" }

    /// The Swift name of a schema type: itself, or `<Name>Model` where it would shadow a reserved name or
    /// take the name of a type generated for the API (Finaptic's document calls its error body
    /// `FinapticError`, the name of the generated error: the body becomes `FinapticErrorModel`). One rule
    /// for every taken name, so a schema can keep the names its document gives.
    public static func typeName(_ name: String, api: String) -> String {
        let taken =
            reservedTypeNames.contains(name) || generatedTypeNames(api: api).contains(name)
            || keywords.contains(name) || unusableMemberNames.contains(name)
        return taken ? name + "Model" : name
    }

    /// A parameter's label where a call passes it: the bare name, since Swift warns about needless
    /// backticks there ("keyword does not need to be escaped in argument list"); only `inout` needs them.
    public static func argumentLabel(_ memberName: String) -> String {
        let name = bare(memberName)
        return name == "inout" ? "`inout`" : name
    }

    /// The Swift name of a field, parameter, case or method, in backticks where it is a keyword.
    /// `reserved` holds names the generated type already uses (like an enum's `undocumented`); those get a
    /// trailing underscore.
    public static func memberName(_ name: String, reserved: Set<String> = []) -> String {
        if unusableMemberNames.contains(name) || reserved.contains(name) { return name + "_" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// The name of an operation's method on the client. `Operations` refers to the client by name
    /// (`<API>Client.AuthSchemes`), so no method may take that name.
    public static func operationName(_ name: String, api: String) -> String {
        memberName(name, reserved: Reserved.operations.union(["\(api)Client"]))
    }

    /// The name of an operation's `OperationInfo` in the client's `Operations` (see `operationName`).
    /// The enum of an operation's outcomes (`responses:`), nested in the client: `CheckDeviceOutcome`.
    /// The struct of an operation's declared response headers, nested in the client: `CreateItemHeaders`.
    public static func responseHeadersTypeName(_ operation: String, api: String) -> String {
        let base = bare(operationName(operation, api: api))
        return base.prefix(1).uppercased() + base.dropFirst() + "Headers"
    }

    /// The method that returns the body with the declared response headers: `createItemWithHeaders`.
    public static func withHeadersMethodName(_ operation: String, api: String) -> String {
        bare(operationName(operation, api: api)) + "WithHeaders"
    }

    public static func outcomeTypeName(_ operation: String, api: String) -> String {
        let base = bare(operationName(operation, api: api))
        return base.prefix(1).uppercased() + base.dropFirst() + "Outcome"
    }

    /// The enum a channel's failing close codes throw, nested in the client: `ChatClosed`.
    public static func channelFailureTypeName(_ channel: String, api: String) -> String {
        let base = bare(operationName(channel, api: api))
        return base.prefix(1).uppercased() + base.dropFirst() + "Closed"
    }

    public static func operationInfoName(_ name: String, api: String) -> String {
        memberName(name, reserved: Reserved.operationInfos.union(["\(api)Client"]))
    }

    /// The Swift name of a struct field.
    /// The property of a generated struct with `additionalFields: T` holding the extra members
    /// (`[String: T]`); lint rejects a field of that struct whose Swift name is this one.
    public static let additionalFieldsProperty = "additionalFields"

    public static func fieldName(_ name: String) -> String {
        memberName(name, reserved: Reserved.fields)
    }

    /// The identifier without backticks, for comparing names.
    public static func bare(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "`", with: "")
    }

    /// A lowerCamelCase case name from an enum raw value: "KYC In Progress" -> kycInProgress,
    /// "not_exists" -> notExists, "enrolment-succeeded.v1" -> enrolmentSucceededV1, "2006" -> _2006.
    /// nil where the value has no ASCII letters or digits to build a name from.
    public static func derivedCaseName(fromRawValue value: String) -> String? {
        var words: [String] = []
        var current = ""
        for scalar in value.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else if scalar.isASCII {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                return nil
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return nil }
        var name = ""
        for (index, word) in words.enumerated() {
            let normalized = word == word.uppercased() ? word.lowercased() : word
            if index == 0 {
                name += normalized.prefix(1).lowercased() + normalized.dropFirst()
            } else {
                name += normalized.prefix(1).uppercased() + normalized.dropFirst()
            }
        }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        return name
    }
}
