@_spi(Shared) import WireFormat
/// How a request body is written on the wire (`body: { type: T, encoding: ... }`).
public enum BodyEncoding: String, Sendable, Hashable, CaseIterable {
    /// `application/json` (the default).
    case json
    /// `application/x-www-form-urlencoded`: a struct of scalars and lists of scalars, or with
    /// `style: deepObject` of structs, maps and lists nested in brackets (`card[number]=4242`).
    case form
    /// `multipart/form-data`: a struct; `binary` fields are file parts, scalars and lists of scalars text
    /// parts, any other field (an object, a list of objects) a JSON part (`Content-Type: application/json`).
    case multipart
    /// The bytes as they are (`type: binary`), with the schema's `contentType`.
    case raw

    /// The `Content-Type` the body is sent with (multipart adds its boundary at run time).
    public func mediaType(contentType: String?) -> String {
        switch self {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .multipart: "multipart/form-data"
        case .raw: contentType ?? "application/octet-stream"
        }
    }
}

/// `style:` of a query parameter whose type is a `[string: T]` map or a struct, or of a form body.
public enum QueryStyle: String, Sendable, Hashable, CaseIterable {
    /// Each member is its own query item, `status=x` (OpenAPI `style: form, explode: true`); a form body
    /// is a flat struct of scalars and lists of scalars.
    case form
    /// Each member is `name[key]=value` (OpenAPI `style: deepObject, explode: true`), nested to any depth
    /// in Stripe's bracket style: `filter[price][gte]=10`, `items[0][price]=p_1`, list elements by index.
    case deepObject
}

extension OperationDefinition {
    /// Whether the whole URL is a call argument (`http: PUT {uploadUrl}`), not a path under the base URL.
    public var hasAbsoluteURL: Bool { !path.hasPrefix("/") }

    /// The path parameter holding the whole URL of an operation with `hasAbsoluteURL`.
    public var absoluteURLParameter: Field? {
        guard hasAbsoluteURL else { return nil }
        return pathParameters.first { "{\($0.wireName)}" == path }
    }

    /// The content type of the request body on the wire, nil without a body.
    public var requestMediaType: String? {
        body.map { $0.encoding.mediaType(contentType: $0.contentType) }
    }
}

extension Environment {
    /// Whether the URL is completed and checked at run time: its variables make up the scheme or the origin
    /// (`{serverUrl}`, `{server}/api/v2`, `{protocol}://{hostname}`), so the generated factory throws
    /// `BaseURLError` unless the result is an absolute http(s) URL. False for `https://{host}/v1`.
    public var isCheckedAtRunTime: Bool { !BaseURLTemplate.hasLiteralScheme(url) }

    /// The variable that is the whole URL (`url: "{serverUrl}"`), supplied and checked at run time.
    public var wholeURLVariable: Variable? {
        guard variables.count == 1, url == "{\(variables[0].name)}" else { return nil }
        return variables[0]
    }
}

extension SchemaParser {
    /// `http: PUT {uploadUrl}`: the whole target is one placeholder.
    static func isWholeURLPlaceholder(_ target: Substring) -> Bool {
        target.hasPrefix("{") && target.hasSuffix("}") && target.dropFirst().dropLast().allSatisfy { $0 != "{" && $0 != "}" } && target.count > 2
    }

    /// `encoding:` of a body mapping; JSON when absent or misspelled (after the diagnostic).
    func bodyEncoding(_ reader: MappingReader, context: String) -> BodyEncoding {
        guard let text = reader.string("encoding") else { return .json }
        guard let encoding = BodyEncoding(rawValue: text) else {
            let names = BodyEncoding.allCases.map(\.rawValue)
            log.error(
                "'encoding' of the body of \(context) must be \(names.joined(separator: ", ")), found '\(text)'\(Suggestion.didYouMean(text, in: names))",
                at: reader["encoding"]?.location)
            return .json
        }
        return encoding
    }

