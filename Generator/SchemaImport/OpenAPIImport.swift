import Foundation
import SchemaModel

/// `client-generator import`: an OpenAPI 3.0 or 3.1 document as a schema in this project's language
/// (docs/Import.md). Parse (YAML/JSON with source locations) → translate (types, operations,
/// environments, auth, errors) → render (deterministic YAML). What cannot be mapped is reported as
/// `file:line:column: warning|error: message [#/json/pointer]`; what the importer had to choose is
/// written into the schema as `modelled:` notes.
public enum OpenAPIImport {
    /// Documents larger than this are refused before they are parsed.
    public static let maximumBytes = 16 * 1024 * 1024

    public struct Result: Sendable {
        /// The schema text; nil when an error stopped the import.
        public let schema: String?
        /// Errors and warnings about the input, then any the written schema gets from the loader.
        public let diagnostics: [Diagnostic]
        public let typeCount: Int
        public let operationCount: Int

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Imports the document at `path`.
    public static func importDocument(path: String) -> Result {
        importBytes(BoundedInput.read(path: path, limit: maximumBytes), file: path)
    }

    /// Imports the document on standard input, named `<stdin>` in diagnostics.
    public static func importStandardInput() -> Result {
        importBytes(BoundedInput.read(path: nil, limit: maximumBytes), file: "<stdin>")
    }

    /// Reading stops one byte past `maximumBytes`, so an endless input (`import - < /dev/zero`) is
    /// refused with the memory of one document.
    private static func importBytes(_ read: Swift.Result<[UInt8], BoundedInput.Failure>, file: String) -> Result {
        let location = SourceLocation(file: file, line: 1, column: 1)
        let bytes: [UInt8]
        switch read {
        case .success(let read): bytes = read
        case .failure(.tooLarge(_, let size?)): return failure("the document is \(size) bytes, more than the \(maximumBytes) bytes import reads", at: location)
        case .failure(.tooLarge): return failure("the document is more than the \(maximumBytes) bytes import reads", at: location)
        case .failure(.unreadable(let reason)): return failure("cannot read the document: \(reason)", at: location)
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            return failure("the document is not UTF-8 text (YAML or JSON)", at: location)
        }
        return importDocument(text: text, file: file)
    }

    /// Imports document text; `file` names it in diagnostics.
    public static func importDocument(text: String, file: String) -> Result {
        guard text.utf8.count <= maximumBytes else {
            return failure(
                "the document is \(text.utf8.count) bytes, more than the \(maximumBytes) bytes import reads", at: SourceLocation(file: file, line: 1, column: 1)
            )
        }
        let log = ImportLog(file: file)
        guard let document = OpenAPIDocument.read(text: text, file: file, log: log) else {
            return Result(schema: nil, diagnostics: log.diagnostics, typeCount: 0, operationCount: 0)
        }
        let translation = DocumentTranslator(document: document).translate()
        // One pass: the translation left out what the language cannot say, so the written schema
        // loads. The load stays as an assertion; an error here is a rule the translation does not
        // know yet (an importer bug), reported at the construct it came from.
        let outputName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".imported.yaml"
        let schemaText = YAMLRenderer.render(translation.value)
        let loaded = SchemaLoader.load(text: schemaText, file: outputName, exampleFiles: nil)
        // After an error of the translation, what the loader says about its result is noise.
        if !log.hasErrors {
            let constructs = RenderedConstructs(text: schemaText)
            for diagnostic in loaded.diagnostics {
                let construct = diagnostic.location.flatMap { constructs.construct(atLine: $0.line) }
                let source = construct.flatMap { translation.sources[$0] }
                let named = construct.map { "\($0.section) '\($0.name)': " } ?? ""
                if diagnostic.severity == .error {
                    log.error(
                        "the imported schema does not load (a bug of the importer: please report it with the document): \(named)\(diagnostic)",
                        at: source?.node, source?.pointer ?? .root)
                } else {
                    log.warning("the imported schema has a warning: \(named)\(diagnostic)", at: source?.node, source?.pointer ?? .root)
                }
            }
        }
        let diagnostics = log.diagnostics
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(
            schema: failed ? nil : schemaText, diagnostics: diagnostics,
            typeCount: translation.typeCount, operationCount: translation.operationCount)
    }

