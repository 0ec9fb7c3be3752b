import Foundation

/// Turns the YAML tree into the schema model. It checks the shape of what is written (keys, kinds of
/// values, type expression syntax); `SchemaValidator` checks what it means (references, names, rules).
struct SchemaParser {
    let file: String
    let log: DiagnosticLog
    /// Where `$file` examples are read from.
    let exampleFiles: ExampleFileSource

    static let constraintKeys = [
        "minLength", "maxLength", "pattern", "minimum", "maximum", "minItems", "maxItems", "format", "exclude", "items", "values",
    ]
    /// `items:` of a list, `values:` of a map: the elements' own nullability and constraints.
    static let elementKeys = ["nullable"] + constraintKeys
    static let fieldKeys = ["type", "wire", "optional", "nullable", "default", "example", "secret", "style"] + constraintKeys + MappingReader.noteKeys
    static let exampleKeys = ["example", "examples"]

    func parse(_ root: YAMLNode) -> Schema? {
        let topKeys = [
            "api", "version", "summary", "docs", "modelled", "environments", "auth", "defaultAuth",
            "errors", "types", "operations", "channels", "events",
        ]
        guard let top = MappingReader(root, context: "the schema", allowed: topKeys, log: log) else { return nil }
        for required in ["api", "version", "environments"] where !top.has(required) {
            log.error("the schema needs '\(required)'", at: root.location)
        }
        let defaultAuth = authRequirements(top, key: "defaultAuth") ?? []
        var schema = Schema(
            api: top.string("api") ?? "API",
            version: top.string("version") ?? "",
            summary: top.string("summary"),
            notes: top.notes(),
            environments: top.entries("environments").compactMap(environment),
            authSchemes: top.entries("auth").compactMap(authScheme),
            defaultAuth: defaultAuth,
            errors: top["errors"].flatMap(errorCatalogue),
            types: StructComposition.resolve(top.entries("types").compactMap(typeDefinition), log: log),
            operations: [],
            file: file
        )
        schema.operations = top.entries("operations").compactMap { operation($0, defaultAuth: defaultAuth) }
        schema.channels = top.entries("channels").compactMap { channel($0, defaultAuth: defaultAuth) }
        schema.events = top.entries("events").compactMap(eventDefinition)
        NullableTypes.resolve(&schema)
        return schema
    }

    // MARK: Environments and auth

    /// `auth:` / `defaultAuth:`: `none` (no credentials), a scheme name, or a list of alternatives in order of
    /// preference, each a name or a list of names sent together (`[[apiKey, userName], bearer]`). nil when
    /// the key is absent or not of these shapes (reported).
    private func authRequirements(_ reader: MappingReader, key: String) -> [[String]]? {
        guard let value = reader[key] else { return nil }
        if let scalar = value.scalar, scalar.kind == .string { return scalar.text == "none" ? [] : [[scalar.text]] }
        guard let elements = value.elements else {
            log.error("'\(key)' in \(reader.context) must be a scheme name, a list of them or `none`, found \(value.kindDescription)", at: value.location)
            return nil
        }
        return elements.compactMap { element -> [String]? in
            if let scalar = element.scalar, scalar.kind == .string { return [scalar.text] }
            guard let names = element.elements else {
                log.error(
                    "'\(key)' in \(reader.context) lists scheme names or lists of scheme names sent together, found \(element.kindDescription)",
                    at: element.location)
                return nil
            }
            var requirement: [String] = []
            for name in names {
                guard let scalar = name.scalar, scalar.kind == .string else {
                    log.error("a requirement of '\(key)' in \(reader.context) lists scheme names, found \(name.kindDescription)", at: name.location)
                    return nil
                }
                guard !requirement.contains(scalar.text) else {
                    log.error("a requirement of '\(key)' in \(reader.context) names scheme '\(scalar.text)' twice", at: name.location)
                    return nil
                }
                requirement.append(scalar.text)
            }
            if requirement.isEmpty {
                log.error(
                    "'\(key)' in \(reader.context) has an empty requirement `[]`: write `none` for an operation without credentials", at: element.location)
                return nil
            }
            return requirement
        }
    }

    private func environment(_ pair: YAMLNode.Pair) -> Environment? {
        let context = "environment '\(pair.key)'"
        guard let reader = MappingReader(pair.value, context: context, allowed: ["url", "variables"] + MappingReader.noteKeys, log: log) else { return nil }
        if !reader.has("url") { log.error("\(context) needs a 'url'", at: pair.keyLocation) }
        let variables = reader.entries("variables").compactMap { variable -> Environment.Variable? in
            let context = "variable '\(variable.key)' of \(context)"
            guard let variableReader = MappingReader(variable.value, context: context, allowed: ["default"] + MappingReader.noteKeys, log: log) else {
                return nil
            }
            return Environment.Variable(
                name: variable.key, defaultValue: variableReader.string("default"),
                notes: variableReader.notes(), location: variable.keyLocation)
        }
        return Environment(
            name: pair.key, url: reader.string("url") ?? "", variables: variables,
            notes: reader.notes(), location: pair.keyLocation)
    }

