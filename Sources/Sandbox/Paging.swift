import Foundation
import PayloadValidation
import SchemaModel

/// Serves a paginated operation from a data set of `itemCount` items: the items of the example
/// response, repeated (or one synthesized item when the example has none), cut into pages the way the
/// operation's pagination style says.
struct Pager: Sendable {
    enum Failure: Error {
        case invalidPosition(String)
    }

    let pagination: Pagination
    /// The example response every page is made from.
    let template: JSON
    let items: [JSON]
    let responseType: TypeReference
    let factory: PayloadFactory
    /// Default page size when the request gives none.
    let defaultSize: Int

    init(operation: SchemaOperation, pagination: Pagination, template: JSON, itemCount: Int, defaultPageSize: Int, factory: PayloadFactory) {
        self.pagination = pagination
        self.template = template
        self.factory = factory
        self.responseType = operation.response ?? .primitive(.json)
        var base = template.value(at: pagination.items.pathComponents)?.arrayValue ?? []
        if base.isEmpty {
            if let field = factory.field(at: pagination.items.pathComponents, in: responseType), case .array(let element) = field.type {
                base = [factory.sampleElement(of: element)]
            } else {
                base = [.object([])]
            }
        }
        self.items = (0..<max(0, itemCount)).map { base[$0 % base.count] }
        // The size parameter's default when the operation has one, else the sandbox's.
        var size = defaultPageSize
        if let sizeName = pagination.sizeParameter, let field = Pager.input(named: sizeName, of: operation, factory: factory)?.field,
            let text = field.defaultValue?.scalar?.text, let value = Int(text), value > 0
        {
            size = value
        }
        self.defaultSize = size
    }

    /// Where an operation input lives: a query or header parameter, or a field of the JSON body.
    enum InputLocation {
        case query(String)
        case header(String)
        case body(String)
    }

    static func input(named name: String, of operation: SchemaOperation, factory: PayloadFactory) -> (location: InputLocation, field: Field)? {
        if let field = operation.queryParameters.first(where: { $0.name == name }) { return (.query(field.wireName), field) }
        if let field = operation.headerParameters.first(where: { $0.name == name }) { return (.header(field.wireName.lowercased()), field) }
        if let body = operation.body, let fields = factory.fields(of: body.type), let field = fields.first(where: { $0.name == name }) {
            return (.body(field.wireName), field)
        }
        return nil
    }

    /// The page for a request whose inputs are read by `read` (nil: not given).
    func page(operation: SchemaOperation, read: (InputLocation) -> String?) throws -> JSON {
        func value(of name: String?) -> String? {
            guard let name, let input = Pager.input(named: name, of: operation, factory: factory) else { return nil }
            return read(input.location)
        }
        // Validation has already applied the schema's rules to the size; whatever it let through gets a
        // page, never a 400: a size that is not a positive integer (0, -5, where the schema declares no
        // minimum) means the default size.
        var size = defaultSize
        if let text = value(of: pagination.sizeParameter), let parsed = Int(text), parsed > 0 {
            size = parsed
        }
        var page = template
        let itemsPath = pagination.items.pathComponents
        switch pagination.style {
        case .page:
            var number = pagination.firstPage
            if let text = value(of: pagination.requestParameter) {
                // Like the size: a number the schema allows but that names no page (below the first)
                // gets an empty page rather than a 400.
                guard let parsed = Int(text) else {
                    throw Failure.invalidPosition("page '\(text)' is not a page number (the first page is \(pagination.firstPage))")
                }
                number = parsed
            } else if let input = Pager.input(named: pagination.requestParameter, of: operation, factory: factory),
                let text = input.field.defaultValue?.scalar?.text, let parsed = Int(text)
            {
                number = parsed
            }
            // Page numbers far outside the data set must not overflow: clamp before multiplying.
            let index = max(-1, min(number.subtractingReportingOverflow(pagination.firstPage).partialValue, items.count + 1))
            let (offset, overflow) = index.multipliedReportingOverflow(by: size)
            let slice = overflow ? [] : self.slice(from: offset, size: size)
            let totalPages = items.count / size + (items.count % size == 0 ? 0 : 1)
            let isLast = index >= totalPages - 1
            page.set(.array(slice), at: itemsPath)
            if let path = pagination.totalPages { page.set(.number(String(totalPages)), at: path.pathComponents) }
            if let path = pagination.last { page.set(.bool(isLast), at: path.pathComponents) }
            // Spring-style page fields next to the items, when the example has them, are kept consistent.
            let parent = Array(itemsPath.dropLast())
            let siblings: [(String, JSON)] = [
                ("number", .number(String(number))), ("size", .number(String(size))),
                ("numberOfElements", .number(String(slice.count))), ("totalElements", .number(String(items.count))),
                ("totalPages", .number(String(totalPages))), ("first", .bool(number == pagination.firstPage)),
                ("last", .bool(isLast)), ("empty", .bool(slice.isEmpty)),
            ]
            for (key, newValue) in siblings where page.contains(parent + [key]) {
                if let existing = page.value(at: parent + [key]), existing.sameKind(as: newValue) { page.set(newValue, at: parent + [key]) }
            }
        case .token, .cursor:
            var offset = 0
            if let text = value(of: pagination.requestParameter), !text.isEmpty {
                guard let decoded = Pager.decodePosition(text), decoded >= 0, decoded <= items.count else {
                    throw Failure.invalidPosition("'\(text)' is not a \(pagination.style == .token ? "page token" : "cursor") this sandbox issued")
                }
                offset = decoded
            }
            let slice = self.slice(from: offset, size: size)
            page.set(.array(slice), at: itemsPath)
            // offset ≤ items.count, so only a huge size can overflow; it also means "no next page".
            let nextOffset = offset.addingReportingOverflow(size)
            setPosition(!nextOffset.overflow && nextOffset.partialValue < items.count ? nextOffset.partialValue : nil, at: pagination.next, in: &page)
            if let previous = pagination.previous {
                setPosition(offset > 0 ? max(0, offset - size) : nil, at: previous, in: &page)
            }
        }
        return page
    }

    private func slice(from offset: Int, size: Int) -> [JSON] {
        guard offset >= 0, offset < items.count else { return [] }
        return Array(items[offset..<(offset + min(size, items.count - offset))])
    }

    /// Writes a token/cursor for `offset`, or marks the end: null if the field is nullable, absent if it
    /// is optional, "" otherwise.
    private func setPosition(_ offset: Int?, at path: String?, in page: inout JSON) {
        guard let path else { return }
        let components = path.pathComponents
        if let offset {
            page.set(.string(Pager.encodePosition(offset)), at: components)
            return
        }
        let field = factory.field(at: components, in: responseType)
        if field?.isNullable ?? true {
            page.set(.null, at: components)
        } else if field?.isOptional == true {
            page.remove(at: components)
        } else {
            page.set(.string(""), at: components)
        }
    }

    /// Opaque to clients: base64url of "sandbox:<offset>".
    static func encodePosition(_ offset: Int) -> String {
        Data("sandbox:\(offset)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decodePosition(_ token: String) -> Int? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8), text.hasPrefix("sandbox:") else { return nil }
        return Int(text.dropFirst("sandbox:".count))
    }
}

extension JSON {
    func sameKind(as other: JSON) -> Bool {
        switch (self, other) {
        case (.number, .number), (.bool, .bool), (.string, .string), (.null, .null), (.array, .array), (.object, .object): return true
        default: return false
        }
    }
}