    private static func failure(_ message: String, at location: SourceLocation?) -> Result {
        Result(schema: nil, diagnostics: [Diagnostic(.error, message, at: location)], typeCount: 0, operationCount: 0)
    }
}

/// The whole document: `info`, `servers`, `components.securitySchemes`, then types and operations.
struct DocumentTranslator {
    let document: OpenAPIDocument
    private var log: ImportLog { document.log }

    struct Translation {
        let value: YAMLValue
        let typeCount: Int
        let operationCount: Int
        /// Where each type, operation and environment was read, for a finding of the final load.
        let sources: [RenderedConstructs.Construct: Origin]
    }

    func translate() -> Translation {
        var builder = MapBuilder()
        let info = document.root["info"]
        let title = info?["title"]?.scalar?.text ?? "API"
        let api = ImportNames.upperCamel(title, fallback: "API")
        builder.set("api", api)
        builder.set("version", info?["version"]?.scalar?.text ?? "0")
        builder.set("summary", info?["summary"]?.scalar?.text)
        var notes = MapBuilder()
        ImportNotes.read(description: info?["description"]?.scalar?.text, deprecated: nil, into: &notes)
        if api != title { ImportNotes.appendModelled("The document's title is '\(title)'.", into: &notes) }
        ImportNotes.appendModelled("Imported from OpenAPI \(document.root["openapi"]?.scalar?.text ?? "3") by client-generator import.", into: &notes)
        for (key, value) in notes.members { builder.set(key, value) }
        let (environmentsValue, environmentSources) = environments()
        builder.set("environments", environmentsValue)
        let (schemes, schemeNames, credentialSlots) = securitySchemes()
        let types = TypeTranslator(document: document)
        types.translateComponents()
        let catalogue = ErrorCatalogueBuilder(document: document, types: types)
        let operations = OperationTranslator(
            document: document, types: types, catalogue: catalogue, schemeNames: schemeNames, credentialSlots: credentialSlots)
        operations.translate()
        operations.finishClassAnswers()
        let events = EventTranslator(document: document, types: types, operations: operations).translate()
        types.breakCycles()
        types.applyLanguageRules()
        types.checkUntaggedUnions()
        types.keepValuesFinite()
        types.mergeSameInlineTypes()
        if !schemes.isEmpty { builder.set("auth", .map(schemes)) }
        let defaultAuth = self.defaultAuth(operations.securityLists, schemeNames: schemeNames, credentialSlots: credentialSlots)
        if !defaultAuth.isEmpty { builder.set("defaultAuth", OperationTranslator.authValue(defaultAuth)) }
        builder.set("errors", catalogue.value)
        builder.set("types", .map(types.definitions))
        builder.set(
            "operations",
            .map(
                zip(operations.operations, operations.securityLists).map { pair in
                    (pair.0.0, authAdjusted(pair.0.1, stated: pair.1, defaultAuth: defaultAuth))
                }))
        if !events.isEmpty { builder.set("events", .map(events)) }
        for key in ["callbacks"] {
            if let value = document.root[key] {
                log.warning("'\(key)' cannot be written in the schema language: not imported", at: value, JSONPointer.root.appending(key))
            }
        }
        if let first = types.skippedExamples.first {
            log.warning(
                "examples are not imported (\(types.skippedExamples.count) in the document); add them to the schema with 'example:' or 'examples:' and check them with lint",
                at: first.0, first.1)
        }
        return Translation(
            value: builder.value, typeCount: types.definitions.count, operationCount: operations.operations.count,
            sources: constructSources(types: types, operations: operations, environments: environmentSources))
    }

    private func constructSources(
        types: TypeTranslator, operations: OperationTranslator, environments: [String: Origin]
    ) -> [RenderedConstructs.Construct: Origin] {
        var sources: [RenderedConstructs.Construct: Origin] = [:]
        for (name, node) in types.sources { sources[.init(section: "type", name: name)] = Origin(node: node.node, pointer: node.pointer) }
        for (name, source) in operations.sources { sources[.init(section: "operation", name: name)] = Origin(node: source.0, pointer: source.1) }
        for (name, origin) in environments { sources[.init(section: "environment", name: name)] = origin }
        return sources
    }

    // MARK: Environments

