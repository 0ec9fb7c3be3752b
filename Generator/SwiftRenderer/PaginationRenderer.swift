import SchemaModel

/// For a paginated operation, renders `<operation>Pages(...)` and `<operation>Items(...)`: lazy
/// AsyncSequences built with the runtime's `Paginator`, which owns the stopping rules (last page,
/// empty page, repeated token) and cancellation. The generated part only says how to fetch a page,
/// where its items are and how to find the next one.
extension ClientRenderer {
    func renderPaginatedSequences(_ operation: OperationDefinition, _ pagination: Pagination, into writer: inout SwiftWriter) {
        guard let response = operation.response,
            let items = memberPath(pagination.items, in: response),
            case .array(let itemType) = items.type
        else { return }
        let name = SwiftNaming.bare(SwiftNaming.operationName(operation.name, api: schema.api))
        let method = SwiftNaming.operationName(operation.name, api: schema.api)
        let pageType = SwiftTypes.name(response, in: schema)
        let itemTypeName = SwiftTypes.name(itemType, in: schema)

        // The parameter the engine drives (page number, token or cursor) is not exposed; when it is a
        // field of the body, each fetch sets it on a copy of the body.
        let all = parameters(of: operation)
        let driven = all.first { $0.field?.name == pagination.requestParameter }
        let bodyField = driven == nil ? bodyField(named: pagination.requestParameter, of: operation) : nil
        let exposed = all.filter { $0.field?.name != pagination.requestParameter }
        let signature = (exposed.map { "\($0.label): \($0.type)\($0.defaultArgument)" } + ["options: RequestOptions = .default"]).joined(separator: ", ")
        let forwarded = (exposed.map { "\(SwiftNaming.argumentLabel($0.label)): \($0.label)" } + ["options: options"]).joined(separator: ", ")

        // Closures take `$0`, and numbers convert with `Swift.Int`: a named closure parameter or a bare
        // `Int` could be shadowed by a parameter or an operation of the same name.
        let cursor = "$0"
        let value = pagination.style == .page ? pageNumber(cursor, as: driven?.field ?? bodyField) : cursor
        var fetch: [String] = []
        if let bodyField {
            fetch.append("var body = body")
            fetch.append("body.\(SwiftNaming.fieldName(bodyField.name)) = \(value)")
        }
        let arguments =
            all.map { parameter in
                let label = SwiftNaming.argumentLabel(parameter.label)
                return parameter.field?.name == driven?.field?.name && driven != nil ? "\(label): \(value)" : "\(label): \(parameter.label)"
            } + ["options: options"]
        fetch.append("return try await self.\(method)(\(arguments.joined(separator: ", ")))")

        var factory: [String]
        switch pagination.style {
        case .page:
            factory = [".pageStyle(", "    first: \(pagination.firstPage),"]
            if let size = pagination.sizeParameter, let sizeParameter = all.first(where: { $0.field?.name == size }), let field = sizeParameter.field {
                let conversion = field.isSwiftOptional ? "\(sizeParameter.label).map { Swift.Int($0) }" : "Swift.Int(\(sizeParameter.label))"
                factory.append("    pageSize: \(conversion),")
            }
        case .token: factory = [".tokenStyle("]
        case .cursor: factory = [".cursorStyle("]
        }
        factory.append("    fetch: {")
        factory += fetch.map { "        " + $0 }
        factory.append("    },")
        factory.append(
            "    items: { $0\(items.expression)\(items.isOptional ? " ?? []" : "") }"
                + (pagination.style == .page && pagination.last == nil && pagination.totalPages == nil ? "" : ","))
        switch pagination.style {
        case .page:
            var closures: [String] = []
            if let last = pagination.last, let path = memberPath(last, in: response) {
                closures.append("    isLastPage: { $0\(path.expression) }")
            }
            if let total = pagination.totalPages, let path = memberPath(total, in: response) {
                let total = path.isOptional ? "$0\(path.expression).map { Swift.Int($0) }" : "Swift.Int($0\(path.expression))"
                closures.append("    totalPages: { \(total) }")
            }
            factory += closures.enumerated().map { $0.element + ($0.offset < closures.count - 1 ? "," : "") }
        case .token, .cursor:
            let path = pagination.next.flatMap { memberPath($0, in: response) }
            let label = pagination.style == .token ? "nextToken" : "nextCursor"
            factory.append("    \(label): { \(path.map { "$0\($0.expression)" } ?? "_ in nil") }")
        }
        factory.append(")")

        let stop = pagination.style == .page ? "page" : pagination.style.rawValue
        let sequences = Sequences(name: name, pageType: pageType, itemType: itemTypeName)
        sequences.render(
            signature: signature, forwarded: forwarded, factory: factory,
            pagesDocs: [
                "The pages of `\(name)`, fetched one at a time as you iterate. Iteration stops after the last",
                "page, at an empty page or a repeated \(stop), and when the task is cancelled.",
            ], itemsDocs: "Every item of `\(name)` across its pages, fetched lazily as you iterate.", into: &writer)

        // `previous:` walks the other way, from a page the caller has (token and cursor styles).
        guard pagination.style != .page, let previous = pagination.previous.flatMap({ memberPath($0, in: response) }) else { return }
        let backwardSignature = "before: \(pageType), " + signature
        let backwardForwarded = "before: before, " + forwarded
        var backward = [".backward(", "    from: before,", "    style: .\(pagination.style.rawValue),", "    fetch: {"]
        backward += fetch.map { "        " + $0 }
        backward.append("    },")
        backward.append("    items: { $0\(items.expression)\(items.isOptional ? " ?? []" : "") },")
        backward.append("    previous: { $0\(previous.expression) }")
        backward.append(")")
        writer.line()
        sequences.render(
            signature: backwardSignature, forwarded: backwardForwarded, factory: backward,
            pagesDocs: [
                "The pages before `before`, nearest first, fetched one at a time as you iterate by following",
                "`\(Docs.inline(pagination.previous ?? ""))`. Iteration stops at the first page (no previous \(stop)), at an empty",
                "page or a repeated \(stop), and when the task is cancelled.",
            ], itemsDocs: "The items of the pages before `before`, nearest page first (each page's items in their own order).", into: &writer)
    }

