import SchemaModel

/// A JSON Schema of the schema language itself (`client-generator meta-schema`), for editors: with
/// `# yaml-language-server: $schema=…` on a schema's first line, YAML editors complete keys, show each
/// key's documentation on hover and mark unknown keys and wrong kinds of value as you type.
///
/// Draft-07, the newest dialect yaml-language-server (VS Code's YAML extension, Neovim, Helix…) fully
/// supports. It checks the shape the parser checks (`SchemaParser`: keys, kinds of value, words from
/// fixed lists, required keys); meaning (references, names, paths) stays with `client-generator lint`.
/// Every closed section lists exactly the keys of one of the parser's key tables: MetaSchemaTests
/// compares them (`ParserKeyTables`), so a key added to the parser fails the test until it is here.
public enum SchemaLanguageMetaSchema {
    /// The dialect: yaml-language-server does not support 2019-09 or 2020-12 keywords.
    public static let dialect = "http://json-schema.org/draft-07/schema#"

    /// The meta-schema, deterministic (the committed copy is compared byte for byte).
    public static func document() -> OrderedJSON {
        var root = ObjectBuilder()
        root.set("$schema", dialect)
        root.set("title", "SchemaClients schema")
        let top = closedObject(
            "One API: its environments, authentication, error catalogue, types and operations (docs/SchemaLanguage.md).",
            [
                ("api", describe(name, "Required. The API's name: the client is <api>Client, the error <api>Error.")),
                ("version", describe(text, "Required. The API/document version (text; `1.1` is read as text too).")),
                ("summary", describe(text, "One line that says what the API is.")),
                ("docs", docsKey),
                ("modelled", modelledKey),
                ("environments", describe(mapping(minimum: 1, of: ref("Environment")), "Required, at least one. The base URLs, by environment name.")),
                ("auth", describe(mapping(of: ref("AuthScheme")), "Authentication schemes, by name.")),
                (
                    "defaultAuth",
                    describe(
                        authRequirements,
                        "The scheme(s) an operation uses when it says nothing: a name, a list of alternatives in order of preference (each a name or a list of names sent together), or `none` (the default)."
                    )
                ),
                ("errors", describe(ref("ErrorCatalogue"), "The error catalogue: the error body, where its code is, and every documented error.")),
                (
                    "types",
                    describe(mapping(of: ref("TypeDefinition")), "Named types: structs (`fields`), enums (`enum`), unions (`union`) and aliases (`type`).")
                ),
                ("operations", describe(mapping(of: ref("Operation")), "The API's calls, by Swift method name.")),
                (
                    "channels",
                    describe(
                        mapping(of: ref("Channel")),
                        "Long-lived WebSocket connections with typed messages each way, by Swift method name (docs/SchemaLanguage.md, Channels).")
                ),
                (
                    "events",
                    describe(
                        mapping(of: ref("Event")),
                        "What the API sends outside any call (push notifications, webhooks), by case name of the generated <api>Event."
                    )
                ),
            ],
            required: ["api", "version", "environments"]
        )
        if case .object(let members) = top {
            for (key, value) in members { root.set(key, value) }
        }
        root.set("definitions", .object(definitions))
        return root.value
    }

    // MARK: Sections