    private func environments() -> (YAMLValue, [String: Origin]) {
        var names = NameScope()
        var environments: [(String, YAMLValue)] = []
        var sources: [String: Origin] = [:]
        let pointer = JSONPointer.root.appending("servers")
        for (index, server) in (document.root["servers"]?.elements ?? []).enumerated() {
            let serverPointer = pointer.appending(index)
            guard let given = server["url"]?.scalar?.text, let (url, variableNames, added) = baseURL(given, of: server, at: serverPointer) else { continue }
            var paragraphs = (server["description"]?.scalar?.text ?? "").components(separatedBy: "\n\n")
            let first = paragraphs.first?.trimmingCharacters(in: .whitespaces) ?? ""
            let name: String
            if SwiftNaming.isValidName(first) {
                name = names.claim(first)
                paragraphs.removeFirst()
            } else {
                name = names.claim(index == 0 ? "production" : "server\(index + 1)")
            }
            var value = MapBuilder()
            ImportNotes.read(description: paragraphs.joined(separator: "\n\n"), deprecated: nil, into: &value)
            value.set("url", url)
            var variables: [(String, YAMLValue)] = []
            if let added {
                let docs = "The server the document's relative URL '\(given.prefix(200))' is resolved against: scheme and host, like https://api.example.com."
                variables.append((added, .map([("docs", .string(docs))])))
            }
            var defaults: [String: String] = [:]
            for pair in server["variables"]?.pairs ?? [] {
                guard let variableName = variableNames[pair.key] else { continue }
                var variable = MapBuilder()
                var description = pair.value["description"]?.scalar?.text ?? ""
                let placeholder = " Required: no default exists; the value \"\(pair.key)\" is a placeholder that must be replaced."
                let required = description.hasSuffix(placeholder.trimmingCharacters(in: .whitespaces))
                if required {
                    description = String(description.dropLast(placeholder.count - 1)).trimmingCharacters(in: .whitespaces)
                }
                if let values = pair.value["enum"]?.elements?.compactMap(\.scalar?.text), !values.isEmpty {
                    description += (description.isEmpty ? "" : " ") + "One of: \(values.joined(separator: ", "))."
                }
                ImportNotes.read(description: description, deprecated: nil, into: &variable)
                if !required, let defaultValue = pair.value["default"]?.scalar?.text {
                    if url == "{\(variableName)}", let problem = BaseURLRules.problem(defaultValue) {
                        log.warning(
                            "the default of server variable '\(pair.key)' is the whole base URL, which \(problem): not imported", at: pair.value["default"],
                            serverPointer.appending("variables").appending(pair.key).appending("default"))
                    } else {
                        variable.set("default", defaultValue)
                        defaults[variableName] = defaultValue
                    }
                }
                if variableName != pair.key { ImportNotes.appendModelled("The document names this variable '\(pair.key)'.", into: &variable) }
                variables.append((variableName, variable.value))
            }
            // The defaults must give a base URL (lint checks it); when they do not, the app supplies every value.
            if defaults.count == variables.count, !defaults.isEmpty, let problem = BaseURLRules.problem(template: url, values: defaults) {
                log.warning(
                    "the defaults of the variables of server URL '\(given.prefix(200))' give a URL that \(problem): the defaults are not imported",
                    at: server["url"], serverPointer.appending("url"))
                variables = variables.map { name, variable in
                    guard case .map(let members) = variable else { return (name, variable) }
                    return (name, .map(members.filter { $0.0 != "default" }))
                }
            }
            if !variables.isEmpty { value.set("variables", .map(variables)) }
            environments.append((name, value.value))
            sources[name] = Origin(node: server, pointer: serverPointer)
        }
        if environments.isEmpty {
            environments.append(
                (
                    "custom",
                    .map([
                        ("modelled", .string("The document gives no absolute server URL; the whole base URL is given at run time.")),
                        ("url", .string("{serverUrl}")),
                        ("variables", .map([("serverUrl", .map([("docs", .string("The API's base URL."))]))])),
                    ])
                ))
        }
        return (.map(environments), sources)
    }