    /// The three members of one walk through the pages: `<name>Pages` and `<name>Items` over one private
    /// `<name>Paginator` built from `factory`. Forward and backward walks differ only in their arguments.
    private struct Sequences {
        let name: String
        let pageType: String
        let itemType: String

        func render(signature: String, forwarded: String, factory: [String], pagesDocs: [String], itemsDocs: String, into writer: inout SwiftWriter) {
            for line in pagesDocs { writer.line("/// " + line) }
            writer.block("public func \(name)Pages(\(signature)) -> PageSequence<\(pageType)>") { writer in
                writer.line("\(name)Paginator(\(forwarded)).pages")
            }
            writer.line()
            writer.line("/// " + itemsDocs)
            writer.block("public func \(name)Items(\(signature)) -> ItemSequence<\(itemType)>") { writer in
                writer.line("\(name)Paginator(\(forwarded)).items")
            }
            writer.line()
            writer.block("private func \(name)Paginator(\(signature)) -> Paginator<\(pageType), \(itemType)>") { writer in
                for line in factory { writer.line(line) }
            }
        }
    }

    /// The page number in the type of the parameter or body field that carries it.
    private func pageNumber(_ number: String, as field: Field?) -> String {
        guard let field, case .primitive(let primitive) = schema.resolvingAliases(field.type), primitive != .int else { return number }
        return "\(primitive == .decimal ? "Foundation" : "Swift").\(SwiftTypes.name(primitive))(\(number))"
    }

    private func bodyField(named name: String, of operation: OperationDefinition) -> Field? {
        guard let body = operation.body, case .named(let typeName) = body.type else { return nil }
        return schema.type(named: typeName)?.fields.first { $0.name == name }
    }

    /// A dotted wire-name path through struct fields as a Swift member chain (`.cursors.next`), whether
    /// its value is optional, and its type. The validator has checked that the path exists.
    func memberPath(_ path: String, in root: TypeReference) -> (expression: String, isOptional: Bool, type: TypeReference)? {
        guard let fields = FieldPath(path).fields(from: root, types: schema.type(named:)) else { return nil }
        var expression = ""
        var optional = false
        for field in fields {
            expression += (optional ? "?." : ".") + SwiftNaming.fieldName(field.name)
            optional = optional || field.isSwiftOptional
        }
        return (expression, optional, fields.last?.type ?? root)
    }
}
