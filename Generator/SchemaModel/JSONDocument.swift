/// Reads a document that is JSON with the strict `JSONParser` (schema-check's) instead of libYAML: every
/// document reader (`YAMLReader`, so schemas, `$file` examples and `import`'s OpenAPI documents) tries it first.
/// JSON is YAML 1.2, but libYAML refuses parts of it: a `\ud83d\ude00` surrogate-pair escape ("found
/// invalid Unicode character escape code") and a member name longer than 1,024 characters (a YAML
/// implicit key's limit). Nodes keep their line and column (in Unicode scalars, as YAML's are), so
/// diagnostics read the same whichever reader read the document.
enum JSONDocument {
    /// The document's root, or nil when the text is not strict JSON (YAML's reader then reads it, so a
    /// YAML flow mapping `{openapi: 3.1.0}` still reads, and broken JSON gets YAML's message as before).
    static func read(_ text: String, file: String) -> (root: YAMLNode?, diagnostics: [Diagnostic])? {
        guard startsLikeJSON(text),
            let (value, offsets) = try? JSONParser.parseWithOffsets(text, maxDepth: YAMLDocument.maximumDepth)
        else { return nil }
        var converter = Converter(text: text, file: file, offsets: offsets)
        let root = converter.node(value, depth: 0)
        return (converter.diagnostics.isEmpty ? root : nil, converter.diagnostics)
    }

    /// A JSON document (an object) starts with `{` after any whitespace and byte order mark.
    private static func startsLikeJSON(_ text: String) -> Bool {
        text.unicodeScalars.first { !["\u{FEFF}", " ", "\n", "\r", "\t"].contains($0) } == "{"
    }

    /// Builds the nodes in document order, taking each one's offset from `offsets` and turning it into
    /// a line and column with one pass over the text.
    private struct Converter {
        let file: String
        let offsets: JSONParser.Offsets
        var nextValue = 0
        var nextKey = 0
        var diagnostics: [Diagnostic] = []
        private var cursor: LocationCursor

        init(text: String, file: String, offsets: JSONParser.Offsets) {
            self.file = file
            self.offsets = offsets
            cursor = LocationCursor(text: text)
        }

        mutating func node(_ value: JSON, depth: Int) -> YAMLNode {
            let location = self.location(cursor.advance(to: offsets.values[nextValue]))
            nextValue += 1
            guard depth < YAMLDocument.maximumDepth else {
                // As the YAML reader says it; the parser's own limit stops deeper text before this.
                diagnostics.append(
                    Diagnostic(.error, "the document is nested more than \(YAMLDocument.maximumDepth) levels deep", at: location))
                return YAMLNode(value: .scalar(.init(text: "", kind: .null)), location: location)
            }
            switch value {
            case .null: return YAMLNode(value: .scalar(.init(text: "null", kind: .null)), location: location)
            case .bool(let flag): return YAMLNode(value: .scalar(.init(text: flag ? "true" : "false", kind: .bool)), location: location)
            case .string(let text): return YAMLNode(value: .scalar(.init(text: text, kind: .string)), location: location)
            case .number(let text):
                let integral = !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
                return YAMLNode(value: .scalar(.init(text: text, kind: integral ? .int : .float)), location: location)
            case .array(let elements):
                var nodes: [YAMLNode] = []
                nodes.reserveCapacity(elements.count)
                for element in elements { nodes.append(node(element, depth: depth + 1)) }
                return YAMLNode(value: .sequence(nodes), location: location)
            case .object(let members):
                var pairs: [YAMLNode.Pair] = []
                pairs.reserveCapacity(members.count)
                var seen: Set<String> = []
                for member in members {
                    let keyLocation = self.location(cursor.advance(to: offsets.keys[nextKey]))
                    nextKey += 1
                    let converted = node(member.value, depth: depth + 1)
                    // The YAML reader's rule: a repeated key is an error, not a silent second value.
                    guard seen.insert(member.key).inserted else {
                        diagnostics.append(Diagnostic(.error, "duplicate key '\(member.key)'", at: keyLocation))
                        continue
                    }
                    pairs.append(YAMLNode.Pair(key: member.key, keyLocation: keyLocation, value: converted))
                }
                return YAMLNode(value: .mapping(pairs), location: location)
            }
        }

        private func location(_ position: (line: Int, column: Int)) -> SourceLocation {
            SourceLocation(file: file, line: position.line, column: position.column)
        }
    }
}

/// Line and column (1-based, columns in Unicode scalars) of byte offsets visited in increasing order:
/// one pass over the text however many nodes a long single-line document has.
private struct LocationCursor {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1

    init(text: String) {
        bytes = Array(text.utf8)
    }

    mutating func advance(to target: Int) -> (line: Int, column: Int) {
        while offset < target && offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return (line, column)
    }
}