    private func authScheme(_ pair: YAMLNode.Pair) -> AuthScheme? {
        let context = "auth scheme '\(pair.key)'"
        guard
            let reader = MappingReader(
                pair.value, context: context,
                allowed: ["kind", "refresh", "in", "name", "login", "logout"] + MappingReader.noteKeys, log: log)
        else { return nil }
        // `login`/`refresh` are an operation name, or a mapping that wires them (CredentialFlowParsing.swift).
        let login = credentialExchange(reader, key: "login", context: context)
        let refresh = credentialExchange(reader, key: "refresh", context: context)
        let flows = CredentialFlows(
            login: login.exchange, refresh: refresh.exchange, logout: reader.string("logout"), logoutLocation: reader["logout"]?.location)
        let kind: AuthScheme.Kind
        switch reader.string("kind") {
        case "bearer":
            kind = .bearer(refresh: refresh.name)
        case "apiKey":
            let location = reader.string("in") ?? "header"
            guard let place = ParameterLocation(rawValue: location), place != .path else {
                log.error("'in' of \(context) must be header or query, found '\(location)'", at: reader["in"]?.location)
                return nil
            }
            guard let name = reader.string("name") else {
                log.error("\(context) needs a 'name': the header or query item carrying the key", at: pair.keyLocation)
                return nil
            }
            kind = .apiKey(location: place, name: name)
        case "session":
            guard let loginName = login.name, let name = reader.string("name") else {
                // A malformed `login:` mapping has been reported already.
                if login.name != nil || !reader.has("login") {
                    log.error("\(context) needs 'login' (the operation that opens the session) and 'name' (its header)", at: pair.keyLocation)
                }
                return nil
            }
            kind = .session(login: loginName, header: name)
        case "basic":
            kind = .basic
        case let other:
            let kinds = ["bearer", "apiKey", "session", "basic"]
            log.error(
                "\(context) needs a 'kind' of bearer, apiKey, session or basic, found '\(other ?? "nothing")'\(Suggestion.didYouMean(other ?? "", in: kinds))",
                at: reader["kind"]?.location ?? pair.keyLocation)
            return nil
        }
        return AuthScheme(name: pair.key, kind: kind, notes: reader.notes(), location: pair.keyLocation, flows: flows)
    }

    // MARK: Errors

    private func errorCatalogue(_ node: YAMLNode) -> ErrorCatalogue? {
        guard let reader = MappingReader(node, context: "'errors'", allowed: ["body", "code", "cases", "envelope"] + MappingReader.noteKeys, log: log) else {
            return nil
        }
        let cases = reader.entries("cases").compactMap { pair -> ErrorCatalogue.Case? in
            let context = "error '\(pair.key)'"
            guard
                let caseReader = MappingReader(
                    pair.value, context: context,
                    allowed: ["code", "status", "retryable", "when", "statusFirst", "body"] + MappingReader.noteKeys, log: log)
            else { return nil }
            let status = caseReader.int("status")
            if let status, !(100...599).contains(status) {
                log.error("'status' of \(context) must be an HTTP status 100–599, found \(status)", at: caseReader["status"]?.location)
            }
            if !caseReader.has("code") && !caseReader.has("status") && !caseReader.has("when") {
                log.error("\(context) needs a 'code', a 'status' or a 'when' to be recognised by", at: pair.keyLocation)
            }
            let (code, family) = errorCode(caseReader, context: context)
            let retryable = caseReader.bool("retryable")
            return ErrorCatalogue.Case(
                name: pair.key, code: code, status: status,
                isRetryable: retryable ?? false,
                notes: caseReader.notes(), location: pair.keyLocation,
                family: family, declaredRetryable: retryable,
                conditions: transportConditions(caseReader, context: context),
                statusFirst: caseReader.bool("statusFirst") ?? false,
                statusFirstLocation: caseReader["statusFirst"]?.location,
                body: caseReader["body"].flatMap(typeReference), bodyLocation: caseReader["body"]?.location)
        }
        return ErrorCatalogue(
            body: reader["body"].flatMap(typeReference), bodyLocation: reader["body"]?.location,
            codePath: reader.string("code"), cases: cases, notes: reader.notes(),
            envelope: reader.bool("envelope") ?? false, envelopeLocation: reader["envelope"]?.location)
    }

    // MARK: Types