    /// The server's URL as the language accepts a base URL, with its variables' names as the
    /// language spells them (by the document's name); nil, with a warning, when it cannot be one.
    /// The language needs a URL that starts with a scheme or a variable (`https://{host}/v1`,
    /// `{server}/api/v2`, `{protocol}://{hostname}`), every placeholder declared, and every variable used.
    /// A relative URL (`/2018-06-01`) is resolved against a server given at run time: `{server}/2018-06-01`,
    /// with the added variable's name (nil otherwise).
    private func baseURL(_ url: String, of server: YAMLNode, at pointer: JSONPointer) -> (String, [String: String], added: String?)? {
        let shown = url.prefix(200)
        let declared = (server["variables"]?.pairs ?? []).map(\.key)
        var names = NameScope()
        var added: String?
        var result = url
        if url.hasPrefix("/") {
            // Claimed first, so a declared variable of the same name is renamed, not this one.
            let name = names.claim(declared.contains("server") ? "server\(declared.count + 1)" : "server")
            added = name
            result = "{\(name)}" + url
        } else if !url.hasPrefix("{"), !(url.range(of: "://").map { $0.lowerBound > url.startIndex } ?? false) {
            log.warning(
                "server URL '\(shown)' starts with neither a scheme nor a variable nor '/', so it is no base URL; not imported", at: server["url"],
                pointer.appending("url"))
            return nil
        }
        let placeholders = url.templatePlaceholders
        if let undeclared = placeholders.first(where: { !declared.contains($0) }) {
            log.warning(
                "server URL '\(shown)' uses '{\(undeclared)}', which the server's variables do not declare; not imported", at: server["url"],
                pointer.appending("url"))
            return nil
        }
        var renamed: [String: String] = [:]
        for name in declared {
            guard placeholders.contains(name) else {
                log.warning(
                    "server variable '\(name)' is not used in the URL '\(shown)', which the schema language cannot say: not imported",
                    at: server["variables"]?[name], pointer.appending("variables").appending(name))
                continue
            }
            let variableName = names.claim(ImportNames.member(name, fallback: "variable"))
            renamed[name] = variableName
            if variableName != name { result = result.replacingOccurrences(of: "{\(name)}", with: "{\(variableName)}") }
        }
        return (result, renamed, added)
    }

    // MARK: Auth

    /// The schemes, their names in the schema by the document's, and where each one's credential travels
    /// (by its name in the schema), so a requirement of schemes sharing that place is reduced to one.
    private func securitySchemes() -> ([(String, YAMLValue)], [String: String], credentialSlots: [String: String]) {
        var names = NameScope()
        var schemes: [(String, YAMLValue)] = []
        var schemeNames: [String: String] = [:]
        var credentialSlots: [String: String] = [:]
        let pointer = JSONPointer.root.appending("components").appending("securitySchemes")
        for pair in document.root["components"]?["securitySchemes"]?.pairs ?? [] {
            guard let (scheme, schemePointer) = document.resolve(pair.value, at: pointer.appending(pair.key)) else { continue }
            let type = scheme["type"]?.scalar?.text ?? ""
            var value = MapBuilder()
            ImportNotes.read(description: scheme["description"]?.scalar?.text, deprecated: scheme["x-deprecated"], into: &value)
            switch (type, scheme["scheme"]?.scalar?.text.lowercased()) {
            case ("http", "bearer"):
                value.set("kind", "bearer")
                value.set("refresh", scheme["x-refresh-operation"]?.scalar?.text)
            case ("http", "basic"):
                value.set("kind", "basic")
            case ("apiKey", _):
                let location = scheme["in"]?.scalar?.text ?? "header"
                if let login = scheme["x-session-login-operation"]?.scalar?.text {
                    value.set("kind", "session")
                    value.set("login", login)
                    value.set("name", scheme["name"]?.scalar?.text)
                    if value.members.first(where: { $0.0 == "docs" })?.1 == .string("A session id obtained by the \(login) operation.") {
                        value.remove("docs")
                    }
                } else if location == "header" || location == "query" {
                    value.set("kind", "apiKey")
                    value.set("in", location)
                    value.set("name", scheme["name"]?.scalar?.text)
                } else {
                    log.warning("an API key in a \(location) cannot be written in the schema language: scheme not imported", at: scheme, schemePointer)
                    continue
                }
            case ("oauth2", _), ("openIdConnect", _):
                value.set("kind", "bearer")
                ImportNotes.appendModelled(
                    "An \(type) scheme in the document: the client sends its access token as a bearer token; obtaining the token (the \(type) flows) is up to the app.",
                    into: &value)
            default:
                log.warning(
                    "security scheme type '\(type)\(scheme["scheme"].map { " " + ($0.scalar?.text ?? "") } ?? "")' cannot be written in the schema language: not imported",
                    at: scheme, schemePointer)
                continue
            }
            if let logout = scheme["x-logout-operation"]?.scalar?.text { value.set("logout", logout) }
            if let login = scheme["x-login-operation"]?.scalar?.text {
                log.warning(
                    "the login wiring of scheme '\(pair.key)' (operation '\(login)') is not in the document (the export keeps only the operation's name): add 'login:' with its response paths by hand",
                    at: scheme["x-login-operation"], schemePointer.appending("x-login-operation"))
            }
            let name = names.claim(ImportNames.member(pair.key, fallback: "scheme"))
            schemeNames[pair.key] = name
            schemes.append((name, value.value))
            // Where the credential travels: two schemes of one requirement cannot share it.
            let kind = value.members.first { $0.0 == "kind" }?.1
            let header = value.members.first { $0.0 == "name" }?.1
            if kind == .string("bearer") || kind == .string("basic") {
                credentialSlots[name] = "the header 'authorization'"
            } else if case .string(let headerName)? = header {
                let query = value.members.contains { $0.0 == "in" && $0.1 == .string("query") }
                credentialSlots[name] = query ? "the query item '\(headerName)'" : "the header '\(headerName.lowercased())'"
            }
        }
        return (schemes, schemeNames, credentialSlots)
    }

