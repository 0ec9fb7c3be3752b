import Foundation
import SchemaModel

/// Translates `paths` into the language's `operations:`, one per path and method.
final class OperationTranslator {
    private let document: OpenAPIDocument
    private let types: TypeTranslator
    private let catalogue: ErrorCatalogueBuilder
    private let schemeNames: [String: String]
    /// Where each imported scheme's credential travels (`OpenAPIImport`), by its name in the schema.
    private let credentialSlots: [String: String]
    private var log: ImportLog { document.log }
    private var names = NameScope()
    /// Where each operation was read, for diagnostics found after translation.
    private(set) var sources: [String: (YAMLNode, JSONPointer)] = [:]
    /// Set while translating an operation that cannot be imported (a warning says why).
    private var skipped = false
    private(set) var operations: [(String, YAMLValue)] = []
    /// Each operation's auth list as written (`nil` when it says nothing), for `defaultAuth`.
    private(set) var securityLists: [[[String]]?] = []

    /// A `4XX`, `5XX` or `default` response with a JSON body: nothing more when the body is the error
    /// catalogue's, else a normal answer of its own. Decided once every operation has been read
    /// (`finishClassAnswers`), so the catalogue's body comes from an exact error status where one has it.
    private struct ClassAnswer {
        let status: StatusPattern
        let body: String
        let schema: YAMLNode
        let schemaPointer: JSONPointer

        var name: String {
            switch status {
            case .range(4): return "clientError"
            case .range(5): return "serverError"
            case .exact, .range: return "status\(status.text)"
            case .other: return "other"
            }
        }
    }

    /// An operation's class answers, and its success response's status (nil: it has none).
    private var pendingClassAnswers: [(operation: String, success: StatusPattern?, answers: [ClassAnswer])] = []

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Each imported operation's route (method and path, placeholder names aside), whether its path has
    /// neither query nor fragment, and what its request requires: operations may share a route when
    /// their requirements differ (`RequestRequirements`), decided once every operation has been read.
    private var routeClaims: [RouteClaim] = []
    private typealias RouteClaim = (
        operation: String, route: String, display: String, plain: Bool, requirements: RequestRequirements, source: (YAMLNode, JSONPointer)
    )