    private func typeDefinition(_ pair: YAMLNode.Pair) -> TypeDefinition? {
        let context = "type '\(pair.key)'"
        let common = MappingReader.noteKeys + Self.exampleKeys
        guard let value = pair.value.pairs else {
            log.error("\(context) must be a mapping with 'fields', 'enum', 'union' or 'type', found \(pair.value.kindDescription)", at: pair.value.location)
            return nil
        }
        let keys = Set(value.map(\.key))
        let kind: TypeDefinition.Kind
        let reader: MappingReader
        var includes: [Inclusion] = []
        var additionalFields: AdditionalFields?
        if keys.contains("fields") || keys.contains("includes") || keys.contains("additionalFields") {
            guard let r = MappingReader(pair.value, context: context, allowed: ["fields", "includes", "additionalFields"] + common, log: log) else {
                return nil
            }
            reader = r
            kind = .structure(r.entries("fields").compactMap { field($0, in: "field '\($0.key)' of \(context)") })
            includes = (r.names("includes") ?? []).map { Inclusion(name: $0.0, location: $0.1) }
            if let node = r["additionalFields"], let type = typeReference(node) {
                additionalFields = AdditionalFields(type: type, location: node.location)
            }
        } else if keys.contains("enum") {
            guard let r = MappingReader(pair.value, context: context, allowed: ["enum", "type"] + common, log: log) else { return nil }
            reader = r
            guard let enumeration = enumeration(r, context: context) else { return nil }
            kind = .enumeration(enumeration)
        } else if keys.contains("union") {
            guard let r = MappingReader(pair.value, context: context, allowed: ["union", "nullable"] + common, log: log) else { return nil }
            reader = r
            guard let union = r["union"].flatMap({ union($0, context: context) }) else { return nil }
            kind = .union(union)
        } else if keys.contains("type") {
            guard let r = MappingReader(pair.value, context: context, allowed: ["type", "nullable"] + Self.constraintKeys + common, log: log) else {
                return nil
            }
            reader = r
            guard let type = r["type"].flatMap(typeReference) else { return nil }
            kind = .alias(type, constraints(r))
        } else {
            // Most often the kind key is misspelled: point at it.
            let kinds = ["fields", "includes", "enum", "union", "type"]
            if let misspelled = value.first(where: { !common.contains($0.key) && Suggestion.closest(to: $0.key, in: kinds) != nil }) {
                log.error("unknown key '\(misspelled.key)' in \(context)\(Suggestion.didYouMean(misspelled.key, in: kinds))", at: misspelled.keyLocation)
            } else {
                log.error("\(context) needs one of 'fields', 'enum', 'union' or 'type'", at: pair.keyLocation)
            }
            return nil
        }
        var definition = TypeDefinition(
            name: pair.key, kind: kind, notes: reader.notes(), examples: examples(reader),
            location: pair.keyLocation)
        definition.includes = includes
        definition.additionalFields = additionalFields
        definition.isNullable = reader.bool("nullable") ?? false
        return definition
    }

    private func enumeration(_ reader: MappingReader, context: String) -> Enumeration? {
        let rawTypeText = reader.string("type") ?? "string"
        guard let rawType = Enumeration.RawType(rawValue: rawTypeText) else {
            log.error("the raw type of \(context) must be string, int, int32 or int64, found '\(rawTypeText)'", at: reader["type"]?.location)
            return nil
        }
        guard let node = reader["enum"] else { return nil }
        let isInteger = rawType != .string
        func rawValue(_ value: YAMLNode, caseContext: String) -> String? {
            guard let scalar = value.scalar, scalar.kind != .null else {
                log.error("the value of \(caseContext) must be a scalar, found \(value.kindDescription)", at: value.location)
                return nil
            }
            if isInteger && (scalar.kind != .int || Int64(scalar.text) == nil) {
                log.error("the value of \(caseContext) must be an integer (the enum's type is \(rawType.rawValue)), found '\(scalar.text)'", at: value.location)
                return nil
            }
            return isInteger ? String(Int64(scalar.text)!) : scalar.text
        }
        var cases: [Enumeration.Case] = []
        if let elements = node.elements {
            // A list of raw values: Swift names are derived from them.
            for element in elements {
                guard let value = rawValue(element, caseContext: "a case of \(context)") else { continue }
                guard let name = SwiftNaming.derivedCaseName(fromRawValue: value) else {
                    log.error("cannot derive a Swift name from '\(value)' in \(context); write the case as `name: '\(value)'`", at: element.location)
                    continue
                }
                cases.append(Enumeration.Case(name: name, value: value, notes: Notes(), location: element.location))
            }
        } else if let pairs = node.pairs {
            for pair in pairs {
                let caseContext = "case '\(pair.key)' of \(context)"
                if pair.value.pairs != nil {
                    guard let caseReader = MappingReader(pair.value, context: caseContext, allowed: ["value"] + MappingReader.noteKeys, log: log) else {
                        continue
                    }
                    let value = caseReader["value"].flatMap { rawValue($0, caseContext: caseContext) } ?? (isInteger ? nil : pair.key)
                    guard let value else {
                        log.error("\(caseContext) needs a 'value'", at: pair.keyLocation)
                        continue
                    }
                    cases.append(Enumeration.Case(name: pair.key, value: value, notes: caseReader.notes(), location: pair.keyLocation))
                } else if let value = rawValue(pair.value, caseContext: caseContext) {
                    cases.append(Enumeration.Case(name: pair.key, value: value, notes: Notes(), location: pair.keyLocation))
                }
            }
        } else {
            log.error("'enum' of \(context) must be a list of values or a mapping of names to values, found \(node.kindDescription)", at: node.location)
            return nil
        }
        if cases.isEmpty { log.error("\(context) has no cases", at: node.location) }
        return Enumeration(rawType: rawType, cases: cases)
    }

