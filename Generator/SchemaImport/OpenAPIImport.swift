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
        // The written schema must load. An operation the loader still rejects (a combination the
        // translation did not foresee) is left out with a warning naming the loader's reason; any
        // other error fails the import.
        let outputName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".imported.yaml"
        var value = translation.value
        var operationCount = translation.operationCount
        var schemaText = YAMLRenderer.render(value)
        var loaded = SchemaLoader.load(text: schemaText, file: outputName, exampleFiles: nil)
        for _ in 0..<4 where loaded.schema == nil && !log.hasErrors {
            let culprits = operationsBlamed(for: loaded.diagnostics.filter { $0.severity == .error }, in: schemaText)
            guard !culprits.isEmpty else { break }
            for (name, message) in culprits {
                let source = translation.operationSources[name]
                log.warning("operation '\(name)' is not imported: \(message)", at: source?.0, source?.1 ?? .root)
            }
            value = removingOperations(Set(culprits.map(\.0)), from: value)
            operationCount -= culprits.count
            schemaText = YAMLRenderer.render(value)
            loaded = SchemaLoader.load(text: schemaText, file: outputName, exampleFiles: nil)
        }
        var diagnostics = log.diagnostics
        // After an error of the translation, what the loader says about its result is noise.
        diagnostics +=
            log.hasErrors
            ? []
            : loaded.diagnostics.map { diagnostic in
                Diagnostic(
                    diagnostic.severity, "the imported schema \(diagnostic.severity == .error ? "does not load" : "has a warning"): \(diagnostic)",
                    at: SourceLocation(file: file, line: 1, column: 1))
            }
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(
            schema: failed ? nil : schemaText, diagnostics: diagnostics,
            typeCount: translation.typeCount, operationCount: operationCount)
    }

    /// The operations whose entries in the rendered schema hold the errors, with the first message
    /// of each; empty when any error lies outside `operations:`.
    private static func operationsBlamed(for errors: [Diagnostic], in text: String) -> [(String, String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "operations:") else { return [] }
        var entries: [(name: String, line: Int)] = []
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            if !line.hasPrefix(" ") { break }
            if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") { entries.append((String(line.dropFirst(2).dropLast()), index + 1)) }
        }
        var blamed: [(String, String)] = []
        for error in errors {
            guard let line = error.location?.line, let entry = entries.last(where: { $0.line <= line }), line > start + 1 else { return [] }
            if !blamed.contains(where: { $0.0 == entry.name }) { blamed.append((entry.name, error.message)) }
        }
        return blamed
    }

    private static func removingOperations(_ names: Set<String>, from value: YAMLValue) -> YAMLValue {
        guard case .map(var members) = value, let index = members.firstIndex(where: { $0.0 == "operations" }),
            case .map(let operations) = members[index].1
        else { return value }
        members[index].1 = .map(operations.filter { !names.contains($0.0) })
        return .map(members)
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
        let operationSources: [String: (YAMLNode, JSONPointer)]
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
        builder.set("environments", environments())
        let (schemes, schemeNames) = securitySchemes()
        let types = TypeTranslator(document: document)
        types.translateComponents()
        let catalogue = ErrorCatalogueBuilder(document: document, types: types)
        let operations = OperationTranslator(document: document, types: types, catalogue: catalogue, schemeNames: schemeNames)
        operations.translate()
        operations.checkDefaultResponses(errorBody: catalogue.bodyTypeName)
        types.breakCycles()
        types.checkUntaggedUnions()
        if !schemes.isEmpty { builder.set("auth", .map(schemes)) }
        let defaultAuth = self.defaultAuth(operations.securityLists, schemeNames: schemeNames)
        if !defaultAuth.isEmpty { builder.set("defaultAuth", .list(defaultAuth.map(YAMLValue.string))) }
        builder.set("errors", catalogue.value)
        builder.set("types", .map(types.definitions))
        builder.set(
            "operations",
            .map(
                zip(operations.operations, operations.securityLists).map { pair in
                    (pair.0.0, authAdjusted(pair.0.1, stated: pair.1, defaultAuth: defaultAuth))
                }))
        for key in ["webhooks", "callbacks"] {
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
            operationSources: operations.sources)
    }

    // MARK: Environments

    private func environments() -> YAMLValue {
        var names = NameScope()
        var environments: [(String, YAMLValue)] = []
        let pointer = JSONPointer.root.appending("servers")
        for (index, server) in (document.root["servers"]?.elements ?? []).enumerated() {
            let serverPointer = pointer.appending(index)
            guard let url = server["url"]?.scalar?.text else { continue }
            let absolute = url.hasPrefix("{") || url.contains("://")
            guard absolute else {
                log.warning(
                    "server URL '\(url.prefix(200))' is relative: the schema language needs absolute base URLs; not imported", at: server["url"],
                    serverPointer.appending("url"))
                continue
            }
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
            for pair in server["variables"]?.pairs ?? [] {
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
                if !required, let defaultValue = pair.value["default"]?.scalar?.text { variable.set("default", defaultValue) }
                variables.append((pair.key, variable.value))
            }
            if !variables.isEmpty { value.set("variables", .map(variables)) }
            environments.append((name, value.value))
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
        return .map(environments)
    }

    // MARK: Auth

    private func securitySchemes() -> ([(String, YAMLValue)], [String: String]) {
        var names = NameScope()
        var schemes: [(String, YAMLValue)] = []
        var schemeNames: [String: String] = [:]
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
        }
        return (schemes, schemeNames)
    }

    /// The top level's `security`, else the list most operations state (the export writes it on every
    /// operation); operations that differ say their own `auth:`.
    private func defaultAuth(_ lists: [[String]?], schemeNames: [String: String]) -> [String] {
        if let requirements = document.root["security"]?.elements {
            return requirements.compactMap { $0.pairs?.first.flatMap { schemeNames[$0.key] } }
        }
        var counts: [[String]: Int] = [:]
        var order: [[String]] = []
        for case let list? in lists {
            if counts[list] == nil { order.append(list) }
            counts[list, default: 0] += 1
        }
        return order.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) } ?? []
    }

    private func authAdjusted(_ operation: YAMLValue, stated: [String]?, defaultAuth: [String]) -> YAMLValue {
        guard case .map(var members) = operation else { return operation }
        let effective = stated ?? (document.root["security"] != nil ? defaultAuth : [])
        members.removeAll { $0.0 == "auth" }
        if effective != defaultAuth {
            let value: YAMLValue = effective.isEmpty ? .string("none") : effective.count == 1 ? .string(effective[0]) : .list(effective.map(YAMLValue.string))
            // After `http` and the parameters, before the body: where a reader looks for it.
            let index = members.firstIndex { ["body", "response", "responses", "status", "errors"].contains($0.0) } ?? members.count
            members.insert(("auth", value), at: index)
        }
        return .map(members)
    }
}