    /// A path as the language takes it: without a fragment (never sent; some documents use one to
    /// tell apart operations of one route) and without a literal query, whose items are returned.
    /// Nil items when the query has an item without a value, which no query parameter can send.
    static func splitPath(_ path: String) -> (path: String, query: [(name: String, value: String)]?, fragment: String?) {
        var rest = Substring(path)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), [], fragment) }
        var items: [(name: String, value: String)] = []
        for item in rest[rest.index(after: mark)...].split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = parts[0].removingPercentEncoding, !name.isEmpty, let value = parts[1].removingPercentEncoding else {
                return (String(rest[..<mark]), nil, fragment)
            }
            items.append((name, value))
        }
        return (String(rest[..<mark]), items, fragment)
    }

    init(
        document: OpenAPIDocument, types: TypeTranslator, catalogue: ErrorCatalogueBuilder, schemeNames: [String: String],
        credentialSlots: [String: String] = [:]
    ) {
        self.credentialSlots = credentialSlots
        self.document = document
        self.types = types
        self.catalogue = catalogue
        self.schemeNames = schemeNames
    }

    func translate() {
        let base = JSONPointer.root.appending("paths")
        for pathPair in document.root["paths"]?.pairs ?? [] {
            let itemPointer = base.appending(pathPair.key)
            guard let (item, _) = document.resolve(pathPair.value, at: itemPointer) else { continue }
            for pair in item.pairs ?? [] where !Self.methods.contains(pair.key) {
                switch pair.key {
                case "parameters", "summary", "description", "servers", "$ref": continue
                default:
                    if !pair.key.hasPrefix("x-") {
                        log.warning(
                            "'\(pair.key)' of a path item cannot be written in the schema language: not imported", at: pair.value,
                            itemPointer.appending(pair.key))
                    }
                }
            }
            for method in Self.methods {
                guard let node = item[method] else { continue }
                translate(node, method: method, path: pathPair.key, item: item, pointer: itemPointer.appending(method))
            }
        }
        dropIndistinguishableOperations()
    }

    /// Of operations on one route that require the same, a server cannot tell which a request calls:
    /// the first is kept, a plain path before one with a query or fragment wherever it stands in the
    /// document, and each other is reported and left out.
    private func dropIndistinguishableOperations() {
        var kept: [String: [(operation: String, requirements: RequestRequirements)]] = [:]
        var dropped: Set<String> = []
        for claim in routeClaims.enumerated().sorted(by: { ($0.element.plain ? 0 : 1, $0.offset) < ($1.element.plain ? 0 : 1, $1.offset) }).map(\.element) {
            if let twin = kept[claim.route]?.first(where: { $0.requirements == claim.requirements }) {
                log.warning(
                    "\(claim.display) is also operation '\(twin.operation)', and both require \(claim.requirements.summary); a server cannot tell them apart (a path's fragment is not sent): operation not imported",
                    at: claim.source.0, claim.source.1)
                dropped.insert(claim.operation)
            } else {
                kept[claim.route, default: []].append((claim.operation, claim.requirements))
            }
        }
        guard !dropped.isEmpty else { return }
        let keep = operations.map { !dropped.contains($0.0) }
        operations = zip(operations, keep).filter(\.1).map(\.0)
        securityLists = zip(securityLists, keep).filter(\.1).map(\.0)
        for name in dropped { sources[name] = nil }
    }

    private func translate(_ node: YAMLNode, method: String, path documentPath: String, item: YAMLNode, pointer: JSONPointer) {
        var builder = MapBuilder()
        var modelled: [String] = []
        let (path, pathQuery, fragment) = Self.splitPath(documentPath)
        guard var literalQuery = pathQuery else {
            log.warning(
                "the path '\(documentPath.prefix(200))' has a query item without a value, which a query parameter cannot send: operation not imported",
                at: node,
                pointer)
            return
        }
        if let fragment { modelled.append("The document's path ends in the fragment '#\(fragment)', which is not sent.") }
        let name: String
        if let operationId = node["operationId"]?.scalar?.text {
            let candidate = ImportNames.member(operationId, fallback: "operation")
            name = names.claim(candidate)
            if name != operationId { modelled.append("The operationId is '\(operationId)'.") }
        } else {
            name = names.claim(ImportNames.lowerCamel(method + " " + path, fallback: "operation"))
            modelled.append("The document gives no operationId; the name is made from the method and path.")
        }
        // The summary goes into the docs unless the description already starts with it (this
        // project's export writes the docs' first sentence, on one line, as the summary).
        var description = node["description"]?.scalar?.text
        if let summary = node["summary"]?.scalar?.text {
            func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            let stem = words(summary.hasSuffix(".") ? String(summary.dropLast()) : summary)
            if !words(description ?? "").hasPrefix(stem) {
                description = description.map { summary + "\n\n" + $0 } ?? summary
            }
        }
        ImportNotes.read(description: description, deprecated: node["deprecated"], into: &builder)

        // Parameters: the path item's, replaced by the operation's of the same name and location.
        var parameters: [(YAMLNode, JSONPointer)] = []
        for (source, sourcePointer) in [(item, pointer.dropLastToken()), (node, pointer)] {
            for (index, parameter) in (source["parameters"]?.elements ?? []).enumerated() {
                guard let resolved = document.resolve(parameter, at: sourcePointer.appending("parameters").appending(index)) else { continue }
                let key = (resolved.node["name"]?.scalar?.text ?? "", resolved.node["in"]?.scalar?.text ?? "")
                parameters.removeAll { ($0.0["name"]?.scalar?.text ?? "", $0.0["in"]?.scalar?.text ?? "") == key }
                parameters.append((resolved.node, resolved.pointer))
            }
        }
        var absoluteURL: String?
        // The export's form of a URL given at call time: the path `/` with one server that is a variable.
        if path == "/", let server = node["servers"]?.elements?.first?["url"]?.scalar?.text, server.hasPrefix("{"), server.hasSuffix("}"),
            !server.dropFirst().dropLast().contains("{")
        {
            absoluteURL = String(server.dropFirst().dropLast())
        } else if let servers = node["servers"] {
            log.warning(
                "servers of one operation cannot be written in the schema language: the operation uses the API's environments", at: servers,
                pointer.appending("servers"))
        }
        var parameterNames = NameScope(reserved: ["body"])
        var pathRenames: [String: String] = [:]
        var groups: [String: [(String, YAMLValue)]] = [:]
        let operationTypeName = ImportNames.upperCamel(name, fallback: "Operation")
        for (parameter, parameterPointer) in parameters {
            guard let wire = parameter["name"]?.scalar?.text, let location = parameter["in"]?.scalar?.text else {
                log.error("a parameter needs 'name' and 'in'", at: parameter, parameterPointer)
                continue
            }
            guard ["path", "query", "header"].contains(location) else {
                log.warning("\(location) parameter '\(wire)' cannot be written in the schema language: not imported", at: parameter, parameterPointer)
                continue
            }
            // The export's form of the path's literal query: a required parameter with one allowed value.
            if location == "query", let value = Self.literalParameterValue(parameter) {
                literalQuery.append((wire, value))
                continue
            }
            if location == "header", ["accept", "content-type", "authorization"].contains(wire.lowercased()) {
                log.warning("header parameter '\(wire)' is set by the generated client (content type, auth): not imported", at: parameter, parameterPointer)
                continue
            }
            let parameterName = parameterNames.claim(location == "header" ? ImportNames.header(wire) : ImportNames.member(wire, fallback: "parameter"))
            if location == "path" { pathRenames[wire] = parameterName }
            groups[location, default: []].append(
                (
                    parameterName,
                    self.parameter(
                        parameter, pointer: parameterPointer, wire: wire, name: parameterName,
                        location: location, hint: operationTypeName + ImportNames.upperCamel(wire))
                ))
        }
        // A placeholder the document does not declare (it must, but documents forget): a string, as the
        // path carries it, rather than a schema that cannot load.
        if absoluteURL == nil {
            for wire in path.templatePlaceholders where !wire.isEmpty && pathRenames[wire] == nil {
                let parameterName = parameterNames.claim(ImportNames.member(wire, fallback: "parameter"))
                pathRenames[wire] = parameterName
                log.warning("path parameter '\(wire)' is in the path but not declared: imported as a string", at: node, pointer)
                var value = MapBuilder()
                value.set("type", "string")
                value.set("modelled", "Not declared by the OpenAPI document: the importer declared it as the string its path carries.")
                groups["path", default: []].append((parameterName, value.value))
            }
        }
        // The path's literal query stays the path's (`http: POST /sign?api-version=2020-09-01`), each
        // name once, unless a declared parameter sends the same name.
        var literalItems: [LiteralQueryItem] = []
        for (wire, value) in literalQuery {
            if let declared = groups["query"]?.first(where: { Self.wireName($0) == wire }) {
                log.warning(
                    "the path's literal query item '\(wire)' is also the query parameter '\(declared.0)': the parameter is imported, the literal value '\(value.prefix(100))' is not",
                    at: node, pointer)
                continue
            }
            if literalItems.contains(where: { $0.name == wire }) {
                log.warning(
                    "the path's literal query names '\(wire.prefix(100))' twice: the first value is imported, '\(value.prefix(100))' is not", at: node, pointer)
                continue
            }
            literalItems.append(LiteralQueryItem(name: wire, value: value))
        }
        var template = path
        for (wire, parameterName) in pathRenames where wire != parameterName {
            template = template.replacingOccurrences(of: "{\(wire)}", with: "{\(parameterName)}")
        }
        if let absoluteURL {
            let parameterName = parameterNames.claim(ImportNames.member(absoluteURL, fallback: "url"))
            template = "{\(parameterName)}"
            var value = MapBuilder()
            value.set("type", "uri")
            value.set("docs", node["servers"]?.elements?.first?["variables"]?[absoluteURL]?["description"]?.scalar?.text)
            groups["path", default: []].insert((parameterName, value.value), at: 0)
        }
        builder.set("http", "\(method.uppercased()) \(template)" + (literalItems.isEmpty ? "" : "?" + literalItems.map(\.text).joined(separator: "&")))
        for (location, key) in [("path", "path"), ("query", "query"), ("header", "headers")] {
            if let members = groups[location], !members.isEmpty { builder.set(key, .map(members)) }
        }
        if let body = node["requestBody"], ["get", "head"].contains(method) {
            log.warning(
                "a \(method.uppercased()) request carries no body (a client such as URLSession refuses to send one): the request body is not imported",
                at: body, pointer.appending("requestBody"))
        } else if let body = node["requestBody"] {
            skipped = false
            requestBody(body, pointer: pointer.appending("requestBody"), typeName: operationTypeName + "Request", into: &builder, modelled: &modelled)
            if skipped { return }
        }
        responses(
            node["responses"], pointer: pointer.appending("responses"), operation: name, typeName: operationTypeName + "Response",
            method: method, into: &builder, modelled: &modelled)
        security(node, pointer: pointer, into: &builder)
        extensions(node, pointer: pointer, parameters: groups, into: &builder, method: method)
        for key in ["callbacks", "links"] {
            if let value = node[key] {
                log.warning("'\(key)' cannot be written in the schema language: not imported", at: value, pointer.appending(key))
            }
        }
        if !modelled.isEmpty { ImportNotes.appendModelled(modelled.joined(separator: " "), into: &builder) }
        if absoluteURL == nil {
            routeClaims.append(
                (
                    name, OperationDefinition.routeKey(method: method, path: path), "\(method.uppercased()) \(path.prefix(200))", path == documentPath,
                    requirements(groups, body: builder, literalQuery: literalItems), (node, pointer)
                ))
        }
        operations.append((name, builder.value))
        sources[name] = (node, pointer)
    }

    /// A parameter entry's wire name: `wire:` when it has one, else its name.
    /// What a request must carry (`RequestRequirements`), from the parameters and body as written.
    private func requirements(_ groups: [String: [(String, YAMLValue)]], body builder: MapBuilder, literalQuery: [LiteralQueryItem]) -> RequestRequirements {
        func required(_ location: String) -> [String] {
            (groups[location] ?? []).filter { entry in
                guard case .map(let members) = entry.1 else { return true }
                return !members.contains { $0.0 == "optional" || $0.0 == "default" }
            }.map(Self.wireName)
        }
        let body = builder.members.first { $0.0 == "body" }.map { YAMLRenderer.render($0.1) }
        return RequestRequirements(
            query: Set(required("query")), headers: Set(required("header").map { $0.lowercased() }), body: body,
            literalQuery: Set(literalQuery.map(\.text)))
    }

    /// The value of a query parameter in the export's form of a path's literal query item: `x-literal: true`,
    /// required, a string schema whose `enum` has one value. Nil for any other parameter, which stays a
    /// parameter (a one-value enum alone is a parameter the caller passes, not a literal).
    static func literalParameterValue(_ parameter: YAMLNode) -> String? {
        guard parameter["x-literal"]?.scalar?.text == "true", parameter["required"]?.scalar?.text == "true",
            let values = parameter["schema"]?["enum"]?.elements, values.count == 1, let value = values[0].scalar?.text
        else { return nil }
        return value
    }

    private static func wireName(_ entry: (String, YAMLValue)) -> String {
        if case .map(let members) = entry.1, case .string(let wire)? = members.first(where: { $0.0 == "wire" })?.1 { return wire }
        return entry.0
    }

    func parameter(_ node: YAMLNode, pointer: JSONPointer, wire: String, name: String, location: String, hint: String) -> YAMLValue {
        var builder = MapBuilder()
        ImportNotes.read(description: node["description"]?.scalar?.text, deprecated: node["deprecated"], into: &builder)
        let schemaNode = node["schema"].map { SchemaNode($0, pointer.appending("schema")) }
        if schemaNode == nil, let content = node["content"]?.pairs?.first {
            log.warning(
                "a parameter with 'content' (\(content.key)) is imported as string: the caller encodes the value", at: content.value,
                pointer.appending("content"))
            ImportNotes.appendModelled("The document sends this parameter as \(content.key); the caller passes the encoded text.", into: &builder)
        }
        var usage = schemaNode.map { types.use($0, hint: hint) } ?? TypeUsage(expression: "string")
        let style = node["style"]?.scalar?.text
        let fits: Bool
        switch location {
        case "query":
            fits =
                types.isScalarOrList(usage.expression) || types.isScalarMap(usage.expression) || types.isFlatStruct(usage.expression)
                || (style == "deepObject" && (types.isNestableStruct(usage.expression) || types.isNestableMap(usage.expression)))
        default: fits = types.isScalar(usage.expression)
        }
        if !fits {
            let holds =
                location == "query"
                ? "a primitive, an enum, a list of them, or an object of them (with style: deepObject, objects, maps and lists nested without recursion, json or unions)"
                : "a primitive or an enum"
            log.warning(
                "\(location) parameter '\(wire)' is \(usage.expression), but a \(location) parameter holds \(holds): imported as string", at: node, pointer)
            usage = TypeUsage(expression: "string")
        }
        builder.set("type", usage.expression)
        // A path parameter's wire name only names its placeholder, which is renamed with it.
        if name != wire, location != "path" { builder.set("wire", wire) }
        let required = location == "path" || node["required"]?.scalar?.text == "true"
        var defaultValue = schemaNode.flatMap { TypeTranslator.defaultValue(of: StrippedSchema($0)) }
        if location == "path", let given = defaultValue {
            // Every path parameter is sent: a default would never apply.
            log.warning("a path parameter's default cannot be written in the schema language: not imported", at: given.node, given.origin.pointer)
            defaultValue = nil
        }
        if !required && defaultValue == nil { builder.set("optional", .bool(true)) }
        if let defaultValue { builder.set("default", YAMLValue(defaultValue.node)) }
        for (key, value) in usage.constraints { builder.set(key, value) }
        if let secret = schemaNode.flatMap({ StrippedSchema($0)["x-secret"] }), secret.scalar?.text == "true" {
            if location == "path" {
                log.warning(
                    "a secret path parameter cannot be written in the schema language (a path is logged and cannot be redacted): imported as not secret",
                    at: secret, pointer)
            } else {
                builder.set("secret", .bool(true))
            }
        }
        if location == "query", let style {
            if style == "deepObject", fits {
                builder.set("style", "deepObject")
            } else if style != "form", style != "deepObject" {
                log.warning(
                    "query style '\(style)' cannot be written in the schema language: the parameter is sent as form items", at: node["style"],
                    pointer.appending("style"))
            }
        }
        if node["explode"]?.scalar?.text == "false", usage.expression.hasPrefix("[") {
            log.warning(
                "'explode: false' cannot be written in the schema language: lists are sent as one item per element", at: node["explode"],
                pointer.appending("explode"))
        }
        let kept = types.admitted(
            builder.members,
            source: UseSource(
                required: required, origin: Origin(node: node, pointer: pointer), defaultOrigin: defaultValue?.origin, constraintOrigins: usage.origins))
        if kept.count == 1 { return .string(usage.expression) }
        return .map(kept)
    }

    /// Media types in order of preference: JSON, form, multipart, then anything else as raw bytes
    /// (the sort is stable, so the document's order decides among equals).
    private func preferredContent(_ content: YAMLNode) -> (mediaType: String, node: YAMLNode)? {
        let ranked = (content.pairs ?? []).sorted { Self.rank($0.key) < Self.rank($1.key) }
        return ranked.first.map { ($0.key, $0.value) }
    }

    private static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType.hasPrefix("application/json;")
    }

    private static let formMediaType = "application/x-www-form-urlencoded"
    private static let multipartMediaType = "multipart/form-data"

    private static func rank(_ mediaType: String) -> Int {
        if isJSON(mediaType) { return 0 }
        if mediaType == formMediaType { return 1 }
        if mediaType == multipartMediaType { return 2 }
        return 3
    }

    private func requestBody(_ node: YAMLNode, pointer: JSONPointer, typeName: String, into builder: inout MapBuilder, modelled: inout [String]) {
        guard let (body, bodyPointer) = document.resolve(node, at: pointer) else { return }
        // A body offered only as sequential media types is a stream of events sent as they are produced.
        if let content = body["content"],
            let stream = eventStream(content, pointer: bodyPointer.appending("content"), typeName: typeName, side: "request body")
        {
            var value = MapBuilder()
            for (key, entry) in stream { value.set(key, entry) }
            if let docs = body["description"]?.scalar?.text { value.set("docs", docs) }
            builder.set("requestStream", value.value)
            if body["required"]?.scalar?.text != "true" {
                modelled.append("The request body is optional in the document; the client always sends its events (perhaps none).")
            }
            return
        }
        guard let content = body["content"], let (mediaType, media) = preferredContent(content) else {
            log.warning("a request body without content cannot be written in the schema language: not imported", at: body, bodyPointer)
            return
        }
        let others = (content.pairs ?? []).map(\.key).filter { $0 != mediaType }
        if !others.isEmpty {
            log.warning(
                "the request body is also offered as \(others.joined(separator: ", ")); only \(mediaType) is imported", at: content,
                bodyPointer.appending("content"))
        }
        let mediaPointer = bodyPointer.appending("content").appending(mediaType)
        var value = MapBuilder()
        ImportNotes.read(description: body["description"]?.scalar?.text, deprecated: nil, into: &value)
        let schema = media["schema"].map { SchemaNode($0, mediaPointer.appending("schema")) }
        switch Self.rank(mediaType) {
        case 0:
            value.set("type", schema.map { types.use($0, hint: typeName).expression } ?? "json")
        case 1, 2:
            let expression = schema.map { types.use($0, hint: typeName).expression } ?? "json"
            let isForm = mediaType == Self.formMediaType
            // A flat form is written as it is; a form with nested members is Stripe's bracket style
            // (`style: deepObject`, what the document's `encoding` says for them); a multipart body is
            // any struct, its objects and lists of objects JSON parts.
            let saysDeepObject = media["encoding"]?.pairs?.contains { $0.value["style"]?.scalar?.text == "deepObject" } ?? false
            let nested = isForm && (saysDeepObject || !types.isFlatStruct(expression)) && types.isNestableStruct(expression)
            guard isForm ? (types.isFlatStruct(expression) || nested) : types.isStruct(expression) else {
                let holds =
                    isForm
                    ? "a form body is a struct of primitives, enums, lists, maps and structs of them (no json, union or recursion)"
                    : "a multipart body is a struct"
                log.warning("the \(mediaType) body is \(expression), but \(holds): operation not imported", at: media, mediaPointer)
                skipped = true
                return
            }
            value.set("type", expression)
            value.set("encoding", isForm ? "form" : "multipart")
            if nested { value.set("style", "deepObject") }
            // The file parts' content type, from the `encoding` of a binary field (JSON and text parts
            // are named beside them).
            let files = Set(types.binaryFieldWireNames(expression))
            let partTypes = media["encoding"]?.pairs?.filter { files.contains($0.key) }.compactMap { $0.value["contentType"]?.scalar?.text } ?? []
            if !isForm, let partType = partTypes.first {
                value.set("contentType", partType)
            }
        default:
            value.set("type", "binary")
            value.set("encoding", "raw")
            value.set("contentType", mediaType.contains("*") ? "application/octet-stream" : mediaType)
            if let schema, schema["format"]?.scalar?.text != "binary", schema["contentMediaType"] == nil {
                modelled.append("The \(mediaType) request body is sent as raw bytes.")
            }
        }
        if body["required"]?.scalar?.text != "true" {
            modelled.append("The request body is optional in the document; the client always sends one.")
        }
        builder.set("body", value.members.count == 1 ? value.members[0].1 : value.value)
    }

    private func responses(
        _ node: YAMLNode?, pointer: JSONPointer, operation: String, typeName: String, method: String,
        into builder: inout MapBuilder, modelled: inout [String]
    ) {
        guard let pairs = node?.pairs else {
            log.warning("the operation has no 'responses': imported without a response body", at: node, pointer)
            return
        }
        let successes = pairs.filter { ($0.key.first == "2") }
        // Several outcomes written by this project's export.
        if pairs.contains(where: { $0.value["x-outcomes"] != nil }) {
            outcomes(pairs, pointer: pointer, operation: operation, into: &builder)
            return
        }
        var errorNames: [String] = []
        var classAnswers: [ClassAnswer] = []
        for pair in pairs where pair.key.first == "4" || pair.key.first == "5" || pair.key == "default" {
            guard let (response, responsePointer) = document.resolve(pair.value, at: pointer.appending(pair.key)) else { continue }
            if let listed = response["x-error-cases"]?.elements?.compactMap(\.scalar?.text) {
                errorNames += listed
            } else if let status = Int(pair.key) {
                errorNames.append(catalogue.claim(status: status, response: response, pointer: responsePointer, typeName: typeName))
            } else if let pattern = StatusPattern(text: pair.key) {
                if let answer = classAnswer(pattern, response: response, pointer: responsePointer, typeName: typeName) { classAnswers.append(answer) }
            } else if StatusPattern(text: pair.key) == nil {
                log.warning(
                    "response '\(pair.key)' is not a status, a class (2XX, 4XX, 5XX) or default: not imported", at: pair.value, pointer.appending(pair.key))
            }
        }
        guard let first = successes.first else {
            if !pairs.isEmpty { log.warning("no 2xx response: imported without a response body", at: node, pointer) }
            if !classAnswers.isEmpty { pendingClassAnswers.append((operation, nil, classAnswers)) }
            builder.set("errors", errorNames.isEmpty ? nil : YAMLValue.list(errorNames.map(YAMLValue.string)))
            return
        }
        if successes.count > 1 {
            if let (outcomes, headers) = successOutcomes(successes, pointer: pointer, typeName: typeName) {
                // Every success status is an outcome (`responses:`): none is lost.
                builder.set("responses", .map(outcomes))
                if !headers.isEmpty { builder.set("responseHeaders", .map(headers)) }
                if !errorNames.isEmpty { builder.set("errors", .list(errorNames.map(YAMLValue.string))) }
                let firstExact = successes.lazy.compactMap { Int($0.key) }.first
                if !classAnswers.isEmpty { pendingClassAnswers.append((operation, firstExact.map { .exact($0) } ?? .range(2), classAnswers)) }
                return
            }
            log.warning(
                "several success responses (\(successes.map(\.key).joined(separator: ", "))): only \(first.key) is imported, since one of them is not JSON (an outcome's body is a JSON type)",
                at: successes[1].value, pointer.appending(successes[1].key))
        }
        let status = Int(first.key) ?? 200
        guard let (response, responsePointer) = document.resolve(first.value, at: pointer.appending(first.key)) else { return }
        var hasBody = false
        if let content = response["content"],
            let stream = eventStream(content, pointer: responsePointer.appending("content"), typeName: typeName, side: "response")
        {
            builder.set("stream", .map(stream))
            hasBody = true
        } else if let content = response["content"], let (mediaType, media) = preferredContent(content) {
            let mediaPointer = responsePointer.appending("content").appending(mediaType)
            let others = (content.pairs ?? []).map(\.key).filter { $0 != mediaType }
            if !others.isEmpty {
                log.warning(
                    "the response is also offered as \(others.joined(separator: ", ")); only \(mediaType) is imported", at: content,
                    responsePointer.appending("content"))
            }
            let schema = media["schema"].map { SchemaNode($0, mediaPointer.appending("schema")) }
            if Self.isJSON(mediaType) {
                builder.set("response", schema.map { types.use($0, hint: typeName).expression } ?? "json")
            } else {
                builder.set(
                    "response", .map([("type", .string("binary")), ("contentType", .string(mediaType.contains("*") ? "application/octet-stream" : mediaType))]))
            }
            hasBody = true
            if media["examples"] != nil || media["example"] != nil { types.noteSkippedExample(media["examples"] ?? media["example"]!, mediaPointer) }
        }
        if let headers = response["headers"]?.pairs {
            let fields = responseHeaders(headers, pointer: responsePointer.appending("headers"))
            if !fields.isEmpty { builder.set("responseHeaders", .map(fields)) }
        }
        if status != (hasBody ? 200 : 204) || first.key.count != 3 { builder.set("status", .number(String(status))) }
        if !errorNames.isEmpty { builder.set("errors", .list(errorNames.map(YAMLValue.string))) }
        if !classAnswers.isEmpty { pendingClassAnswers.append((operation, first.key == "2XX" ? .range(2) : .exact(status), classAnswers)) }
    }

    /// The sequential media types a `stream:` reads, by the format it gets (`application/x-ndjson` is JSON
    /// Lines' older name).
    private static let streamFormats: [String: String] = [
        "text/event-stream": "sse", "application/jsonl": "jsonLines", "application/x-ndjson": "jsonLines", "application/json-seq": "jsonSequence",
    ]

    /// `stream:` for a success response offered only as sequential media types (the first in the
    /// document's order; the others are reported): the events are its `itemSchema` (OpenAPI 3.2), for
    /// Server-Sent Events the `x-events` this project's export writes or the item's `data`
    /// `contentSchema`; without one they are any JSON, an alias named after the operation.
    private func eventStream(_ content: YAMLNode, pointer: JSONPointer, typeName: String, side: String) -> [(String, YAMLValue)]? {
        let pairs = content.pairs ?? []
        guard let first = pairs.first(where: { Self.streamFormats[$0.key.lowercased()] != nil }),
            !pairs.contains(where: { Self.isJSON($0.key) }), let format = Self.streamFormats[first.key.lowercased()]
        else { return nil }
        let others = pairs.map(\.key).filter { $0 != first.key }
        if !others.isEmpty {
            log.warning("the \(side) is also offered as \(others.joined(separator: ", ")); only \(first.key) is imported", at: content, pointer)
        }
        let mediaPointer = pointer.appending(first.key)
        let item = first.value["itemSchema"]
        var eventSchema: SchemaNode?
        if let item {
            let itemPointer = mediaPointer.appending("itemSchema")
            if format != "sse" {
                eventSchema = SchemaNode(item, itemPointer)
            } else if let events = item["x-events"] {
                eventSchema = SchemaNode(events, itemPointer.appending("x-events"))
            } else if let data = item["properties"]?["data"]?["contentSchema"] {
                eventSchema = SchemaNode(data, itemPointer.appending("properties").appending("data").appending("contentSchema"))
            }
        }
        let hint = typeName + "Event"
        let expression: String
        if let eventSchema {
            expression = types.use(eventSchema, hint: hint).expression
        } else {
            // The document does not say what its events are: a schema nothing references may well be
            // them (swift-openapi-generator's examples declare `Greeting` so), but that is a guess the
            // import does not make. The warning names the candidates, so a reader can add the itemSchema.
            let unreferenced = unreferencedComponentSchemas
            let hint =
                unreferenced.isEmpty
                ? ""
                : "; the components declare \(unreferenced.map { "'\($0)'" }.joined(separator: ", ")), which nothing references: if \(unreferenced.count == 1 ? "it is" : "one is") the events' type, give the media type `itemSchema: {$ref: '#/components/schemas/\(unreferenced[0])'}`"
            log.warning("the \(first.key) \(side) has no itemSchema: its events are imported as any JSON\(hint)", at: first.value, mediaPointer)
            expression = "json"
        }
        let events = types.declaredType(expression, hint: hint, modelled: "Named by the importer: the events of a \(first.key) \(side).")
        return [("format", .string(format)), ("events", .string(events))]
    }

    /// The component schemas no `$ref` of the document names, in the document's order.
    private var unreferencedComponentSchemas: [String] {
        var referenced = Set<String>()
        func walk(_ node: YAMLNode) {
            if let pairs = node.pairs {
                for pair in pairs {
                    if pair.key == "$ref", let target = pair.value.scalar?.text, target.hasPrefix("#/components/schemas/") {
                        referenced.insert(String(target.dropFirst("#/components/schemas/".count)))
                    }
                    walk(pair.value)
                }
            } else if let elements = node.elements {
                elements.forEach(walk)
            }
        }
        walk(document.root)
        return (document.root["components"]?["schemas"]?.pairs ?? []).map(\.key).filter { !referenced.contains($0) }
    }

    /// The outcomes (`responses:`) of an operation with several success responses, one per status with
    /// its JSON body (or none), and the operation's `responseHeaders:`, read from every normal answer: the
    /// headers of all of them, each required only when every one of them requires it (the language reads
    /// one set of headers from each normal answer). Nil when one of them has a body that is not JSON,
    /// which an outcome cannot carry.
    private func successOutcomes(
        _ successes: [YAMLNode.Pair], pointer: JSONPointer, typeName: String
    ) -> (outcomes: [(String, YAMLValue)], headers: [(String, YAMLValue)])? {
        var outcomes: [(String, YAMLValue)] = []
        var headerLists: [[(String, YAMLValue)]] = []
        var resolved: [(status: StatusPattern, response: YAMLNode, pointer: JSONPointer)] = []
        for pair in successes {
            guard let status = StatusPattern(text: pair.key), status.isSuccess,
                let (response, responsePointer) = document.resolve(pair.value, at: pointer.appending(pair.key))
            else { continue }
            if let content = response["content"], let (mediaType, _) = preferredContent(content), !Self.isJSON(mediaType) { return nil }
            resolved.append((status, response, responsePointer))
        }
        for (status, response, responsePointer) in resolved {
            var value = MapBuilder()
            value.set("status", Self.statusValue(status))
            if let content = response["content"], let (mediaType, media) = preferredContent(content) {
                let mediaPointer = responsePointer.appending("content").appending(mediaType)
                value.set("body", media["schema"].map { types.use(SchemaNode($0, mediaPointer.appending("schema")), hint: typeName).expression } ?? "json")
            }
            ImportNotes.read(description: response["description"]?.scalar?.text, deprecated: nil, into: &value)
            headerLists.append(responseHeaders(response["headers"]?.pairs ?? [], pointer: responsePointer.appending("headers")))
            outcomes.append((Self.successName(status), value.value))
        }
        return (outcomes, Self.mergedHeaders(headerLists))
    }

    /// One header list for several answers: each header once (by wire name, ignoring case, as first
    /// declared), optional unless every answer declares it required.
    static func mergedHeaders(_ lists: [[(String, YAMLValue)]]) -> [(String, YAMLValue)] {
        func isRequired(_ entry: (String, YAMLValue)) -> Bool {
            guard case .map(let members) = entry.1 else { return true }
            return !members.contains { $0.0 == "optional" }
        }
        var merged: [(String, YAMLValue)] = []
        for entry in lists.joined() where !merged.contains(where: { wireName($0).lowercased() == wireName(entry).lowercased() }) {
            let everywhere = lists.allSatisfy { list in list.contains { wireName($0).lowercased() == wireName(entry).lowercased() && isRequired($0) } }
            merged.append(everywhere ? entry : optional(entry))
        }
        return merged
    }

    /// `entry` (a field in the field syntax) with `optional: true`.
    private static func optional(_ entry: (String, YAMLValue)) -> (String, YAMLValue) {
        guard case .map(var members) = entry.1 else { return (entry.0, .map([("type", entry.1), ("optional", .bool(true))])) }
        if !members.contains(where: { $0.0 == "optional" }) {
            let at = (members.firstIndex { $0.0 == "type" } ?? -1) + 1
            members.insert(("optional", .bool(true)), at: at)
        }
        return (entry.0, .map(members))
    }

    /// `responseHeaders:` from a response's `headers` (`$ref`s to `components/headers` followed): each a
    /// field named after the header (`X-RateLimit-Remaining` → `rateLimitRemaining`, or the export's
    /// `x-name`), of the primitive its schema gives; a header of another kind is reported.
    private func responseHeaders(_ headers: [YAMLNode.Pair], pointer: JSONPointer) -> [(String, YAMLValue)] {
        let readable = Set(OperationDefinition.responseHeaderPrimitives.map(\.rawValue))
        var names = NameScope()
        var fields: [(String, YAMLValue)] = []
        var seen = Set<String>()
        for pair in headers {
            guard let (header, headerPointer) = document.resolve(pair.value, at: pointer.appending(pair.key)) else { continue }
            guard seen.insert(pair.key.lowercased()).inserted else {
                log.warning(
                    "response header '\(pair.key)' is listed twice (header names ignore case): not imported again", at: pair.value,
                    pointer.appending(pair.key))
                continue
            }
            let schema = header["schema"]
            // Only plain primitives are translated: an enum, object or list would become a type no header is
            // read as, so such a header is its text (JSON in a header is rare; SwiftPM's `Content-Version` is
            // a one-value enum).
            let simple = schema.map { $0["enum"] == nil && $0["properties"] == nil && $0["items"] == nil && $0["$ref"] == nil } ?? false
            var expression = simple ? schema.map { types.use(SchemaNode($0, headerPointer.appending("schema")), hint: "Header").expression } : nil
            if !simple, schema != nil, pair.key.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 && $0 != ":" }) {
                let kind = schema?["enum"] != nil ? "an enum" : schema?["items"] != nil ? "a list" : schema?["$ref"] != nil ? "a named type" : "an object"
                log.warning(
                    "response header '\(pair.key)' is \(kind), which a response header is not read as: imported as string, its text as sent",
                    at: pair.value, pointer.appending(pair.key))
                expression = "string"
            }
            guard let expression, readable.contains(expression), !pair.key.isEmpty,
                pair.key.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 && $0 != ":" })
            else {
                log.warning(
                    "response header '\(pair.key)' is \(expression ?? "not a primitive"), but a response header is read as one of \(readable.sorted().joined(separator: ", ")): not imported",
                    at: pair.value, pointer.appending(pair.key))
                continue
            }
            var field = MapBuilder()
            let name = names.claim(header["x-name"]?.scalar?.text ?? ImportNames.header(pair.key))
            field.set("type", expression)
            if name != pair.key { field.set("wire", pair.key) }
            if header["required"]?.scalar?.text != "true" { field.set("optional", .bool(true)) }
            ImportNotes.read(description: header["description"]?.scalar?.text, deprecated: header["deprecated"], into: &field)
            fields.append((name, field.value))
        }
        return fields
    }

    /// The JSON body of a `4XX`, `5XX` or `default` response; nil (reported) for another media type.
    private func classAnswer(_ pattern: StatusPattern, response: YAMLNode, pointer: JSONPointer, typeName: String) -> ClassAnswer? {
        guard let content = response["content"], let (mediaType, media) = preferredContent(content) else { return nil }
        guard Self.isJSON(mediaType), let schema = media["schema"] else {
            log.warning(
                "the \(pattern.text) response's \(mediaType) body cannot be written in the schema language (an error or class answer is JSON): not imported",
                at: content, pointer.appending("content"))
            return nil
        }
        let schemaPointer = pointer.appending("content").appending(mediaType).appending("schema")
        let hint = typeName.hasSuffix("Response") ? String(typeName.dropLast("Response".count)) + "Problem" : typeName + "Problem"
        let body = types.use(SchemaNode(schema, schemaPointer), hint: hint).expression
        catalogue.vote(body: body, schema: schema, pointer: schemaPointer)
        return ClassAnswer(status: pattern, body: body, schema: schema, schemaPointer: schemaPointer)
    }

    /// Settles the `4XX`, `5XX` and `default` responses once the catalogue's body is known (the one most
    /// error responses document, `ErrorCatalogueBuilder.settleBody`): one with that body says nothing more, since a
    /// generated client decodes every status an operation does not list as an error with it; one with
    /// another body becomes a normal answer (`responses:`), except a `5XX` (a 5xx is an error, and the
    /// language has one error body) and one beside no 2xx answer (every error would be a value): those
    /// are reported.
    func finishClassAnswers() {
        catalogue.settleBody()
        for pending in pendingClassAnswers {
            var kept: [ClassAnswer] = []
            for answer in pending.answers where answer.body != catalogue.bodyTypeName {
                let catalogueBody = catalogue.bodyTypeName ?? "none"
                if case .range(5) = answer.status {
                    log.warning(
                        "this error body (\(answer.body)) differs from the catalogue's body \(catalogueBody): a 5XX response is an error, and the schema language has one error body, so it is decoded as \(catalogueBody)",
                        at: answer.schema, answer.schemaPointer)
                } else if pending.success == nil {
                    log.warning(
                        "the \(answer.status.text) response (\(answer.body)) cannot be written in the schema language: an answer by class or default needs a 2xx answer beside it (else every error is a value); not imported",
                        at: answer.schema, answer.schemaPointer)
                } else {
                    kept.append(answer)
                }
            }
            guard let success = pending.success, !kept.isEmpty, let index = operations.firstIndex(where: { $0.0 == pending.operation }),
                case .map(let members) = operations[index].1
            else { continue }
            operations[index].1 = .map(asOutcomes(kept, success: success, members: members))
        }
        pendingClassAnswers = []
    }

    /// The operation's members with the shorthand `response`/`status` rewritten as `responses:` (where
    /// `response` stood): the success answer, then the class and `default` answers (an exact status
    /// beats its class, so the order written does not matter).
    private func asOutcomes(_ answers: [ClassAnswer], success: StatusPattern, members: [(String, YAMLValue)]) -> [(String, YAMLValue)] {
        if let index = members.firstIndex(where: { $0.0 == "responses" }), case .map(var outcomes) = members[index].1 {
            // Already outcomes (several success statuses): the class answers join them.
            for answer in answers {
                var value = MapBuilder()
                value.set("status", Self.statusValue(answer.status))
                value.set("body", answer.body)
                outcomes.append((answer.name, value.value))
            }
            var rewritten = members
            rewritten[index].1 = .map(outcomes)
            return rewritten
        }
        let response = members.first { $0.0 == "response" }?.1
        if case .map = response {
            // Raw bytes have no place in an outcome (its body is a JSON type): keep the shorthand.
            for answer in answers {
                log.warning(
                    "the \(answer.status.text) response (\(answer.body)) cannot be written beside a success answer of raw bytes: not imported",
                    at: answer.schema, answer.schemaPointer)
            }
            return members
        }
        var first = MapBuilder()
        first.set("status", Self.statusValue(success))
        first.set("body", response)
        var outcomes: [(String, YAMLValue)] = [(Self.successName(success), first.value)]
        for answer in answers {
            var value = MapBuilder()
            value.set("status", Self.statusValue(answer.status))
            value.set("body", answer.body)
            outcomes.append((answer.name, value.value))
        }
        var rewritten = members.filter { $0.0 != "response" && $0.0 != "status" }.map { member -> (String, YAMLValue) in
            // The headers are read from every normal answer, and the class answers declare none of them.
            guard member.0 == "responseHeaders", case .map(let fields) = member.1 else { return member }
            return (member.0, .map(fields.map(Self.optional)))
        }
        let at = members.firstIndex { $0.0 == "response" || $0.0 == "status" || $0.0 == "errors" || $0.0 == "auth" } ?? members.count
        rewritten.insert(("responses", .map(outcomes)), at: min(at, rewritten.count))
        return rewritten
    }

    private static func statusValue(_ status: StatusPattern) -> YAMLValue {
        if case .exact(let code) = status { return .number(String(code)) }
        return .string(status.text)
    }

    private static func successName(_ status: StatusPattern) -> String {
        switch status {
        case .exact(200): return "ok"
        case .exact(201): return "created"
        case .exact(202): return "accepted"
        case .exact(204): return "noContent"
        case .exact(let code): return "status\(code)"
        case .range, .other: return "success"
        }
    }

    private func outcomes(_ pairs: [YAMLNode.Pair], pointer: JSONPointer, operation: String, into builder: inout MapBuilder) {
        var outcomes: [(String, YAMLValue)] = []
        var errorNames: [String] = []
        var headerLists: [[(String, YAMLValue)]] = []
        let errorBody = catalogue.bodyTypeName
        for pair in pairs {
            // `4XX` and `default` too: the export writes an outcome of a class or `default` under its key.
            guard let status = StatusPattern(text: pair.key), let (response, responsePointer) = document.resolve(pair.value, at: pointer.appending(pair.key))
            else { continue }
            guard let listed = response["x-outcomes"]?.elements else {
                errorNames += response["x-error-cases"]?.elements?.compactMap(\.scalar?.text) ?? []
                continue
            }
            let schema = response["content"]?["application/json"]?["schema"]
            let schemaPointer = responsePointer.appending("content").appending("application/json").appending("schema")
            var bodies: [String] = []
            if let schema {
                let node = SchemaNode(schema, schemaPointer)
                let branches = node.branches("oneOf")
                bodies = (branches.isEmpty ? [node] : branches).map { types.use($0, hint: ImportNames.upperCamel(operation) + "Body").expression }
            }
            let resultBodies = bodies.filter { $0 != errorBody }
            // The export writes `responseHeaders:` on each response with a normal outcome.
            if listed.contains(where: { $0["error"] == nil }) {
                headerLists.append(responseHeaders(response["headers"]?.pairs ?? [], pointer: responsePointer.appending("headers")))
            }
            var resultIndex = 0
            for item in listed {
                guard let name = item["name"]?.scalar?.text else { continue }
                var value = MapBuilder()
                value.set("status", Self.statusValue(status))
                if let error = item["error"]?.scalar?.text {
                    value.set("error", error)
                } else if !resultBodies.isEmpty {
                    value.set("body", resultBodies[min(resultIndex, resultBodies.count - 1)])
                    resultIndex += 1
                }
                if let conditions = item["where"]?.pairs, !conditions.isEmpty {
                    value.set(
                        "where",
                        .map(
                            conditions.map { condition in
                                let values = condition.value.elements?.compactMap(\.scalar?.text) ?? []
                                return (condition.key, values.count == 1 ? .string(values[0]) : .list(values.map(YAMLValue.string)))
                            }))
                }
                outcomes.append((name, value.value))
            }
        }
        builder.set("responses", .map(outcomes))
        let headers = Self.mergedHeaders(headerLists)
        if !headers.isEmpty { builder.set("responseHeaders", .map(headers)) }
        if !errorNames.isEmpty { builder.set("errors", .list(errorNames.map(YAMLValue.string))) }
    }

    private func security(_ node: YAMLNode, pointer: JSONPointer, into builder: inout MapBuilder) {
        guard let requirements = node["security"]?.elements else {
            securityLists.append(nil)
            return
        }
        let imported = Self.authRequirements(
            requirements, schemeNames: schemeNames, credentialSlots: credentialSlots, log: log, pointer: pointer.appending("security"))
        securityLists.append(imported)
        builder.set("auth", Self.authValue(imported))
    }

    /// OpenAPI security requirements as the language's `auth:` alternatives: each requirement object is
    /// one alternative, its schemes sent together. A requirement naming a scheme that was not imported
    /// cannot be sent in full, so it is left out with a warning; an empty one (anonymous access allowed)
    /// has no equivalent and is skipped. Of schemes that send their credential in the same place (Google's
    /// two OAuth schemes, both a bearer token), only the first is kept: one token is sent for both.
    static func authRequirements(
        _ requirements: [YAMLNode], schemeNames: [String: String], credentialSlots: [String: String], log: ImportLog, pointer: JSONPointer
    ) -> [[String]] {
        var result: [[String]] = []
        for (index, requirement) in requirements.enumerated() {
            let keys = requirement.pairs?.map(\.key) ?? []
            guard !keys.isEmpty else { continue }
            if let unknown = keys.first(where: { schemeNames[$0] == nil }), keys.count > 1 {
                log.warning(
                    "the requirement of \(keys.joined(separator: " and ")) together names '\(unknown)', a scheme that was not imported: the requirement is not imported",
                    at: requirement, pointer.appending(index))
                continue
            }
            var names: [String] = []
            var slots: [String: String] = [:]
            for name in keys.compactMap({ schemeNames[$0] }) {
                guard let slot = credentialSlots[name], let first = slots[slot] else {
                    if let slot = credentialSlots[name] { slots[slot] = name }
                    names.append(name)
                    continue
                }
                log.warning(
                    "schemes '\(first)' and '\(name)' of a requirement both send their credential in \(slot), so they cannot be sent together: only '\(first)' is imported",
                    at: requirement, pointer.appending(index))
            }
            if !names.isEmpty, !result.contains(where: { Set($0) == Set(names) }) { result.append(names) }
        }
        return result
    }

    /// `auth:` as the schema writes it: a requirement of one scheme is its name, of several their list.
    static func authValue(_ requirements: [[String]]) -> YAMLValue {
        .list(requirements.map { $0.count == 1 ? .string($0[0]) : .list($0.map(YAMLValue.string)) })
    }

    /// This project's extensions: pagination, cache hints, idempotency.
    private func extensions(_ node: YAMLNode, pointer: JSONPointer, parameters: [String: [(String, YAMLValue)]], into builder: inout MapBuilder, method: String)
    {
        func parameterName(_ text: String) -> String {
            for (_, members) in parameters {
                for (name, value) in members {
                    if name == text { return name }
                    if case .map(let keys) = value, keys.contains(where: { $0.0 == "wire" && $0.1 == .string(text) }) { return name }
                }
            }
            return text
        }
        if let paginate = node["x-paginate"]?.pairs {
            var value = MapBuilder()
            for pair in paginate {
                guard let text = pair.value.scalar?.text else { continue }
                switch pair.key {
                case "page", "token", "cursor", "size": value.set(pair.key, parameterName(text))
                case "first": if text != "1" { value.set("first", .number(text)) }
                default: value.set(pair.key, text)
                }
            }
            builder.set("paginate", value.value)
        }
        if let cache = node["x-cache"]?.pairs {
            builder.set("cache", .map(cache.map { ($0.key, YAMLValue($0.value)) }))
        }
        if let idempotent = node["x-idempotent"]?.scalar?.text {
            let byDefault = ["get", "put", "delete", "head", "options"].contains(method)
            if (idempotent == "true") != byDefault { builder.set("idempotent", .bool(idempotent == "true")) }
        }
        if let key = node["x-idempotency-key"]?.scalar?.text { builder.set("idempotencyKey", key) }
        if let names = node["x-error-catalogue"]?.elements?.compactMap(\.scalar?.text), !names.isEmpty {
            builder.set("errors", .list(names.map(YAMLValue.string)))
        }
    }
}

extension JSONPointer {
    func dropLastToken() -> JSONPointer {
        var copy = JSONPointer.root
        for token in tokens.dropLast() { copy = copy.appending(token) }
        return copy
    }
}