    /// The top level's `security`, else the list most operations state (the export writes it on every
    /// operation); operations that differ say their own `auth:`.
    private func defaultAuth(_ lists: [[[String]]?], schemeNames: [String: String], credentialSlots: [String: String]) -> [[String]] {
        if let requirements = document.root["security"]?.elements {
            return OperationTranslator.authRequirements(
                requirements, schemeNames: schemeNames, credentialSlots: credentialSlots, log: log, pointer: JSONPointer.root.appending("security"))
        }
        var counts: [[[String]]: Int] = [:]
        var order: [[[String]]] = []
        for case let list? in lists {
            if counts[list] == nil { order.append(list) }
            counts[list, default: 0] += 1
        }
        return order.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) } ?? []
    }

    private func authAdjusted(_ operation: YAMLValue, stated: [[String]]?, defaultAuth: [[String]]) -> YAMLValue {
        guard case .map(var members) = operation else { return operation }
        let effective = stated ?? (document.root["security"] != nil ? defaultAuth : [])
        members.removeAll { $0.0 == "auth" }
        if effective != defaultAuth {
            let value: YAMLValue =
                effective.isEmpty ? .string("none") : effective == [[effective[0][0]]] ? .string(effective[0][0]) : OperationTranslator.authValue(effective)
            // After `http` and the parameters, before the body: where a reader looks for it.
            let index = members.firstIndex { ["body", "response", "responses", "status", "errors"].contains($0.0) } ?? members.count
            members.insert(("auth", value), at: index)
        }
        return .map(members)
    }
}

/// The types, operations and environments of a rendered schema by line, so a finding of the loader
/// names the construct it is about.
struct RenderedConstructs {
    struct Construct: Hashable {
        let section: String
        let name: String
    }

    /// Each entry's first line; a top-level key ends the entry before it (nil).
    private var entries: [(line: Int, construct: Construct?)] = []

    init(text: String) {
        let sections = ["types": "type", "operations": "operation", "environments": "environment"]
        var section: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if !line.hasPrefix(" ") {
                section = line.hasSuffix(":") ? sections[String(line.dropLast())] : nil
                entries.append((index + 1, nil))
            } else if let section, line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
                entries.append((index + 1, Construct(section: section, name: String(line.dropFirst(2).dropLast()))))
            }
        }
    }

    /// The entry whose lines hold `line`; nil outside the sections.
    func construct(atLine line: Int) -> Construct? {
        guard let index = entries.lastIndex(where: { $0.line <= line }) else { return nil }
        return entries[index].construct
    }
}
