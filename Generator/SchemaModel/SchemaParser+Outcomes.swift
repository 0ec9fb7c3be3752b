/// Parsing of the v2 error catalogue keys (code families, `when`) and of operation outcomes
/// (`responses:`), kept apart from the core parser so the constructs read as one piece.
extension SchemaParser {
    // MARK: Error cases

    /// `code: F00000` (one code), `code: { prefix: A }` or `code: { pattern: "^A[0-9]{5}$" }` (a family).
    func errorCode(_ reader: MappingReader, context: String) -> (code: String?, family: ErrorCatalogue.CodeFamily?) {
        guard let node = reader["code"] else { return (nil, nil) }
        guard node.pairs != nil else { return (reader.string("code"), nil) }
        guard let familyReader = MappingReader(node, context: "'code' of \(context)", allowed: ["prefix", "pattern"], log: log) else { return (nil, nil) }
        switch (familyReader.string("prefix"), familyReader.string("pattern")) {
        case (let prefix?, nil):
            if prefix.isEmpty {
                log.error(
                    "'prefix' of \(context) is empty, so it would match every code; write the prefix the codes share", at: familyReader["prefix"]?.location)
                return (nil, nil)
            }
            return (nil, .prefix(prefix))
        case (nil, let pattern?):
            return (nil, .pattern(pattern))
        case (.some, .some):
            log.error("'code' of \(context) has both 'prefix' and 'pattern'; a case matches one family", at: node.location)
        case (nil, nil):
            // Other keys were reported as unknown, and a 'prefix' or 'pattern' that is not text by `string`.
            if familyReader.pairs.isEmpty {
                log.error("'code' of \(context) needs 'prefix' or 'pattern'", at: node.location)
            }
        }
        return (nil, nil)
    }

    /// `when: [offline, timeout]`: the client-side conditions a case stands for.
    func transportConditions(_ reader: MappingReader, context: String) -> [ErrorCatalogue.TransportCondition] {
        guard let names = reader.names("when") else { return [] }
        if names.isEmpty, reader["when"]?.elements != nil {
            log.error("'when' of \(context) is an empty list; list offline, timeout or both", at: reader["when"]?.location)
        }
        let allowed = ErrorCatalogue.TransportCondition.allCases.map(\.rawValue)
        return names.compactMap { name, location in
            guard let condition = ErrorCatalogue.TransportCondition(rawValue: name) else {
                log.error(
                    "'when' of \(context) lists '\(name)', which is not a client-side condition (\(allowed.joined(separator: ", ")))\(Suggestion.didYouMean(name, in: allowed))",
                    at: location)
                return nil
            }
            return condition
        }
    }

    // MARK: Outcomes

    /// `responses: { name: { status, body, where, error, docs } }`, in matching order.
    func outcomes(_ reader: MappingReader, context: String) -> [Outcome]? {
        guard reader.has("responses") else { return nil }
        if reader.has("paginate") {
            log.error("\(context) has 'paginate' and several outcomes; pagination needs one response type: use 'response'", at: reader.keyLocation("paginate"))
        }
        for key in ["response", "status"] where reader.has(key) {
            log.error(
                "\(context) has both 'responses' and '\(key)'; '\(key)' is the shorthand for one outcome, so declare it under 'responses'",
                at: reader.keyLocation(key))
        }
        let entries = reader.entries("responses")
        if entries.isEmpty, reader["responses"]?.pairs != nil {
            log.error("'responses' of \(context) is empty; declare at least one outcome", at: reader.keyLocation("responses"))
        }
        return entries.compactMap { pair -> Outcome? in
            let outcomeContext = "outcome '\(pair.key)' of \(context)"
            guard
                let outcomeReader = MappingReader(
                    pair.value, context: outcomeContext,
                    allowed: ["status", "body", "where", "error"] + MappingReader.noteKeys, log: log)
            else { return nil }
            guard outcomeReader.has("status") else {
                log.error("\(outcomeContext) needs a 'status'", at: pair.keyLocation)
                return nil
            }
            guard let status = statusPattern(outcomeReader, context: outcomeContext) else { return nil }
            let kind: Outcome.Kind
            if outcomeReader.has("error") {
                if outcomeReader.has("body") {
                    log.error(
                        "\(outcomeContext) has both 'body' and 'error'; an error outcome's body is the catalogue's error body",
                        at: outcomeReader.keyLocation("body"))
                }
                guard let name = outcomeReader.string("error") else { return nil }
                guard !name.isEmpty else {
                    log.error("'error' of \(outcomeContext) is empty; name a case of the error catalogue", at: outcomeReader["error"]?.location)
                    return nil
                }
                kind = .error(name)
            } else {
                var body: TypeReference?
                if let bodyNode = outcomeReader["body"] {
                    guard let type = typeReference(bodyNode) else { return nil }
                    body = type
                }
                kind = .result(body)
            }
            return Outcome(
                name: pair.key, status: status, conditions: outcomeConditions(outcomeReader, context: outcomeContext),
                kind: kind, notes: outcomeReader.notes(), location: pair.keyLocation)
        }
    }

    /// `status: 404`, `status: 4XX` (a class: 2XX, 4XX or 5XX) or `status: default` (any other status).
    private func statusPattern(_ reader: MappingReader, context: String) -> StatusPattern? {
        guard let node = reader["status"], let scalar = node.scalar else {
            log.error("'status' of \(context) must be an HTTP status, a class like 4XX, or default", at: reader["status"]?.location)
            return nil
        }
        let text = scalar.text
        if scalar.kind == .int || Int(text) != nil {
            guard let status = Int(text), (100...599).contains(status) else {
                log.error("'status' of \(context) must be an HTTP status 100–599, found \(text)", at: node.location)
                return nil
            }
            return .exact(status)
        }
        if let pattern = StatusPattern(text: text) { return pattern }
        let classes = StatusPattern.classes.map { "\($0)XX" }
        log.error(
            "'status' of \(context) must be an HTTP status 100–599, a class (\(classes.joined(separator: ", "))) or default, found '\(text)'\(Suggestion.didYouMean(text.uppercased(), in: classes + ["default"]))",
            at: node.location)
        return nil
    }

    /// `where: { rtCode: "0000" }` or `where: { result.state: [A, B] }`: dotted path to one scalar or a list.
    private func outcomeConditions(_ reader: MappingReader, context: String) -> [Outcome.Condition] {
        reader.entries("where").compactMap { pair in
            guard !pair.key.isEmpty else {
                log.error("'where' of \(context) has an empty path; write the dotted path of a body field, like rtCode", at: pair.keyLocation)
                return nil
            }
            let values: [YAMLNode] = pair.value.elements ?? [pair.value]
            var texts: [String] = []
            for value in values {
                guard let scalar = value.scalar, scalar.kind != .null else {
                    log.error(
                        "'where' of \(context) compares '\(pair.key)' with \(value.kindDescription); write a value or a list of values", at: value.location)
                    return nil
                }
                texts.append(scalar.text)
            }
            if texts.isEmpty {
                log.error("'where' of \(context) compares '\(pair.key)' with an empty list; write at least one value", at: pair.value.location)
                return nil
            }
            return Outcome.Condition(path: pair.key, values: texts)
        }
    }
}
