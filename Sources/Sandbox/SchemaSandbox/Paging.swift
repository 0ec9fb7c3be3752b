import Foundation
import PayloadValidation
import SchemaModel

/// Serves a paginated operation from a data set of `itemCount` items: the items of the example
/// response (or one synthesized item when the example has none) in turn, each copy after the first made
/// distinct (`item(at:)`), cut into pages the way the operation's pagination style says.
struct Pager: Sendable {
    enum Failure: Error {
        case invalidPosition(String)
    }

    let pagination: Pagination
    /// The example response every page is made from.
    let template: JSON
    /// The example's items, which the data set repeats.
    let base: [JSON]
    /// Items in the data set.
    let itemCount: Int
    let responseType: TypeReference
    let factory: PayloadFactory
    /// Checks the copies `item(at:)` makes against the items' type; nil when that type is unknown.
    let itemType: (validator: PayloadValidator, type: PayloadValidator.PreparedType)?
    /// Default page size when the request gives none.
    let defaultSize: Int

    init(
        operation: SchemaOperation, pagination: Pagination, template: JSON, itemCount: Int, defaultPageSize: Int, factory: PayloadFactory,
        validator: PayloadValidator
    ) {
        self.pagination = pagination
        self.template = template
        self.factory = factory
        self.responseType = operation.response ?? .primitive(.json)
        if let field = factory.field(at: FieldPath(pagination.items), in: responseType), case .array(let element) = field.type {
            itemType = (validator, validator.prepare(element))
        } else {
            itemType = nil
        }
        var base = template.value(at: FieldPath(pagination.items))?.arrayValue ?? []
        if base.isEmpty {
            if let field = factory.field(at: FieldPath(pagination.items), in: responseType), case .array(let element) = field.type {
                base = [factory.sampleElement(of: element)]
            } else {
                base = [.object([])]
            }
        }
        self.base = base
        self.itemCount = max(0, itemCount)
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
        let itemsPath = FieldPath(pagination.items)
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
            let index = max(-1, min(number.subtractingReportingOverflow(pagination.firstPage).partialValue, itemCount + 1))
            let (offset, overflow) = index.multipliedReportingOverflow(by: size)
            let slice = overflow ? [] : self.slice(from: offset, size: size)
            let totalPages = itemCount / size + (itemCount % size == 0 ? 0 : 1)
            let isLast = index >= totalPages - 1
            page.set(.array(slice), at: itemsPath)
            if let path = pagination.totalPages { page.set(.number(String(totalPages)), at: FieldPath(path)) }
            if let path = pagination.last { page.set(.bool(isLast), at: FieldPath(path)) }
            // Spring-style page fields next to the items, when the example has them, are kept consistent.
            let parent = itemsPath.parent
            let siblings: [(String, JSON)] = [
                ("number", .number(String(number))), ("size", .number(String(size))),
                ("numberOfElements", .number(String(slice.count))), ("totalElements", .number(String(itemCount))),
                ("totalPages", .number(String(totalPages))), ("first", .bool(number == pagination.firstPage)),
                ("last", .bool(isLast)), ("empty", .bool(slice.isEmpty)),
            ]
            for (key, newValue) in siblings where page.contains(parent.appending(key)) {
                if let existing = page.value(at: parent.appending(key)), existing.sameKind(as: newValue) { page.set(newValue, at: parent.appending(key)) }
            }
        case .token, .cursor:
            var offset = 0
            if let text = value(of: pagination.requestParameter), !text.isEmpty {
                guard let decoded = Pager.decodePosition(text), decoded >= 0, decoded <= itemCount else {
                    throw Failure.invalidPosition("'\(text)' is not a \(pagination.style == .token ? "page token" : "cursor") this sandbox issued")
                }
                offset = decoded
            }
            let slice = self.slice(from: offset, size: size)
            page.set(.array(slice), at: itemsPath)
            // offset ≤ itemCount, so only a huge size can overflow; it also means "no next page".
            let nextOffset = offset.addingReportingOverflow(size)
            setPosition(!nextOffset.overflow && nextOffset.partialValue < itemCount ? nextOffset.partialValue : nil, at: pagination.next, in: &page)
            if let previous = pagination.previous {
                setPosition(offset > 0 ? max(0, offset - size) : nil, at: previous, in: &page)
            }
        }
        return page
    }

    private func slice(from offset: Int, size: Int) -> [JSON] {
        guard offset >= 0, offset < itemCount else { return [] }
        return (offset..<(offset + min(size, itemCount - offset))).map(item(at:))
    }

    /// The item at `index`: the example's items in turn; the copies after the first round differ in one
    /// member, so every page shows other items than the last (a client that sees the same items on
    /// every page takes it for broken pagination). Derived from the index alone, so the same position
    /// always gives the same item. The member changed is the first, identifier-like keys first (`id`,
    /// `seq`, then `…Id`, `…Seq`), whose changed value still validates against the items' type. An item
    /// with no such member is repeated unchanged.
    func item(at index: Int) -> JSON {
        let original = base[index % base.count]
        let round = index / base.count
        guard round > 0, let itemType, case .object(let members) = original else { return original }
        let order = members.indices.sorted { (Self.identifierRank(members[$0].key), $0) < (Self.identifierRank(members[$1].key), $1) }
        for position in order {
            let identifier = Self.identifierRank(members[position].key) < 2
            for candidate in Self.variants(of: members[position].value, round: round, stride: base.count, identifier: identifier) {
                var changed = members
                changed[position].value = candidate
                let item = JSON.object(changed)
                if !itemType.validator.validate(item, against: itemType.type).contains(where: { $0.severity == .error }) { return item }
            }
        }
        return original
    }

    /// 0 for a key that names an identifier (`id`, `seq`), 1 for one that ends like one (`accountId`,
    /// `historySeq`), 2 for any other.
    static func identifierRank(_ key: String) -> Int {
        let lower = key.lowercased()
        if ["id", "seq", "sequence", "uuid", "index"].contains(lower) { return 0 }
        if key.hasSuffix("Id") || key.hasSuffix("ID") || key.hasSuffix("Seq") || key.hasSuffix("Uuid") || lower.hasSuffix("_id") || lower.hasSuffix("_seq") {
            return 1
        }
        return 2
    }

    /// Values for a member in the `round`th repetition of a data set of `stride` distinct items, most
    /// natural first: a UUID with the round in its last digits, a string with the round's number
    /// appended (`A1`, `A12`), an identifier number counted on (`seq` 1, 2, … for one example item).
    static func variants(of value: JSON, round: Int, stride: Int, identifier: Bool) -> [JSON] {
        let copy = round + 1
        switch value {
        case .string(let text):
            let utf8 = Array(text.utf8)
            if utf8.count == 36, [8, 13, 18, 23].allSatisfy({ utf8[$0] == UInt8(ascii: "-") }) {
                let digits = String(copy, radix: 16)
                return [.string(String(text.dropLast(digits.count)) + digits)]
            }
            return [.string(text + String(copy)), .string(text + "-" + String(copy))]
        case .number(let text):
            guard identifier, let number = Int(text) else { return [] }
            let (offset, overflow) = round.multipliedReportingOverflow(by: stride)
            let (counted, overflowAgain) = number.addingReportingOverflow(offset)
            return overflow || overflowAgain ? [] : [.number(String(counted))]
        default:
            return []
        }
    }

    /// Writes a token/cursor for `offset`, or marks the end: null if the field is nullable, absent if it
    /// is optional, "" otherwise.
    private func setPosition(_ offset: Int?, at path: String?, in page: inout JSON) {
        guard let path else { return }
        let components = FieldPath(path)
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
