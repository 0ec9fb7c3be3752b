import Foundation
import SchemaModel

/// A JSON Pointer into the OpenAPI document (RFC 6901), carried with every diagnostic so a finding
/// names the exact place even where line numbers are unhelpful (a minified JSON document).
struct JSONPointer: CustomStringConvertible {
    private(set) var tokens: [String] = []

    static let root = JSONPointer()

    func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(token)
        return copy
    }

    func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// `#/paths/~1pets~1{id}/get`.
    var description: String {
        "#" + tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// Parses a local reference (`#/components/schemas/Pet`); nil for anything else.
    init?(reference: String) {
        guard reference == "#" || reference.hasPrefix("#/") else { return nil }
        let body = reference.dropFirst(reference == "#" ? 1 : 2)
        tokens =
            reference == "#"
            ? []
            : body.split(separator: "/", omittingEmptySubsequences: false).map { token in
                let decoded = String(token).removingPercentEncoding ?? String(token)
                return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
    }

    private init() {}
}

/// Collects what the import could not map, each as `file:line:column: error|warning: message`
/// followed by the JSON Pointer of the construct.
/// A finding repeated with the same message (the same unmappable construct in every operation) is
/// reported once, at its first place, with the number of other places.
final class ImportLog {
    private var entries: [(severity: Diagnostic.Severity, message: String, pointer: String, location: SourceLocation, repeats: Int)] = []
    private var extra: [Diagnostic] = []
    /// The entry of each severity and message, so a document with thousands of findings is not
    /// searched once per finding.
    private var entryIndex: [String: Int] = [:]
    /// Each finding and place reported, so a place counts once.
    private var reported: Set<String> = []
    let file: String

    init(file: String) {
        self.file = file
    }

    var diagnostics: [Diagnostic] {
        extra
            + entries.map { entry in
                let more = entry.repeats == 0 ? "" : " (and \(entry.repeats) more place\(entry.repeats == 1 ? "" : "s"))"
                return Diagnostic(entry.severity, "\(entry.message) [\(entry.pointer)]\(more)", at: entry.location)
            }
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(_ message: String, at node: YAMLNode?, _ pointer: JSONPointer) {
        add(.error, message, node, pointer)
    }

    func warning(_ message: String, at node: YAMLNode?, _ pointer: JSONPointer) {
        add(.warning, message, node, pointer)
    }

    private func add(_ severity: Diagnostic.Severity, _ message: String, _ node: YAMLNode?, _ pointer: JSONPointer) {
        let location = node?.location ?? SourceLocation(file: file, line: 1, column: 1)
        let pointerText = pointer.description
        let key = "\(severity == .error ? "e" : "w") \(message)"
        // A construct read twice (a schema classified where it is defined and where it is used) is one place.
        guard reported.insert(key + "\u{0}" + pointerText).inserted else { return }
        if let index = entryIndex[key] {
            entries[index].repeats += 1
            return
        }
        entryIndex[key] = entries.count
        entries.append((severity, message, pointerText, location, 0))
    }

    func append(_ diagnostics: [Diagnostic]) {
        extra += diagnostics
    }
}

/// The OpenAPI document as read: its root node, the version, and local `$ref` resolution.
struct OpenAPIDocument {
    enum Version { case v30, v31 }

    let root: YAMLNode
    let version: Version
    let log: ImportLog

    /// Reads and identifies the document; nil (with an error) when it is not OpenAPI 3.0 or 3.1.
    static func read(text: String, file: String, log: ImportLog) -> OpenAPIDocument? {
        let (root, diagnostics) = YAMLDocument.read(text, file: file)
        log.append(
            diagnostics.map { diagnostic in
                Diagnostic(
                    diagnostic.severity, diagnostic.message.replacingOccurrences(of: "the schema is empty", with: "the document is empty"),
                    at: diagnostic.location)
            })
        guard let root else { return nil }
        guard root.pairs != nil else {
            log.error(
                "not an OpenAPI document: expected a mapping with an 'openapi' key at the top level, found \(root.foundDescription.prefix(80))", at: root, .root
            )
            return nil
        }
        if let swagger = root["swagger"] {
            log.error(
                "Swagger \(swagger.scalar?.text ?? "2.0") documents are not supported: convert the document to OpenAPI 3 first (for example with swagger2openapi)",
                at: swagger, JSONPointer.root.appending("swagger"))
            return nil
        }
        guard let versionNode = root["openapi"] else {
            log.error("not an OpenAPI document: the top level has no 'openapi' version key", at: root, .root)
            return nil
        }
        let text = versionNode.scalar?.text ?? ""
        let version: Version
        if text.hasPrefix("3.0") {
            version = .v30
        } else if text.hasPrefix("3.1") || text.hasPrefix("3.2") {
            // 3.2 adds to 3.1 what import reads as 3.1, and sequential media types' `itemSchema` (streams).
            version = .v31
        } else {
            log.error(
                "unsupported OpenAPI version '\(text.prefix(40))': import reads OpenAPI 3.0, 3.1 and 3.2", at: versionNode,
                JSONPointer.root.appending("openapi"))
            return nil
        }
        return OpenAPIDocument(root: root, version: version, log: log)
    }

    /// The node at a pointer, or nil.
    func node(at pointer: JSONPointer) -> YAMLNode? {
        var current: YAMLNode? = root
        for token in pointer.tokens {
            guard let node = current else { return nil }
            if let pairs = node.pairs {
                current = pairs.first { $0.key == token }?.value
            } else if let elements = node.elements, let index = Int(token), elements.indices.contains(index) {
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// Follows `$ref`s (a parameter, request body or response may be one) to the node they name,
    /// at most 32 in a row. nil with an error for external, dangling and cyclic references.
    func resolve(_ node: YAMLNode, at pointer: JSONPointer) -> (node: YAMLNode, pointer: JSONPointer)? {
        var current = (node: node, pointer: pointer)
        var seen: [String] = []
        while let reference = current.node["$ref"] {
            guard let text = reference.scalar?.text else {
                log.error("'$ref' must be a string, found \(reference.kindDescription)", at: reference, current.pointer.appending("$ref"))
                return nil
            }
            guard let target = JSONPointer(reference: text) else {
                log.error(
                    "external $ref '\(text.prefix(200))' is not supported: import reads one document; bundle it first (for example with redocly bundle)",
                    at: reference, current.pointer.appending("$ref"))
                return nil
            }
            if seen.contains(text) || seen.count >= 32 {
                log.error(
                    "$ref cycle: \((seen + [text]).joined(separator: " -> ").prefix(400)) never reaches a definition", at: reference,
                    current.pointer.appending("$ref"))
                return nil
            }
            seen.append(text)
            guard let resolved = self.node(at: target) else {
                log.error("$ref '\(text.prefix(200))' names nothing in the document", at: reference, current.pointer.appending("$ref"))
                return nil
            }
            current = (resolved, target)
        }
        return current
    }
}