    private static var definitions: [(String, OrderedJSON)] {
        [
            (
                "Environment",
                closedObject(
                    "An environment: a base URL whose `{variable}` placeholders are declared under `variables`.",
                    [
                        (
                            "url",
                            describe(
                                text,
                                "Required. The absolute base URL; hosts the vendor does not publish are `{variable}` placeholders, and `\"{serverUrl}\"` alone is a URL given whole at run time."
                            )
                        ),
                        (
                            "variables",
                            describe(
                                mapping(of: ref("EnvironmentVariable")), "The `{variable}`s of `url`; one without a `default` must be supplied by the user.")
                        ),
                    ] + noteProperties,
                    required: ["url"]
                )
            ),
            (
                "EnvironmentVariable",
                closedObject(
                    "A placeholder of an environment's URL.",
                    [("default", describe(text, "The value used when the user gives none."))] + noteProperties
                )
            ),
            (
                "AuthScheme",
                closedObject(
                    "An authentication scheme.",
                    [
                        (
                            "kind",
                            describe(
                                words(["bearer", "apiKey", "session", "basic"]),
                                "Required. bearer (Authorization: Bearer <token>), apiKey (a header or query item), session (a session id a login operation obtains) or basic (Authorization: Basic base64(id:secret))."
                            )
                        ),
                        (
                            "refresh",
                            describe(
                                anyOf([name, ref("CredentialExchange")]),
                                "bearer: the operation that renews the token; as a mapping it is wired to the token store.")
                        ),
                        ("in", describe(words(["header", "query"]), "apiKey: where the key goes, header (the default) or query.")),
                        ("name", describe(text, "apiKey: the header or query item carrying the key; session: the header carrying the session id.")),
                        (
                            "login",
                            describe(
                                anyOf([name, ref("CredentialExchange")]),
                                "session: the operation that establishes the session; as a mapping it is wired to the token store.")
                        ),
                        ("logout", describe(text, "The operation that ends the session or revokes the token; the client clears its stored credential.")),
                    ] + noteProperties,
                    required: ["kind"]
                )
            ),
            (
                "CredentialExchange",
                closedObject(
                    "A login or refresh wired to the token store: the operation, what its request sends and where its response holds the credentials.",
                    [
                        ("operation", describe(name, "Required. The operation to call.")),
                        (
                            "request",
                            describe(
                                mapping(of: words(["token", "refreshToken"])),
                                "The operation's inputs filled from the store: input name -> token or refreshToken.")
                        ),
                        (
                            "response",
                            describe(
                                closedObject(
                                    "Where the response holds each credential: role -> dotted path in the response.",
                                    CredentialExchange.Role.allCases.map {
                                        ($0.rawValue, describe(text, "The dotted path of the \($0.rawValue) in the response."))
                                    }
                                ), "Where the response holds each credential: role -> dotted path in the response.")
                        ),
                    ],
                    required: ["operation"]
                )
            ),
            (
                "ErrorCatalogue",
                closedObject(
                    "Every error the API documents. The error body is one type; `code` is the dotted path of the value that tells the errors apart.",
                    [
                        ("body", describe(ref("TypeExpression"), "The type of every error response's body.")),
                        ("code", describe(text, "The dotted path, inside the body, of the error code.")),
                        ("cases", describe(mapping(of: ref("ErrorCase")), "The documented errors, by Swift case name.")),
                        ("envelope", describe(boolean, "Errors arrive inside success answers too (a status before codes, docs/SchemaLanguage.md).")),
                    ] + noteProperties
                )
            ),
            (
                "ErrorCase",
                withAnyRequired(
                    closedObject(
                        "A documented error, recognised by its code, code family, status or client-side condition. Needs a `code`, a `status` or a `when`.",
                        [
                            (
                                "code",
                                describe(
                                    anyOf([text, ref("CodeFamily")]),
                                    "The code in the body (string or integer), or a family: `{ prefix: A }` or `{ pattern: \"^A[0-9]{5}$\" }`.")
                            ),
                            ("status", describe(integer(100...599), "The HTTP status, 100–599.")),
                            ("retryable", describe(boolean, "Whether the client retries it (default: not retryable, the status decides).")),
                            (
                                "when",
                                describe(
                                    anyOf([conditionWords, list(of: conditionWords)]), "Client-side conditions this case stands for: offline, timeout or both.")
                            ),
                            ("statusFirst", describe(boolean, "Recognise this case by its status before any code.")),
                            (
                                "body",
                                describe(
                                    ref("TypeExpression"),
                                    "The type of this case's answers when it is not the catalogue's `body` (another operation's error answer for a status).")
                            ),
                        ] + noteProperties
                    ), ["code", "status", "when"])
            ),
            (
                "CodeFamily",
                describe(
                    .object([
                        ("type", .string("object")),
                        (
                            "properties",
                            .object([
                                ("prefix", describe(nonEmptyText, "The prefix every code of the family starts with.")),
                                ("pattern", describe(text, "A regular expression every code of the family matches.")),
                            ])
                        ),
                        ("additionalProperties", .bool(false)),
                        ("minProperties", .integer(1)),
                        ("maxProperties", .integer(1)),
                    ]), "A family of codes: `prefix` or `pattern`, one of them.")
            ),
            (
                "TypeDefinition",
                describe(
                    anyOf([ref("Struct"), ref("Enum"), ref("Union"), ref("Alias")]),
                    "A named type: a struct (`fields`), an enum (`enum`), a union (`union`) or an alias (`type`).")
            ),
            (
                "Struct",
                withAnyRequired(
                    closedObject(
                        "A struct: its fields by Swift name, the structs whose fields it includes, the type of its other members.",
                        [
                            (
                                "fields",
                                describe(
                                    mapping(of: ref("Field")), "The fields: a type expression (required, not nullable), or a mapping with `type` and more.")
                            ),
                            (
                                "includes",
                                describe(
                                    names,
                                    "Structs whose fields this struct has too, before its own (OpenAPI's allOf): a name or a list of names.")
                            ),
                            (
                                "additionalFields",
                                describe(
                                    ref("TypeExpression"),
                                    "The type of every member of the object that is not a field (additionalProperties), kept in `additionalFields: [String: T]`."
                                )
                            ),
                        ] + typeCommon
                    ), ["fields", "includes", "additionalFields"])
            ),
            (
                "Enum",
                closedObject(
                    "An enum: raw values, or Swift names to raw values. Unknown values are kept as `undocumented`.",
                    [
                        (
                            "enum",
                            describe(
                                anyOf([list(of: scalar), mapping(of: anyOf([scalar, ref("EnumCase")]))]),
                                "The cases: a list of raw values (Swift names derived), or name -> raw value / `{ value, docs, deprecated }`.")
                        ),
                        ("type", describe(words(["string", "int", "int32", "int64"]), "The raw type: string (the default), int, int32 or int64.")),
                    ] + typeCommon,
                    required: ["enum"]
                )
            ),
            (
                "EnumCase",
                closedObject(
                    "An enum case written as a mapping.",
                    [("value", describe(scalar, "The raw value (default: the case name, for string enums)."))] + noteProperties
                )
            ),
            (
                "Union",
                closedObject(
                    "A sealed type: tagged by a discriminator field (variants are struct types), or untagged (variants of any type, chosen by the payload's JSON kind and keys).",
                    [
                        ("union", describe(ref("UnionBody"), "The discriminator and the variants.")),
                        ("nullable", describe(boolean, "The value may be null wherever the union is used (a null variant): every use is an Optional.")),
                    ] + typeCommon,
                    required: ["union"]
                )
            ),
            (
                "UnionBody",
                closedObject(
                    "The discriminator and the variants of a union.",
                    [
                        ("discriminator", describe(text, "The JSON key holding the variant's tag; without it the union is untagged.")),
                        (
                            "variants",
                            describe(
                                mapping(of: anyOf([ref("TypeExpression"), ref("UnionVariant")])),
                                "The variants: name -> type (a struct when tagged; the tag is the name), or `{ type, value, docs }`.")
                        ),
                    ]
                )
            ),
            (
                "UnionVariant",
                closedObject(
                    "A variant of a union written as a mapping.",
                    [
                        (
                            "type",
                            describe(
                                ref("TypeExpression"),
                                "Required. The variant's type: a struct in a tagged union, any type with a JSON shape in an untagged one.")
                        ),
                        ("value", describe(scalar, "The tag value (default: the variant name); a YAML integer makes every tag a JSON number.")),
                    ] + constraintProperties + noteProperties,
                    required: ["type"]
                )
            ),
            (
                "ElementRules",
                closedObject(
                    "`items:` of a list or `values:` of a map: whether an element may be null, and the constraints each element meets.",
                    [("nullable", describe(boolean, "An element may be null (Swift `[T?]`, `[String: T?]`)."))] + constraintProperties
                )
            ),
            (
                "Alias",
                closedObject(
                    "An alias: another name for a type expression, with constraints.",
                    [
                        ("type", describe(ref("TypeExpression"), "Required. The aliased type expression.")),
                        ("nullable", describe(boolean, "The value may be null wherever the alias is used: every use is an Optional.")),
                    ] + constraintProperties + typeCommon,
                    required: ["type"]
                )
            ),
            (
                "Field",
                describe(
                    anyOf([ref("TypeExpression"), ref("FieldMapping")]),
                    "A field or parameter: a type expression (the shorthand), or a mapping with `type` and more.")
            ),
            (
                "FieldMapping",
                closedObject(
                    "A field or parameter with more than its type.",
                    [
                        ("type", describe(ref("TypeExpression"), "Required. The type expression.")),
                        ("wire", describe(text, "The JSON key (or query/header name) when it differs from the Swift name.")),
                        ("optional", describe(boolean, "The key may be absent.")),
                        ("nullable", describe(boolean, "The value may be null.")),
                        ("default", describe(anything, "The value used when the key is absent; the Swift property is then not optional.")),
                        ("example", describe(anything, "An example value, checked against the type.")),
                        ("secret", describe(boolean, "A credential or personal secret: never shown in logs, descriptions or reports.")),
                        (
                            "style",
                            describe(
                                words(QueryStyle.allCases.map(\.rawValue)),
                                "Query parameters whose value is an object: form (members as items) or deepObject (name[key], nested to any depth)."
                            )
                        ),
                    ] + constraintProperties + noteProperties,
                    required: ["type"]
                )
            ),
            (
                "TypeExpression",
                describe(
                    anyOf([
                        describe(
                            .object([("type", .string("string")), ("examples", .array(Primitive.allCases.map { .string($0.rawValue) }))]),
                            "A primitive, a type name, `[T]` or `[string: T]` / `[int: T]` (quote expressions that start with `[`)."),
                        describe(
                            .object([("type", .string("array")), ("minItems", .integer(1)), ("maxItems", .integer(1)), ("items", ref("TypeExpression"))]),
                            "A one-element YAML list: a list of that type."),
                    ]), "A type expression: a primitive, a type name, `[T]`, `[string: T]` or `[int: T]`.")
            ),
            (
                "Operation",
                closedObject(
                    "An API call: the generated method has the operation's name.",
                    [
                        (
                            "http",
                            describe(
                                .object([
                                    ("type", .string("string")), ("pattern", .string(#"^ *(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) +(/[^ ]*|\{[^ {}]+\}) *$"#)),
                                ]),
                                "Required. The method and the path template, like `GET /transactions/{id}` (or `{parameter}` for a URL given at call time); the path may end with a literal query every request carries, `POST /sign?api-version=2020-09-01`."
                            )
                        ),
                        ("path", describe(mapping(of: ref("Field")), "Path parameters (always required, never secret), in the field syntax.")),
                        ("query", describe(mapping(of: ref("Field")), "Query parameters, in the field syntax; `wire` is the query name.")),
                        ("headers", describe(mapping(of: ref("Field")), "Header parameters, in the field syntax; `wire` is the header name.")),
                        (
                            "body",
                            describe(
                                anyOf([ref("TypeExpression"), ref("Body")]), "The request body: a type expression, or `{ type, encoding, contentType, docs }`.")
                        ),
                        (
                            "response",
                            describe(
                                anyOf([ref("TypeExpression"), ref("Response")]),
                                "The success response's type; omitted means no body. `{ type: binary, contentType: … }` for raw bytes.")
                        ),
                        ("status", describe(integer(200...299), "The success status: default 200, or 204 without a response.")),
                        ("errors", describe(names, "The catalogue cases this operation may return.")),
                        (
                            "auth",
                            describe(
                                authRequirements,
                                "The scheme(s) this operation uses: a name, a list of alternatives in order of preference (each a name, or a list of names whose credentials are sent together: `[[apiKey, userName], bearer]`), or `none`; overrides defaultAuth."
                            )
                        ),
                        ("idempotent", describe(boolean, "Whether the call may be retried (default: true for GET PUT DELETE HEAD OPTIONS).")),
                        ("idempotencyKey", describe(text, "A header the client fills with one key per call, so a retried POST is safe.")),
                        ("paginate", describe(ref("Pagination"), "Page, token or cursor pagination: generates `<operation>Pages` and `<operation>Items`.")),
                        ("cache", describe(ref("Cache"), "The caching hint that CachingMiddleware follows.")),
                        ("examples", describe(mapping(of: ref("OperationExample")), "Examples of calls, served by the sandbox and checked by lint.")),
                        (
                            "responses",
                            describe(mapping(minimum: 1, of: ref("Outcome")), "Several outcomes, in matching order (instead of `response` and `status`).")
                        ),
                        (
                            "stream",
                            describe(
                                ref("Stream"),
                                "The success answer is a stream of events (instead of `response`): Server-Sent Events, JSON Lines or a JSON Sequence, decoded as they arrive."
                            )
                        ),
                        (
                            "requestStream",
                            describe(
                                ref("Stream"),
                                "The request body is a stream of events (instead of `body`), sent as the client produces them: JSON Lines, a JSON Sequence or Server-Sent Events; the generated method takes an AsyncSequence of them."
                            )
                        ),
                        (
                            "responseHeaders",
                            describe(
                                mapping(of: ref("Field")),
                                "Headers of the success response (with `responses`, of every normal answer), in the field syntax (`wire` is the header name; string, email, bool, int, int32, int64, double, uuid, uri or date-time): generates `<operation>WithHeaders`, which returns them typed."
                            )
                        ),
                    ] + noteProperties,
                    required: ["http"]
                )
            ),
            (
                "Body",
                closedObject(
                    "A request body written as a mapping.",
                    [
                        ("type", describe(ref("TypeExpression"), "Required. The body's type.")),
                        ("encoding", describe(words(BodyEncoding.allCases.map(\.rawValue)), "How the body is sent (default: json).")),
                        ("contentType", describe(text, "The Content-Type of a body that is not JSON.")),
                        (
                            "style",
                            describe(
                                words(QueryStyle.allCases.map(\.rawValue)),
                                "Form bodies: deepObject nests structs, maps and lists in brackets (card[number]=4242, items[0][price]=p_1); form (default) is flat."
                            )
                        ),
                    ] + noteProperties,
                    required: ["type"]
                )
            ),
            (
                "Response",
                closedObject(
                    "A response of raw bytes.",
                    [
                        ("type", describe(ref("TypeExpression"), "Required. The response's type (binary with a contentType).")),
                        ("contentType", describe(text, "The media type of raw bytes (`type: binary`).")),
                    ],
                    required: ["type"]
                )
            ),
            ("Pagination", paginationSection),
            (
                "Channel",
                closedObject(
                    "A WebSocket channel: the path it connects to, its parameters and auth, the message types each way and what its close codes mean.",
                    [
                        (
                            "websocket",
                            describe(text, "Required. The path template the connection is opened on (`/chats/{chatId}`), appended to the base URL with ws/wss.")
                        ),
                        ("path", describe(mapping(of: ref("Field")), "Path parameters, in the field syntax.")),
                        ("query", describe(mapping(of: ref("Field")), "Query parameters of the opening request, in the field syntax.")),
                        ("auth", describe(authRequirements, "The scheme(s) the opening request carries, as an operation's `auth`; default: `defaultAuth`.")),
                        ("send", describe(ref("TypeExpression"), "Required. The declared type of every message the client sends (a union for several kinds).")),
                        (
                            "receive",
                            describe(
                                ref("TypeExpression"),
                                "Required. The declared type of every message the server sends; a tagged union for several kinds, so an unknown kind is its `undocumented` case."
                            )
                        ),
                        (
                            "close",
                            describe(
                                .object([
                                    ("type", .string("object")),
                                    ("propertyNames", .object([("pattern", .string("^[0-9]+$"))])),
                                    ("additionalProperties", anyOf([words(["reconnect", "reauthenticate", "finish"]), ref("CloseCode")])),
                                ]),
                                "Close code (1000-4999) -> reconnect, reauthenticate (renew the credential, then reconnect), finish, or `{ action: fail, case: name }`."
                            )
                        ),
                    ] + noteProperties,
                    required: ["websocket", "send", "receive"]
                )
            ),
            (
                "CloseCode",
                closedObject(
                    "What one close code means, written as a mapping (for docs, or to fail with a named case).",
                    [
                        ("action", describe(words(["reconnect", "reauthenticate", "finish", "fail"]), "Required. What the client does.")),
                        ("case", describe(name, "With `action: fail`: the case of the channel's generated failure enum (`<Channel>Closed`) the loop throws.")),
                    ] + noteProperties,
                    required: ["action"]
                )
            ),
            (
                "Event",
                closedObject(
                    "An event the API sends outside any call: its payload, how it arrives and how it is recognised among the API's events.",
                    [
                        ("payload", describe(ref("TypeExpression"), "Required. A declared type: what the event carries.")),
                        (
                            "via",
                            describe(
                                words(EventDefinition.Delivery.keywords),
                                "Required. push (a notification's user info) or webhook (an HTTP request the API makes to the receiver).")
                        ),
                        (
                            "http",
                            describe(
                                .object([("type", .string("string")), ("pattern", .string(#"^ *(POST|PUT|PATCH|GET|DELETE)( +/[^ ]*)? *$"#))]),
                                "Webhooks: the method and optionally the path below the receiver's URL, like `POST /hooks/orders` (default: POST)."
                            )
                        ),
                        (
                            "headers",
                            describe(mapping(of: ref("Field")), "Webhooks: the headers the request carries (a signature, a delivery id), in the field syntax.")
                        ),
                        (
                            "match",
                            describe(
                                anyOf([words(["shape"]), ref("EventMatch")]),
                                "How the event is told from the API's others: `{ field, value }` (a top-level payload field, by wire name), `{ header, value }` (webhooks) or `shape` (the default: the payload decodes as its type)."
                            )
                        ),
                    ] + noteProperties,
                    required: ["payload", "via"]
                )
            ),
            (
                "EventMatch",
                closedObject(
                    "A value that recognises an event: of a payload field or of a webhook header.",
                    [
                        ("field", describe(text, "A top-level field of the payload, by its wire name (`yp-type`).")),
                        ("header", describe(text, "A header of the webhook request (`X-Event-Type`).")),
                        ("value", describe(scalar, "Required. What the field or header holds for this event.")),
                    ],
                    required: ["value"]
                )
            ),
            (
                "Stream",
                closedObject(
                    "A streamed answer (`stream`) or request body (`requestStream`): `format` and the type of its `events`.",
                    [
                        (
                            "format",
                            describe(
                                words(EventStreamResponse.Format.allCases.map(\.rawValue)),
                                "Required. sse (text/event-stream), jsonLines (application/jsonl) or jsonSequence (application/json-seq).")
                        ),
                        (
                            "events",
                            describe(
                                ref("TypeExpression"),
                                "Required. A declared type: for sse, a union whose variants the event names select (the tag, or the name of an untagged union's variant), or any type every event's data is."
                            )
                        ),
                    ] + noteProperties,
                    required: ["format", "events"]
                )
            ),
            (
                "Cache",
                closedObject(
                    "The caching hint: `mode: network` (the default) or `localFirst` (serve a stored answer at once while a background request refreshes it).",
                    [
                        ("mode", describe(words(CachePolicy.Mode.allCases.map(\.rawValue)), "network (the default) or localFirst.")),
                        (
                            "maxAge",
                            describe(
                                .object([("type", .string("integer")), ("exclusiveMinimum", .integer(0))]),
                                "Seconds a stored answer stays fresh; without it a stored answer never goes stale.")
                        ),
                        (
                            "refreshErrors",
                            describe(
                                words(CachePolicy.RefreshErrors.allCases.map(\.rawValue)),
                                "What a failed background refresh does: suppress or surface (the default).")
                        ),
                        ("store", describe(boolean, "mode network: keep every answer for cache-only reads.")),
                        ("cacheOnlyParameter", describe(name, "Generates an argument of this name that answers from the cache alone.")),
                        ("maxAgeParameter", describe(name, "Generates an argument of this name that sets the cache lifetime for one call.")),
                    ] + noteProperties
                )
            ),
            (
                "OperationExample",
                closedObject(
                    "An example call: parameter values, request body, response body and status (inline or `$file`).",
                    [
                        ("path", describe(mapping(of: anything), "Path parameter values by name.")),
                        ("query", describe(mapping(of: anything), "Query parameter values by name.")),
                        ("headers", describe(mapping(of: anything), "Header values by parameter or wire name.")),
                        ("request", describe(anything, "The request body (inline, or `{ $file: path }` next to the schema).")),
                        ("response", describe(anything, "The response body (inline, or `{ $file: path }` next to the schema).")),
                        ("status", describe(integer(100...599), "The response status.")),
                        ("docs", docsKey),
                    ]
                )
            ),
            (
                "Outcome",
                closedObject(
                    "An outcome of an operation with several: a status, optional body conditions, and a body or an error case.",
                    [
                        (
                            "status",
                            describe(
                                anyOf([integer(100...599), words(StatusPattern.classes.map { "\($0)XX" } + ["default"])]),
                                "Required. The HTTP status 100–599, a class (2XX, 4XX, 5XX) or default (any other status); an exact status beats its class, a class beats default."
                            )
                        ),
                        ("body", describe(ref("TypeExpression"), "The body's type (none: no body).")),
                        (
                            "where",
                            describe(
                                mapping(of: anyOf([scalar, list(of: scalar, minimum: 1)])), "Body conditions: dotted path -> a value or a list of values.")
                        ),
                        ("error", describe(nonEmptyText, "The catalogue case this outcome is (its body is the error body).")),
                    ] + noteProperties,
                    required: ["status"]
                )
            ),
        ]
    }

    private static var paginationSection: OrderedJSON {
        let section = closedObject(
            "Pagination: page (page number and size), token (a next-page token) or cursor.",
            [
                ("style", describe(words(Pagination.Style.allCases.map(\.rawValue)), "Required. page, token or cursor.")),
                ("items", describe(text, "Required. The dotted path of the item list in the response.")),
                ("page", describe(text, "page: the page-number parameter (default `page`).")),
                ("size", describe(text, "The page-size parameter.")),
                ("first", describe(integerKind, "page: the first page's number (default 1).")),
                ("token", describe(text, "token: the token parameter (default `token`).")),
                ("cursor", describe(text, "cursor: the cursor parameter (default `cursor`).")),
                ("next", describe(text, "token and cursor (required there): the path of the next token or cursor in the response.")),
                ("previous", describe(text, "token and cursor: the path of the previous token or cursor, for paging backwards.")),
                ("totalPages", describe(text, "page: the path of the page count in the response.")),
                ("last", describe(text, "page: the path of the is-last-page flag in the response.")),
            ],
            required: ["style", "items"]
        )
        // Keys that do not apply to a style, and `next` where the style needs it.
        let rules: [(String, [String], [String])] = [
            ("page", ["token", "cursor", "next", "previous"], []),
            ("token", ["page", "first", "cursor", "totalPages", "last"], ["next"]),
            ("cursor", ["page", "first", "token", "totalPages", "last"], ["next"]),
        ]
        guard case .object(var members) = section else { return section }
        members.append(
            (
                "allOf",
                .array(
                    rules.map { style, forbidden, needed in
                        .object([
                            (
                                "if",
                                .object([("properties", .object([("style", .object([("const", .string(style))]))])), ("required", .array([.string("style")]))])
                            ),
                            (
                                "then",
                                .object(
                                    [
                                        ("properties", .object(forbidden.map { ($0, .bool(false)) }))
                                    ] + (needed.isEmpty ? [] : [("required", .array(needed.map(OrderedJSON.string)))]))
                            ),
                        ])
                    })
            ))
        return .object(members)
    }

    // MARK: Shared keys

    private static let docsKey = describe(text, "Free text (Markdown) that becomes a doc comment.")
    private static let modelledKey = describe(text, "A note that this part is not in the vendor document and was chosen by us; rendered as `Modelled: <note>`.")

    /// `docs`, `deprecated`, `modelled`, `renamedFrom` (MappingReader.noteKeys).
    private static var noteProperties: [(String, OrderedJSON)] {
        [
            ("docs", docsKey),
            (
                "deprecated",
                describe(
                    .object([("type", .array([.string("boolean"), .string("string")]))]), "`true`, or a message (`Renamed to deviceNotEnrolled in 1.1.0`).")
            ),
            ("modelled", modelledKey),
            ("renamedFrom", describe(nonEmptyText, "The name this had in the previous version: `diff` reports a rename, not a removal and an addition.")),
        ]
    }

    /// The notes and examples of a named type.
    private static var typeCommon: [(String, OrderedJSON)] {
        noteProperties + [
            ("example", describe(anything, "An example value of the type, checked by lint.")),
            ("examples", describe(mapping(of: anything), "Named examples (inline, or `{ $file: path }` next to the schema).")),
        ]
    }

    private static var constraintProperties: [(String, OrderedJSON)] {
        [
            ("minLength", describe(integerKind, "Strings: the least number of characters.")),
            ("maxLength", describe(integerKind, "Strings: the most number of characters.")),
            ("pattern", describe(text, "Strings: a regular expression (ECMA-262, as in JSON Schema) the value matches.")),
            ("minimum", describe(number, "Numbers: the least value.")),
            ("maximum", describe(number, "Numbers: the greatest value.")),
            ("minItems", describe(integerKind, "Lists and maps: the least number of elements.")),
            ("maxItems", describe(integerKind, "Lists and maps: the most number of elements.")),
            (
                "format",
                describe(anyOf([words(DateFormat.keywords), text]), "date-time: rfc3339 (the default), epochSeconds, epochMilliseconds or a date pattern.")
            ),
            (
                "exclude",
                describe(
                    .object([
                        ("type", .string("array")), ("minItems", .integer(1)),
                        ("items", .object([("type", .array([.string("string"), .string("integer")]))])),
                    ]), "Enums: the values this field never takes.")
            ),
            ("items", describe(ref("ElementRules"), "Lists: what each element may be (nullable, its own constraints).")),
            ("values", describe(ref("ElementRules"), "Maps: what each value may be (nullable, its own constraints).")),
        ]
    }

    // MARK: Value kinds (as MappingReader reads them)

    /// `MappingReader.string`: any scalar but null, read as text.
    private static let text: OrderedJSON = .object([("type", .array([.string("string"), .string("number"), .string("boolean")]))])
    private static let nonEmptyText: OrderedJSON = .object([("type", .string("string")), ("pattern", .string(#"\S"#))])
    private static let scalar = text
    private static let name: OrderedJSON = .object([("type", .string("string"))])
    private static let boolean: OrderedJSON = .object([("type", .string("boolean"))])
    private static let integerKind: OrderedJSON = .object([("type", .string("integer"))])
    private static let number: OrderedJSON = .object([("type", .string("number"))])
    private static let anything: OrderedJSON = .object([])
    /// `MappingReader.names`: a name or a list of names.
    private static let names = anyOf([name, list(of: name)])
    /// `auth:`: a name, or alternatives each a name or a list of names sent together.
    private static let authRequirements = anyOf([name, list(of: anyOf([name, list(of: name)]))])
    private static let conditionWords = words(ErrorCatalogue.TransportCondition.allCases.map(\.rawValue))

    private static func integer(_ range: ClosedRange<Int>) -> OrderedJSON {
        .object([("type", .string("integer")), ("minimum", .integer(range.lowerBound)), ("maximum", .integer(range.upperBound))])
    }

    private static func words(_ words: [String]) -> OrderedJSON {
        .object([("type", .string("string")), ("enum", .array(words.map(OrderedJSON.string)))])
    }

    private static func list(of element: OrderedJSON, minimum: Int? = nil) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("type", .string("array")), ("items", element)]
        if let minimum { members.append(("minItems", .integer(minimum))) }
        return .object(members)
    }

    /// A mapping whose keys are names the author chooses.
    private static func mapping(minimum: Int? = nil, of value: OrderedJSON) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("type", .string("object")), ("additionalProperties", value)]
        if let minimum { members.append(("minProperties", .integer(minimum))) }
        return .object(members)
    }

    private static func anyOf(_ schemas: [OrderedJSON]) -> OrderedJSON {
        .object([("anyOf", .array(schemas))])
    }

    private static func ref(_ definition: String) -> OrderedJSON {
        .object([("$ref", .string("#/definitions/\(definition)"))])
    }

    /// A section whose keys are fixed: any other key is an error, as in the parser.
    private static func closedObject(_ description: String, _ properties: [(String, OrderedJSON)], required: [String] = []) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("type", .string("object")),
            ("description", .string(description)),
            ("properties", .object(properties)),
        ]
        if !required.isEmpty { members.append(("required", .array(required.map(OrderedJSON.string)))) }
        members.append(("additionalProperties", .bool(false)))
        return .object(members)
    }

    /// At least one of `keys` is present.
    private static func withAnyRequired(_ section: OrderedJSON, _ keys: [String]) -> OrderedJSON {
        guard case .object(var members) = section else { return section }
        members.append(("anyOf", .array(keys.map { .object([("required", .array([.string($0)]))]) })))
        return .object(members)
    }

    /// The description editors show on hover (beside a `$ref` too: editors merge it with the target).
    private static func describe(_ schema: OrderedJSON, _ description: String) -> OrderedJSON {
        guard case .object(var members) = schema else { return schema }
        if let index = members.firstIndex(where: { $0.0 == "description" }) {
            members[index].1 = .string(description)
        } else {
            members.append(("description", .string(description)))
        }
        return .object(members)
    }
}