    /// `response: T`, or `response: { type: binary, contentType: image/png }` for raw bytes.
    func responseType(_ node: YAMLNode?, context: String) -> (TypeReference?, String?) {
        guard let node else { return (nil, nil) }
        guard node.pairs != nil else { return (typeReference(node), nil) }
        guard let reader = MappingReader(node, context: "the response of \(context)", allowed: ["type", "contentType"], log: log) else { return (nil, nil) }
        guard let typeNode = reader["type"] else {
            log.error("the response of \(context) needs a 'type'", at: node.location)
            return (nil, nil)
        }
        guard let type = typeReference(typeNode) else { return (nil, nil) }
        guard let contentType = reader.string("contentType") else { return (type, nil) }
        if type != .primitive(.binary) {
            log.error(
                "'contentType' of the response of \(context) is for raw bytes: the type must be binary, found '\(type)'",
                at: typeNode.location)
            return (nil, nil)
        }
        return (type, contentType)
    }

    /// `style:` of a parameter.
    func queryStyle(_ reader: MappingReader, context: String) -> QueryStyle? {
        guard let text = reader.string("style") else { return nil }
        guard let style = QueryStyle(rawValue: text) else {
            let names = QueryStyle.allCases.map(\.rawValue)
            log.error(
                "'style' of \(context) must be form or deepObject, found '\(text)'\(Suggestion.didYouMean(text, in: names))", at: reader["style"]?.location)
            return nil
        }
        return style
    }
}

extension Schema {
    /// `type` with named aliases replaced by what they stand for (at most 32 deep; cycles are reported
    /// elsewhere).
    public func resolvingAliases(_ type: TypeReference) -> TypeReference {
        var current = type
        for _ in 0..<32 {
            guard case .named(let name) = current, case .alias(let target, _)? = self.type(named: name)?.kind else { return current }
            current = target
        }
        return current
    }

    /// Whether a query parameter of `type` holds an object (a map or a struct) written as several items.
    public func isQueryObject(_ type: TypeReference) -> Bool {
        switch resolvingAliases(type) {
        case .map: return true
        case .named(let name):
            if case .structure? = self.type(named: name)?.kind { return true }
            return false
        case .primitive, .array: return false
        }
    }

    /// The fields of a multipart body that are sent as JSON parts (`Content-Type: application/json`):
    /// those that are neither a scalar (a primitive other than `json`, an enum) nor a list of scalars,
    /// as OpenAPI sends a complex property of a multipart body.
    public func jsonPartFields(of body: OperationDefinition.Body) -> [Field] {
        guard body.encoding == .multipart, case .named(let name) = resolvingAliases(body.type) else { return [] }
        return (type(named: name)?.fields ?? []).filter { field in
            var element = resolvingAliases(field.type)
            if case .array(let inner) = element { element = resolvingAliases(inner) }
            return !isScalar(element)
        }
    }

    /// Whether a value of `type` is one text item on the wire: a primitive other than `json`, or an enum.
    public func isScalar(_ type: TypeReference) -> Bool {
        switch resolvingAliases(type) {
        case .primitive(let primitive): return primitive != .json
        case .named(let name):
            if case .enumeration? = self.type(named: name)?.kind { return true }
            return false
        case .array, .map: return false
        }
    }

    /// The fields of the struct `type` names (through aliases); empty for other types.
    public func structFields(of type: TypeReference) -> [Field] {
        guard case .named(let name) = resolvingAliases(type), case .structure(let fields)? = self.type(named: name)?.kind else { return [] }
        return fields
    }

    /// The fields of a multipart body that are sent as file parts: those of type `binary`.
    public func fileFields(of body: OperationDefinition.Body) -> [Field] {
        guard body.encoding == .multipart, case .named(let name) = resolvingAliases(body.type) else { return [] }
        return (type(named: name)?.fields ?? []).filter { resolvingAliases($0.type) == .primitive(.binary) }
    }
}