    private func union(_ node: YAMLNode, context: String) -> Union? {
        guard let reader = MappingReader(node, context: "'union' of \(context)", allowed: ["discriminator", "variants"], log: log) else { return nil }
        // Without a discriminator the union is untagged: the variant is chosen by the keys present.
        let discriminator = reader.string("discriminator")
        var integerTag: (variant: String, location: SourceLocation)?
        var stringTag: (variant: String, location: SourceLocation)?
        var stringTagged = Set<String>()
        let variants = reader.entries("variants").compactMap { pair -> Union.Variant? in
            let variantContext = "variant '\(pair.key)' of \(context)"
            // Shorthand: a type expression (`Circle`, `string`, `[string]`); the tag is the variant's name.
            if pair.value.pairs == nil {
                guard let type = typeReference(pair.value) else { return nil }
                stringTagged.insert(pair.key)
                if stringTag == nil { stringTag = (pair.key, pair.keyLocation) }
                return Union.Variant(name: pair.key, type: type, tag: pair.key, notes: Notes(), location: pair.keyLocation)
            }
            guard
                let variantReader = MappingReader(
                    pair.value, context: variantContext, allowed: ["type", "value"] + Self.constraintKeys + MappingReader.noteKeys, log: log)
            else {
                return nil
            }
            guard let typeNode = variantReader["type"] else {
                log.error("\(variantContext) needs a 'type'", at: pair.keyLocation)
                return nil
            }
            guard let type = typeReference(typeNode) else { return nil }
            var tag = pair.key
            if let valueNode = variantReader["value"] {
                if discriminator == nil {
                    log.error(
                        "'value' of \(variantContext) is a tag, but the union has no 'discriminator' to carry it; add one or remove the 'value'",
                        at: valueNode.location)
                } else if let scalar = valueNode.scalar, scalar.kind == .int, let number = Int64(scalar.text) {
                    tag = String(number)
                    if integerTag == nil { integerTag = (pair.key, valueNode.location) }
                } else if let text = variantReader.string("value") {
                    tag = text
                    stringTagged.insert(pair.key)
                    if stringTag == nil { stringTag = (pair.key, valueNode.location) }
                }
            } else {
                stringTagged.insert(pair.key)
                if stringTag == nil { stringTag = (pair.key, pair.keyLocation) }
            }
            return Union.Variant(
                name: pair.key, type: type, tag: tag, constraints: constraints(variantReader), notes: variantReader.notes(), location: pair.keyLocation)
        }
        if variants.isEmpty { log.error("\(context) has no variants", at: node.location) }
        var union = Union(discriminator: discriminator, variants: variants)
        if discriminator != nil, let integerTag {
            union.tagType = .integer
            // Reported once, at the first variant whose tag is not an integer.
            if let stringTag {
                log.error(
                    "tag of variant '\(stringTag.variant)' of \(context) is a string, but variant '\(integerTag.variant)' has the integer tag \(union.variants.first { $0.name == integerTag.variant }?.tag ?? "") (line \(integerTag.location.line)); every tag of a union is an integer or every tag a string",
                    at: stringTag.location)
                // Reported once: the string-tagged variants take no further part (a string "1" would
                // otherwise also be a duplicate of the integer 1).
                union.variants.removeAll { stringTagged.contains($0.name) }
            }
        }
        return union
    }

    // MARK: Fields and type expressions

    /// A struct field or a parameter: a type expression, a one-element list, or a mapping.
    func field(_ pair: YAMLNode.Pair, in context: String) -> Field? {
        let value = pair.value
        if value.pairs == nil {
            guard let type = typeReference(value) else { return nil }
            return Field(
                name: pair.key, wireName: pair.key, type: type, typeLocation: value.location, isOptional: false,
                isNullable: false, defaultValue: nil, constraints: Constraints(), example: nil,
                notes: Notes(), location: pair.keyLocation)
        }
        guard let reader = MappingReader(value, context: context, allowed: Self.fieldKeys, log: log) else { return nil }
        guard let typeNode = reader["type"] else {
            log.error("\(context) needs a 'type'", at: pair.keyLocation)
            return nil
        }
        guard let type = typeReference(typeNode) else { return nil }
        var field = Field(
            name: pair.key, wireName: reader.string("wire") ?? pair.key, type: type, typeLocation: typeNode.location,
            isOptional: reader.bool("optional") ?? false, isNullable: reader.bool("nullable") ?? false,
            defaultValue: reader["default"], constraints: constraints(reader), example: reader["example"],
            isSecret: reader.bool("secret") ?? false, notes: reader.notes(), location: pair.keyLocation)
        field.queryStyle = queryStyle(reader, context: context)
        return field
    }

    private func constraints(_ reader: MappingReader) -> Constraints {
        var constraints = Constraints()
        constraints.minLength = reader.int("minLength")
        constraints.maxLength = reader.int("maxLength")
        constraints.pattern = reader.string("pattern")
        constraints.minimum = reader.number("minimum")
        constraints.maximum = reader.number("maximum")
        constraints.minItems = reader.int("minItems")
        constraints.maxItems = reader.int("maxItems")
        constraints.excluded = excludedValues(reader)
        if let format = reader.string("format") {
            switch DateFormat.parse(format) {
            case .success(let dateFormat): constraints.dateFormat = dateFormat
            case .failure(let problem):
                log.error("'format' must be \(DateFormat.keywords.joined(separator: ", ")) or a date pattern: \(problem)", at: reader["format"]?.location)
            }
        }
        constraints.elements = elements(reader, key: "items") ?? elements(reader, key: "values")
        return constraints
    }

    /// `items:` / `values:`: whether the elements may be null and their own constraints (which the
    /// validator checks against the element type, and that the container is a list or a map).
    private func elements(_ reader: MappingReader, key: String) -> ElementRules? {
        guard let node = reader[key] else { return nil }
        guard let elements = MappingReader(node, context: "'\(key)' of \(reader.context)", allowed: Self.elementKeys, log: log) else { return nil }
        return ElementRules(isNullable: elements.bool("nullable") ?? false, constraints: constraints(elements), location: node.location, keyword: key)
    }

    /// `string`, `Name`, `[T]`, `[string: T]`, or a one-element YAML list `[T]`.
    func typeReference(_ node: YAMLNode) -> TypeReference? {
        typeReference(node, depth: 0)
    }

