// libYAML's event parser, which Yams builds but does not re-export: the budget below must see the
// aliases before Yams composes the document.
internal import CYaml

/// Limits a YAML document must stay within before it is composed into nodes.
///
/// Yams composes an alias as a shared reference to its anchor's node, so composing costs little, but
/// everything after it (converting to `YAMLNode`, comparing mapping keys, parsing the schema) sees the
/// expanded tree. A few hundred bytes of nested aliases ("billion laughs") expand to billions of nodes.
/// `check` walks libYAML's events once, without building anything, and rejects a document whose aliases
/// would add more than `maximumAliasedNodes` nodes, or that nests collections deeper than
/// `maximumDepth`, pointing at the alias or collection that crosses the line.
enum YAMLBudget {
    /// The nodes aliases may add in total: each use of an alias counts every node of what it refers
    /// to. Nodes written out in the text are not counted (the file's size already bounds them).
    static let maximumAliasedNodes = 100_000

    /// Collections nested deeper than this (counting what aliases bring in) are rejected, so nothing
    /// that walks the document recursively can exhaust the stack.
    static let maximumDepth = 256

    struct Violation: Error {
        let message: String
        /// 1-based, like Yams' marks.
        let line: Int
        let column: Int
    }

    /// nil when the document is within the limits, or when it is not valid YAML (composing it then
    /// reports the syntax error as usual).
    static func check(_ text: String) -> Violation? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var walk = Walk()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nestingError(parser) }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let violation = walk.handle(event) { return violation }
            }
        }
    }

    /// libYAML stops at its own nesting limit (1000) while scanning ahead, before the events reach
    /// `maximumDepth`; that is the same violation, said the same way.
    private static func nestingError(_ parser: yaml_parser_t) -> Violation? {
        guard let problem = parser.problem, String(cString: problem).contains("Maximum nesting level") else { return nil }
        return Violation(
            message: "the document is nested more than \(maximumDepth) levels deep",
            line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
    }

    /// The running count of nodes as they would be after expanding aliases, and what each anchor
    /// expands to.
    private struct Walk {
        struct Extent {
            /// Nodes, counting the node itself.
            var nodes: Int
            /// Collection levels: 0 for a scalar.
            var height: Int
        }

        /// An open collection: where the expanded node count stood when it started, and the height of
        /// its tallest child so far.
        struct Open {
            var anchor: String?
            var startCount: Int
            var childHeight: Int
        }

        var anchors: [String: Extent] = [:]
        var stack: [Open] = []
        var expandedNodes = 0
        var aliasedNodes = 0

        mutating func handle(_ event: yaml_event_t) -> Violation? {
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_SCALAR_EVENT:
                expandedNodes += 1
                finish(Extent(nodes: 1, height: 0), anchor: Self.string(event.data.scalar.anchor))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < maximumDepth else {
                    return Violation(message: "the document is nested more than \(maximumDepth) levels deep", line: line, column: column)
                }
                let anchor =
                    event.type == YAML_SEQUENCE_START_EVENT
                    ? Self.string(event.data.sequence_start.anchor) : Self.string(event.data.mapping_start.anchor)
                stack.append(Open(anchor: anchor, startCount: expandedNodes, childHeight: 0))
                expandedNodes += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let open = stack.popLast() else { return nil }
                finish(Extent(nodes: expandedNodes - open.startCount, height: open.childHeight + 1), anchor: open.anchor)
            case YAML_ALIAS_EVENT:
                // An undefined alias is left to the composer, which reports it.
                guard let name = Self.string(event.data.alias.anchor), let extent = anchors[name] else { return nil }
                aliasedNodes += extent.nodes
                if aliasedNodes > maximumAliasedNodes {
                    return Violation(
                        message:
                            "alias '*\(name)' makes the document's aliases expand to more than \(maximumAliasedNodes) nodes; write the repeated parts out or use fewer aliases",
                        line: line, column: column)
                }
                if stack.count + extent.height > maximumDepth {
                    return Violation(message: "alias '*\(name)' nests the document more than \(maximumDepth) levels deep", line: line, column: column)
                }
                expandedNodes += extent.nodes
                finish(extent, anchor: nil)
            default:
                break
            }
            return nil
        }

        /// Records a finished node: in its parent's height, and under its anchor.
        private mutating func finish(_ extent: Extent, anchor: String?) {
            if !stack.isEmpty { stack[stack.count - 1].childHeight = max(stack[stack.count - 1].childHeight, extent.height) }
            if let anchor { anchors[anchor] = extent }
        }

        private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