    /// `depth`: the YAML lists already opened around `node`.
    private func typeReference(_ node: YAMLNode, depth: Int) -> TypeReference? {
        if let elements = node.elements {
            guard depth < TypeExpression.maximumNesting else {
                log.error("the type nests lists more than \(TypeExpression.maximumNesting) levels deep", at: node.location)
                return nil
            }
            guard elements.count == 1 else {
                log.error("a list type names exactly one element type, like [PaymentMean]", at: node.location)
                return nil
            }
            return typeReference(elements[0], depth: depth + 1).map(TypeReference.array)
        }
        guard let scalar = node.scalar, scalar.kind == .string else {
            log.error("expected a type, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return TypeExpression.parse(scalar.text, at: node.location, log: log, enclosingDepth: depth)
    }

    // MARK: Operations

    private func operation(_ pair: YAMLNode.Pair, defaultAuth: [[String]]) -> OperationDefinition? {
        let context = "operation '\(pair.key)'"
        let keys =
            [
                "http", "path", "query", "headers", "body", "response", "status", "errors", "auth", "idempotent",
                "idempotencyKey", "paginate", "cache", "examples", "responses", "responseHeaders", "stream", "requestStream",
            ] + MappingReader.noteKeys
        guard let reader = MappingReader(pair.value, context: context, allowed: keys, log: log) else { return nil }
        guard let http = reader.string("http") else {
            log.error("\(context) needs 'http', like `http: GET /transactions`", at: pair.keyLocation)
            return nil
        }
        let parts = http.split(separator: " ", omittingEmptySubsequences: true)
        let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
        guard parts.count == 2, methods.contains(String(parts[0])), parts[1].hasPrefix("/") || Self.isWholeURLPlaceholder(parts[1]) else {
            log.error(
                "'http' of \(context) must be a method (\(methods.joined(separator: ", "))) and a path starting with '/' (or `{parameter}` for a URL given at call time), found '\(http)'",
                at: reader["http"]?.location)
            return nil
        }
        let method = String(parts[0])
        let (path, literalQuery, literalQueryProblem) = OperationDefinition.splitLiteralQuery(String(parts[1]))
        if let literalQueryProblem {
            log.error("'http' of \(context): \(literalQueryProblem)", at: reader["http"]?.location)
        }
        func parameters(_ key: String) -> [Field] {
            reader.entries(key).compactMap { field($0, in: "\(key) parameter '\($0.key)' of \(context)") }
        }
        var body: OperationDefinition.Body?
        if let bodyNode = reader["body"] {
            if bodyNode.pairs != nil {
                if let bodyReader = MappingReader(
                    bodyNode, context: "the body of \(context)", allowed: ["type", "encoding", "contentType", "style"] + MappingReader.noteKeys, log: log),
                    let typeNode = bodyReader["type"], let type = typeReference(typeNode)
                {
                    body = OperationDefinition.Body(type: type, typeLocation: typeNode.location, notes: bodyReader.notes())
                    body?.encoding = bodyEncoding(bodyReader, context: context)
                    body?.contentType = bodyReader.string("contentType")
                    body?.style = queryStyle(bodyReader, context: "the body of \(context)")
                } else if bodyNode["type"] == nil {
                    log.error("the body of \(context) needs a 'type'", at: bodyNode.location)
                }
            } else if let type = typeReference(bodyNode) {
                body = OperationDefinition.Body(type: type, typeLocation: bodyNode.location, notes: Notes())
            }
        }
        let outcomes = outcomes(reader, context: context)
        // With `responses:`, the first success outcome stands in for the shorthand (exports, the sandbox).
        let firstSuccess = outcomes?.inPrecedenceOrder.first { $0.status.isSuccess && $0.isResult }
        let (declaredResponse, responseContentType) = responseType(reader["response"], context: context)
        let response = outcomes != nil ? firstSuccess?.body : declaredResponse
        let status =
            outcomes != nil
            ? (firstSuccess?.status.representative ?? 200) : reader.int("status") ?? (reader.has("response") || reader.has("stream") ? 200 : 204)
        if outcomes == nil, !(200...299).contains(status) {
            log.error("'status' of \(context) is the success status and must be 200–299, found \(status)", at: reader["status"]?.location)
        }
        let auth = authRequirements(reader, key: "auth") ?? defaultAuth
        var definition = OperationDefinition(
            name: pair.key, method: method, path: path, pathLocation: reader["http"]?.location ?? pair.keyLocation,
            pathParameters: parameters("path"), queryParameters: parameters("query"), headerParameters: parameters("headers"),
            body: body, response: response, responseLocation: reader["response"]?.location, successStatus: status,
            errors: reader.names("errors")?.map(\.0) ?? [], authRequirements: auth,
            isIdempotent: reader.bool("idempotent") ?? ["GET", "PUT", "DELETE", "HEAD", "OPTIONS"].contains(method),
            idempotencyKeyHeader: reader.string("idempotencyKey"),
            pagination: outcomes == nil ? reader["paginate"].flatMap { pagination($0, context: context) } : nil,
            cache: reader["cache"].flatMap { cache($0, context: context) },
            notes: reader.notes(), examples: operationExamples(reader, context: context), location: pair.keyLocation,
            responseContentType: responseContentType,
            outcomes: outcomes
        )
        definition.responseHeaders = parameters("responseHeaders")
        definition.literalQuery = literalQuery
        definition.stream = reader["stream"].flatMap { eventStream($0, key: "stream", context: context) }
        definition.requestStream = reader["requestStream"].flatMap { eventStream($0, key: "requestStream", context: context) }
        return definition
    }

    /// The keys of a channel (`channels:`), and of one row of its `close:` table written as a mapping.
    static let channelKeys = ["websocket", "path", "query", "auth", "send", "receive", "close"] + MappingReader.noteKeys
    static let closeCodeKeys = ["action", "case"] + MappingReader.noteKeys

    /// `chat: { websocket: /chats/{chatId}, path: {...}, send: ChatOutgoing, receive: ChatIncoming, close: {...} }`.
    private func channel(_ pair: YAMLNode.Pair, defaultAuth: [[String]]) -> ChannelDefinition? {
        let context = "channel '\(pair.key)'"
        guard let reader = MappingReader(pair.value, context: context, allowed: Self.channelKeys, log: log) else { return nil }
        guard let path = reader.string("websocket"), path.hasPrefix("/") else {
            log.error(
                "\(context) needs 'websocket': the path template it connects to, starting with '/' (`websocket: /chats/{chatId}`)",
                at: reader["websocket"]?.location ?? pair.keyLocation)
            return nil
        }
        func parameters(_ key: String) -> [Field] {
            reader.entries(key).compactMap { field($0, in: "\(key) parameter '\($0.key)' of \(context)") }
        }
        func message(_ key: String, _ what: String) -> (TypeReference, SourceLocation)? {
            guard let node = reader[key] else {
                log.error("\(context) needs '\(key)': the type of every message \(what)", at: pair.keyLocation)
                return nil
            }
            return typeReference(node).map { ($0, node.location) }
        }
        let send = message("send", "the client sends")
        let receive = message("receive", "the server sends")
        let closeCodes = reader.entries("close").compactMap { closeCode($0, context: context) }
        guard let send, let receive else { return nil }
        let handshake = OperationDefinition(
            name: pair.key, method: "GET", path: path, pathLocation: reader["websocket"]?.location ?? pair.keyLocation,
            pathParameters: parameters("path"), queryParameters: parameters("query"), headerParameters: [],
            body: nil, response: nil, responseLocation: nil, successStatus: 101,
            errors: [], authRequirements: authRequirements(reader, key: "auth") ?? defaultAuth,
            isIdempotent: true, idempotencyKeyHeader: nil, pagination: nil, cache: nil,
            notes: reader.notes(), examples: [], location: pair.keyLocation)
        return ChannelDefinition(
            name: pair.key, handshake: handshake, send: send.0, sendLocation: send.1, receive: receive.0, receiveLocation: receive.1,
            closeCodes: closeCodes)
    }

    /// One row of `close:`: `4001: reauthenticate`, or `4403: { action: fail, case: forbidden, docs: ... }`.
    private func closeCode(_ pair: YAMLNode.Pair, context: String) -> ChannelDefinition.CloseCode? {
        let actions = ["reconnect", "reauthenticate", "finish", "fail"]
        guard let code = Int(pair.key) else {
            log.error("a key of 'close' of \(context) is a close code (1000-4999), found '\(pair.key)'", at: pair.keyLocation)
            return nil
        }
        let actionText: String?
        var notes = Notes()
        var failureCase: (String, SourceLocation)?
        if let scalar = pair.value.scalar, scalar.kind == .string {
            actionText = scalar.text
        } else if let reader = MappingReader(pair.value, context: "close code \(code) of \(context)", allowed: Self.closeCodeKeys, log: log) {
            actionText = reader.string("action")
            notes = reader.notes()
            failureCase = reader.string("case").map { ($0, reader["case"]?.location ?? pair.keyLocation) }
            if actionText == nil { log.error("close code \(code) of \(context) needs 'action': \(actions.joined(separator: ", "))", at: pair.keyLocation) }
        } else {
            return nil
        }
        guard let actionText else { return nil }
        let action: ChannelDefinition.CloseAction
        switch actionText {
        case "reconnect": action = .reconnect
        case "reauthenticate": action = .reauthenticate
        case "finish": action = .finish
        case "fail":
            guard let failureCase else {
                log.error(
                    "close code \(code) of \(context) fails the channel and needs 'case': the name of its case in the channel's failure type (`{ action: fail, case: forbidden }`)",
                    at: pair.keyLocation)
                return nil
            }
            action = .fail(failureCase.0)
        default:
            log.error(
                "the action of close code \(code) of \(context) must be \(actions.joined(separator: ", ")), found '\(actionText)'\(Suggestion.didYouMean(actionText, in: actions))",
                at: pair.value.location)
            return nil
        }
        if let failureCase, action.keyword != "fail" {
            log.error("close code \(code) of \(context) has 'case' but does not fail: 'case' names what a failing code throws", at: failureCase.1)
        }
        return ChannelDefinition.CloseCode(code: code, action: action, notes: notes, location: pair.keyLocation)
    }

    /// `stream: { format: sse, events: OrderEvent }`, and `requestStream:` of the same shape (`key`).
    private func eventStream(_ node: YAMLNode, key: String, context: String) -> EventStreamResponse? {
        guard let reader = MappingReader(node, context: "'\(key)' of \(context)", allowed: ["format", "events"] + MappingReader.noteKeys, log: log)
        else { return nil }
        let formats = EventStreamResponse.Format.allCases.map(\.rawValue)
        guard let formatText = reader.string("format") else {
            log.error("'\(key)' of \(context) needs 'format': \(formats.joined(separator: ", "))", at: node.location)
            return nil
        }
        guard let format = EventStreamResponse.Format(rawValue: formatText) else {
            log.error(
                "'format' of the \(key) of \(context) must be \(formats.joined(separator: ", ")), found '\(formatText)'\(Suggestion.didYouMean(formatText, in: formats))",
                at: reader["format"]?.location)
            return nil
        }
        guard let eventsNode = reader["events"] else {
            log.error("'\(key)' of \(context) needs 'events': the type of its events", at: node.location)
            return nil
        }
        guard let events = typeReference(eventsNode) else { return nil }
        return EventStreamResponse(format: format, events: events, eventsLocation: eventsNode.location, notes: reader.notes(), location: node.location)
    }

    private func pagination(_ node: YAMLNode, context: String) -> Pagination? {
        let keys = ["style", "items", "page", "size", "first", "token", "cursor", "next", "previous", "totalPages", "last"]
        guard let reader = MappingReader(node, context: "'paginate' of \(context)", allowed: keys, log: log) else { return nil }
        let styleText = reader.string("style") ?? ""
        guard let style = Pagination.Style(rawValue: styleText) else {
            log.error(
                "'style' of the pagination of \(context) must be page, token or cursor, found '\(styleText)'", at: reader["style"]?.location ?? node.location)
            return nil
        }
        let requestKey: String
        switch style {
        case .page: requestKey = "page"
        case .token: requestKey = "token"
        case .cursor: requestKey = "cursor"
        }
        let allowedByStyle: [Pagination.Style: Set<String>] = [
            .page: ["page", "size", "first", "totalPages", "last"],
            .token: ["token", "size", "next", "previous"],
            .cursor: ["cursor", "size", "next", "previous"],
        ]
        for pair in reader.pairs where !["style", "items"].contains(pair.key) && !allowedByStyle[style]!.contains(pair.key) {
            log.error("'\(pair.key)' does not apply to \(style.rawValue) pagination", at: pair.keyLocation)
        }
        guard let items = reader.string("items") else {
            log.error("the pagination of \(context) needs 'items': the path of the item list in the response", at: node.location)
            return nil
        }
        if style != .page && !reader.has("next") {
            log.error("\(style.rawValue) pagination of \(context) needs 'next': the path of the next \(requestKey) in the response", at: node.location)
        }
        return Pagination(
            style: style, items: items, requestParameter: reader.string(requestKey) ?? requestKey,
            sizeParameter: reader.string("size"), firstPage: reader.int("first") ?? 1,
            next: reader.string("next"), previous: reader.string("previous"),
            totalPages: reader.string("totalPages"), last: reader.string("last"), location: node.location)
    }

    private func cache(_ node: YAMLNode, context: String) -> CachePolicy? {
        guard
            let reader = MappingReader(
                node, context: "'cache' of \(context)", allowed: ["mode", "maxAge", "refreshErrors"] + Self.cacheStorageKeys + MappingReader.noteKeys, log: log)
        else { return nil }
        let modeText = reader.string("mode") ?? "network"
        guard let mode = CachePolicy.Mode(rawValue: modeText) else {
            log.error("cache 'mode' of \(context) must be network or localFirst, found '\(modeText)'", at: reader["mode"]?.location)
            return nil
        }
        let errorsText = reader.string("refreshErrors") ?? "surface"
        guard let refreshErrors = CachePolicy.RefreshErrors(rawValue: errorsText) else {
            log.error("cache 'refreshErrors' of \(context) must be suppress or surface, found '\(errorsText)'", at: reader["refreshErrors"]?.location)
            return nil
        }
        let maxAge = reader.int("maxAge")
        if let maxAge, maxAge <= 0 {
            log.error("cache 'maxAge' of \(context) must be a positive number of seconds, found \(maxAge)", at: reader["maxAge"]?.location)
        }
        var policy = CachePolicy(mode: mode, maxAge: maxAge, refreshErrors: refreshErrors, notes: reader.notes())
        cacheStorage(reader, into: &policy, context: context)
        return policy
    }

    // MARK: Examples

    private func examples(_ reader: MappingReader) -> [Example] {
        var examples: [Example] = []
        if let single = reader["example"] {
            examples.append(Example(name: "example", value: single, location: single.location))
        }
        for pair in reader.entries("examples") {
            if let value = loadExample(pair.value) {
                examples.append(Example(name: pair.key, value: value, location: pair.keyLocation))
            }
        }
        return examples
    }

    private func operationExamples(_ reader: MappingReader, context: String) -> [OperationDefinition.OperationExample] {
        reader.entries("examples").compactMap { pair in
            let exampleContext = "example '\(pair.key)' of \(context)"
            guard
                let exampleReader = MappingReader(
                    pair.value, context: exampleContext,
                    allowed: ["path", "query", "headers", "request", "response", "status", "docs"], log: log)
            else { return nil }
            var parameters: [String: YAMLNode] = [:]
            for key in ["path", "query", "headers"] {
                for parameter in exampleReader.entries(key) { parameters[parameter.key] = parameter.value }
            }
            return OperationDefinition.OperationExample(
                name: pair.key, parameters: parameters,
                request: exampleReader["request"].flatMap(loadExample),
                response: exampleReader["response"].flatMap(loadExample),
                status: exampleReader.int("status"), location: pair.keyLocation)
        }
    }

    /// An inline value, or `{ $file: relative/path.json }` read from next to the schema.
    private func loadExample(_ node: YAMLNode) -> YAMLNode? {
        guard let pairs = node.pairs, pairs.count == 1, pairs[0].key == "$file" else { return node }
        guard let relative = pairs[0].value.scalar?.text else {
            log.error("'$file' must be a path", at: pairs[0].value.location)
            return nil
        }
        let (text, lookedAt) = exampleFiles.read(relative)
        guard let text else {
            log.error("cannot read example file '\(relative)' (looked at \(lookedAt))", at: pairs[0].value.location)
            return nil
        }
        return YAMLReader.read(text, file: lookedAt, log: log)
    }
}

extension TypeReference {
    /// Parses a type expression as a schema writes it (`Item`, `[Item]`, `[string: Item]`, `int32`);
    /// nil when it is malformed. Names are not resolved: check them against the schema.
    public init?(expression: String) {
        guard case .success(let reference) = TypeExpression.parse(expression) else { return nil }
        self = reference
    }

    /// Parses a type expression, or says what is wrong with it (malformed, or nested too deep).
    public static func parse(expression: String) -> Result<TypeReference, TypeExpressionError> {
        TypeExpression.parse(expression).mapError { TypeExpressionError(message: $0.message) }
    }

    /// Lists and maps may nest this deep in one type (counting through aliases); see
    /// docs/SchemaLanguage.md, "Limits".
    public static var maximumNesting: Int { TypeExpression.maximumNesting }

    /// The named types an expression mentions.
    public var namedTypes: [String] {
        switch self {
        case .primitive: return []
        case .named(let name): return [name]
        case .array(let element): return element.namedTypes
        case .map(_, let value): return value.namedTypes
        }
    }
}

/// The type expression grammar: `[T]`, `[K: V]`, a primitive or a type name.
///
/// Parsed in one pass from left to right (the brackets opened, the innermost type, then the brackets
/// closed), so the time is linear in the text, and nesting is checked while the brackets are counted,
/// before any nested value is built.
enum TypeExpression {
    /// Lists and maps may nest this deep in one type, counting through aliases. Deeper nesting serves no
    /// real API, and at around 20 levels the Swift compiler no longer type-checks the generated code in
    /// reasonable time (measured in docs/SchemaLanguage.md, "Limits").
    static let maximumNesting = 12

    private enum Bracket {
        case list
        case map(TypeReference.MapKey)
    }

    static func parse(_ text: String, at location: SourceLocation, log: DiagnosticLog, enclosingDepth: Int = 0) -> TypeReference? {
        switch parse(text, enclosingDepth: enclosingDepth) {
        case .success(let reference):
            return reference
        case .failure(let failure):
            log.error(failure.message, at: location)
            return nil
        }
    }

    struct Failure: Error {
        let message: String
    }

    /// `enclosingDepth`: the lists a YAML flow sequence (`type: [[ "[int]" ]]`) already opened around
    /// this text.
    static func parse(_ text: String, enclosingDepth: Int = 0) -> Result<TypeReference, Failure> {
        let characters = Array(text.unicodeScalars)
        var position = 0
        func skipSpaces() {
            while position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
        }
        /// The text up to the next bracket or colon, without surrounding spaces.
        func word() -> String {
            let start = position
            while position < characters.count, !"[]:".unicodeScalars.contains(characters[position]) { position += 1 }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: characters[start..<position])
            return String(view).trimmingCharacters(in: .whitespaces)
        }
        let shown = text.count > 80 ? "\(text.prefix(80))…" : text
        let malformed = Failure(message: "malformed type '\(shown)': a list is [T], a map [string: T] or [int: T]")

        var brackets: [Bracket] = []
        skipSpaces()
        while position < characters.count, characters[position] == "[" {
            guard enclosingDepth + brackets.count < maximumNesting else {
                return .failure(Failure(message: "type '\(shown)' nests lists and maps more than \(maximumNesting) levels deep"))
            }
            position += 1
            skipSpaces()
            // `[string: T]`: a key word followed by a colon; otherwise go back, it was `[T]`.
            let start = position
            let key = word()
            if position < characters.count, characters[position] == ":" {
                guard let mapKey = TypeReference.MapKey(rawValue: key) else {
                    return .failure(Failure(message: "map keys must be string or int, found '\(key)' in '\(shown)'"))
                }
                position += 1
                brackets.append(.map(mapKey))
            } else {
                position = start
                brackets.append(.list)
            }
            skipSpaces()
        }
        let name = word()
        guard !name.isEmpty else {
            return .failure(brackets.isEmpty && position == characters.count ? Failure(message: "empty type") : malformed)
        }
        var reference: TypeReference = Primitive(rawValue: name).map(TypeReference.primitive) ?? .named(name)
        while let bracket = brackets.popLast() {
            skipSpaces()
            guard position < characters.count, characters[position] == "]" else { return .failure(malformed) }
            position += 1
            switch bracket {
            case .list: reference = .array(reference)
            case .map(let key): reference = .map(key: key, value: reference)
            }
        }
        skipSpaces()
        guard position == characters.count else { return .failure(malformed) }
        return .success(reference)
    }
}

/// Why a type expression cannot be used.
public struct TypeExpressionError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
