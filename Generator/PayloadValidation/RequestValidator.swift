import Foundation
import SchemaModel

/// Checks a request against its operation, everything but a JSON body: the path, query and header
/// parameters (presence, form, enum values, constraints, with `PayloadValidator.validateParameter`),
/// object-valued query parameters (form or `deepObject` style), form bodies and multipart bodies
/// (docs/SchemaLanguage.md, "Bodies that are not JSON"; their values are text on the wire, so each
/// member is checked with the parameter rules). The sandbox checks incoming requests with it and
/// `schema-check traffic` checks recorded ones, so both say the same about the same request.
///
/// Issues carry the parameter's or member's wire name as `pointer` (`X-Tenant-Id`, `filter[status]`, a
/// form field, a part's name; `sort/1` for a list's element); an empty pointer means the body as a whole.
public struct RequestValidator: Sendable {
    public let schema: Schema
    public let validator: PayloadValidator

    public init(schema: Schema, validator: PayloadValidator) {
        self.schema = schema
        self.validator = validator
    }

    // MARK: Parameters

    /// An issue with one of a request's parameters, and where the parameter travels.
    public struct ParameterIssue: Sendable {
        public let location: ParameterLocation
        public let issue: ValidationIssue
    }

    /// The issues of a request's parameters: every path, query and header parameter of `operation`, in
    /// that order and each in the operation's order; then, as warnings, query items the operation does not
    /// declare. Warnings (also an enum value the schema does not list, without `strictEnums`) are for
    /// reports; a server lets the request through.
    ///
    /// - Parameters:
    ///   - pathParameters: the values by wire name, decoded (as `OperationRouter` matched them).
    ///   - query: every query item of the request, decoded (`formItems(_:)` of the query string).
    ///   - headerValues: the values of the header with this name (compared ignoring case), in order.
    public func parameterIssues(
        of operation: OperationDefinition, pathParameters: [String: String], query: [(name: String, value: String)],
        headerValues: (String) -> [String]
    ) -> [ParameterIssue] {
        var issues: [ParameterIssue] = []
        func add(_ location: ParameterLocation, _ found: [ValidationIssue]) {
            issues += found.map { ParameterIssue(location: location, issue: $0) }
        }
        // The parameter that is the whole URL (an upload to a pre-signed URL) is the URL itself.
        for field in operation.pathParameters where field.name != operation.absoluteURLParameter?.name {
            add(.path, validator.validateParameter(pathParameters[field.wireName], as: field))
        }
        for field in operation.queryParameters {
            // An object-valued parameter spreads over several items (`filter[status]=x`, or form members).
            if schema.isQueryObject(field.type) {
                add(.query, queryObjectIssues(field, query: query, operation: operation))
                continue
            }
            add(.query, repeatableParameterIssues(query.filter { $0.name == field.wireName }.map(\.value), field))
        }
        add(.query, literalQueryIssues(query, of: operation))
        add(.query, undeclaredQueryItems(query, of: operation))
        for field in operation.headerParameters {
            add(.header, repeatableParameterIssues(headerValues(field.wireName), field))
        }
        return issues
    }

    /// No values is an absent parameter; several are a repeated one (a list's elements).
    private func repeatableParameterIssues(_ values: [String], _ field: Field) -> [ValidationIssue] {
        values.isEmpty ? validator.validateParameter(nil, as: field) : validator.validateParameter(values: values, as: field)
    }

    /// Warnings for query items that are neither a parameter of `operation` nor its API key, one per name.
    private func undeclaredQueryItems(_ query: [(name: String, value: String)], of operation: OperationDefinition) -> [ValidationIssue] {
        // A URL handed out at run time (a pre-signed upload URL) carries query items of its own.
        guard !operation.hasAbsoluteURL else { return [] }
        // A query object's members (`filter[status]=x`, or exploded form members) have names of their own.
        guard !operation.queryParameters.contains(where: { schema.isQueryObject($0.type) }) else { return [] }
        let declared = Set(
            operation.queryParameters.map(\.wireName) + queryCredentialNames(of: operation) + operation.literalQuery.map(\.name))
        var seen = Set<String>()
        return query.compactMap { item in
            guard !declared.contains(item.name), seen.insert(item.name).inserted else { return nil }
            return ValidationIssue(
                severity: .warning, kind: .required, pointer: JSONPointer.escape(item.name), expected: "a parameter of \(operation.name)",
                found: "query item '\(item.name)'", message: "query item '\(item.name)' is not a parameter of \(operation.name) in the schema",
                rule: nil)
        }
    }

    /// Errors for the pairs of the path's literal query (`/sign?api-version=2020-09-01`) that the request
    /// lacks or sends with another value: the operation is defined by them, as by its path.
    private func literalQueryIssues(_ query: [(name: String, value: String)], of operation: OperationDefinition) -> [ValidationIssue] {
        operation.literalQuery.compactMap { item in
            let values = query.filter { $0.name == item.name }.map(\.value)
            guard values != [item.value] else { return nil }
            let found = values.isEmpty ? "no query item '\(item.name)'" : "'\(item.name)' = " + values.map { "'\($0.prefix(100))'" }.joined(separator: ", ")
            return ValidationIssue(
                severity: .error, kind: .required, pointer: JSONPointer.escape(item.name),
                expected: "'\(item.name)' = '\(item.value)' (the path's literal query)",
                found: found, message: "the path of \(operation.name) fixes the query item '\(item.name)' to '\(item.value)'; the request has \(found)",
                rule: nil)
        }
    }

    /// The query items that carry `operation`'s API keys.
    private func queryCredentialNames(of operation: OperationDefinition) -> [String] {
        operation.auth.compactMap { name -> String? in
            if case .apiKey(.query, let item)? = schema.authScheme(named: name)?.kind { return item }
            return nil
        }
    }

    // MARK: Credentials

    /// What a request lacks when it presents no complete requirement of `operation`'s auth: the
    /// alternatives, worded for a message (`an Authorization: Bearer header or the header 'X-Api-Key' and the
    /// header 'Api-Username'`); nil when it presents every credential of one requirement, or the operation
    /// needs none. A requirement of several schemes is met only when each of them is sent. The sandbox
    /// answers such a request 401 and `schema-check traffic` reports it, so both mean the same by "no
    /// credentials".
    ///
    /// - Parameters:
    ///   - query: every query item of the request, decoded.
    ///   - headerValues: the values of the header with this name (compared ignoring case), in order.
    ///   - accepts: whether a credential sent for a scheme counts (by default any non-empty one; the
    ///     sandbox counts only tokens it issued for a scheme with a wired login).
    public func missingCredentials(
        of operation: OperationDefinition, query: [(name: String, value: String)], headerValues: (String) -> [String],
        accepts: (String, AuthScheme) -> Bool = { credential, _ in !credential.isEmpty }
    ) -> String? {
        var alternatives: [String] = []
        for requirement in operation.authRequirements {
            let schemes = requirement.compactMap(schema.authScheme(named:))
            guard !schemes.isEmpty else { continue }
            let met = schemes.allSatisfy { scheme in
                Self.credentials(sentFor: scheme, query: query, headerValues: headerValues).contains { accepts($0, scheme) }
            }
            if met { return nil }
            alternatives.append(schemes.map(Self.credentialDescription(of:)).joined(separator: " and "))
        }
        return alternatives.isEmpty ? nil : alternatives.joined(separator: " or ")
    }

    /// The credentials a request sends for `scheme`, in order: the token of each `Authorization: Bearer`
    /// header, the decoded `user:password` of each well-formed `Authorization: Basic` header, the values of
    /// an API key's query item or header, the values of a session's header.
    public static func credentials(
        sentFor scheme: AuthScheme, query: [(name: String, value: String)], headerValues: (String) -> [String]
    ) -> [String] {
        /// The part after `Bearer ` or `Basic ` (the scheme word in any case), trimmed.
        func authorization(_ word: String) -> [String] {
            headerValues("Authorization").compactMap { value in
                let parts = value.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == word else { return nil }
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        switch scheme.kind {
        case .bearer:
            return authorization("bearer")
        case .basic:
            return authorization("basic").compactMap { encoded in
                guard let decoded = Data(base64Encoded: encoded) else { return nil }
                let text = String(decoding: decoded, as: UTF8.self)
                return text.contains(":") ? text : nil
            }
        case .apiKey(let location, let name):
            return location == .query ? query.filter { $0.name == name }.map(\.value) : headerValues(name)
        case .session(_, let header):
            return headerValues(header)
        }
    }

    /// Where a request carries `scheme`'s credential, for a message.
    private static func credentialDescription(of scheme: AuthScheme) -> String {
        switch scheme.kind {
        case .bearer: return "an Authorization: Bearer header"
        case .basic: return "an Authorization: Basic header"
        case .apiKey(let location, let name): return location == .query ? "the query item '\(name)'" : "the header '\(name)'"
        case .session(_, let header): return "a session id in the header '\(header)'"
        }
    }

    // MARK: Query objects

    /// Issues of an object-valued query parameter: a map's values against the value type, a struct's
    /// members against their fields (required ones present, no unknown ones). `query` is every query
    /// item of the request, decoded.
    public func queryObjectIssues(_ field: Field, query: [(name: String, value: String)], operation: OperationDefinition) -> [ValidationIssue] {
        let style = field.queryStyle ?? .form
        if style == .deepObject { return deepObjectIssues(field, query: query) }
        // A form-style object takes every item that is not another parameter, a query credential or a
        // pair of the path's literal query.
        let others = Set(
            operation.queryParameters.filter { $0.name != field.name }.map(\.wireName) + queryCredentialNames(of: operation)
                + operation.literalQuery.map(\.name))
        var members: [(key: String, value: String)] = []
        for item in query {
            switch style {
            case .form:
                if !others.contains(item.name) { members.append((item.name, item.value)) }
            case .deepObject:
                continue  // read above, nested
            }
        }
        if members.isEmpty, !field.isRequiredOnWire { return [] }
        return memberIssues(members, of: field.type, itemName: { $0 }, template: field)
    }

    // MARK: Bodies

    /// Issues of an `application/x-www-form-urlencoded` body against the operation's body: a flat struct
    /// member by member, or with `style: deepObject` the bracketed names read back into the nested value
    /// (`card[exp_month]=12`; issues name the bracket path, `items[0][price]`).
    public func formBodyIssues(_ body: Data, of operationBody: OperationDefinition.Body) -> [ValidationIssue] {
        guard operationBody.style == .deepObject else { return formBodyIssues(body, of: operationBody.type) }
        return nestedFormIssues(Self.formItems(String(decoding: body, as: UTF8.self)), of: operationBody.type)
    }

    /// Issues of a flat `application/x-www-form-urlencoded` body against the body type's fields.
    public func formBodyIssues(_ body: Data, of type: TypeReference) -> [ValidationIssue] {
        memberIssues(Self.formItems(String(decoding: body, as: UTF8.self)).map { ($0.name, $0.value) }, of: type, itemName: { $0 })
    }

    /// Issues of a `multipart/form-data` body: well formed with the boundary `contentType` names, every
    /// required file part present with the body's content type, the text parts checked as form fields.
    public func multipartBodyIssues(_ body: Data, contentType: String, of operationBody: OperationDefinition.Body) -> [ValidationIssue] {
        guard let boundary = Multipart.boundary(of: contentType), let parts = Multipart.parse(body, boundary: boundary) else {
            return [
                issue(
                    "", expected: "a multipart/form-data body", found: "a malformed body",
                    "not a multipart/form-data body with the boundary its Content-Type names")
            ]
        }
        let fileNames = Set(schema.fileFields(of: operationBody).map(\.wireName))
        let jsonFields = schema.jsonPartFields(of: operationBody)
        var issues: [ValidationIssue] = []
        var texts: [(key: String, value: String)] = []
        for part in parts {
            if let field = jsonFields.first(where: { $0.wireName == part.name }) {
                issues += jsonPartIssues(part, as: field)
            } else if fileNames.contains(part.name) {
                if let expected = operationBody.contentType, part.contentType?.lowercased() != expected.lowercased() {
                    issues.append(
                        issue(
                            part.name, expected: expected, found: part.contentType ?? "no Content-Type",
                            "the file part must be \(expected), found '\(part.contentType ?? "none")'"))
                }
            } else {
                texts.append((part.name, String(decoding: part.data, as: UTF8.self)))
            }
        }
        let present = Set(parts.map(\.name))
        for name in fileNames.sorted() where !present.contains(name) {
            if let field = structFields(of: operationBody.type).first(where: { $0.wireName == name }), field.isRequiredOnWire {
                issues.append(issue(name, expected: "a file part", found: "none", "the file part is required"))
            }
        }
        for field in jsonFields where field.isRequiredOnWire && !present.contains(field.wireName) {
            issues.append(issue(field.wireName, expected: "a JSON part of type \(field.type)", found: "none", "the JSON part is required"))
        }
        let structured = fileNames.union(jsonFields.map(\.wireName))
        return issues + memberIssues(texts, of: operationBody.type, itemName: { $0 }, skipping: structured)
    }

    /// A JSON part (an object or list field of a multipart body): `application/json` when it names a
    /// content type, and its bytes a JSON value of the field's type; pointers start at the part's name.
    private func jsonPartIssues(_ part: Multipart.Part, as field: Field) -> [ValidationIssue] {
        if let contentType = part.contentType {
            let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            if mediaType != "application/json", !mediaType.hasSuffix("+json") {
                return [
                    issue(
                        part.name, expected: "application/json", found: contentType,
                        "the part holds \(field.type) as JSON, so its Content-Type must be application/json, found '\(contentType)'")
                ]
            }
        }
        return validator.validate(data: part.data, against: field.type).map { found in
            var issue = found
            issue.pointer = part.name + found.pointer
            return issue
        }
    }

    /// A query string or form body, `a=1&b=x+y`, as decoded (name, value) pairs in order: `+` is a space
    /// (as forms and URLComponents send it), then percent-decoding.
    public static func formItems(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    // MARK: Members

    private func structFields(of type: TypeReference) -> [Field] {
        guard case .named(let name) = schema.resolvingAliases(type) else { return [] }
        return schema.type(named: name)?.fields ?? []
    }

    /// Members (name, text) against a map's value type or a struct's fields.
    private func memberIssues(
        _ members: [(key: String, value: String)], of type: TypeReference, itemName: (String) -> String,
        skipping: Set<String> = [], template: Field? = nil
    ) -> [ValidationIssue] {
        if case .map(_, let valueType) = schema.resolvingAliases(type) {
            var issues: [ValidationIssue] = []
            for member in members {
                guard var valueField = template else { continue }
                valueField.name = member.key
                valueField.wireName = itemName(member.key)
                valueField.type = valueType
                valueField.isOptional = false
                valueField.isNullable = false
                valueField.defaultValue = nil
                valueField.constraints = Constraints()
                issues += validator.validateParameter(member.value, as: valueField)
            }
            return issues
        }
        let fields = structFields(of: type)
        let known = Set(fields.map(\.wireName))
        var issues: [ValidationIssue] = []
        for member in members where !known.contains(member.key) && !skipping.contains(member.key) {
            issues.append(issue(itemName(member.key), expected: "a member of \(type)", found: "'\(member.key)'", "not a member of \(type)"))
        }
        for field in fields where !skipping.contains(field.wireName) {
            var renamed = field
            renamed.wireName = itemName(field.wireName)
            let values = members.filter { $0.key == field.wireName }.map(\.value)
            issues += values.isEmpty ? validator.validateParameter(nil, as: renamed) : validator.validateParameter(values: values, as: renamed)
        }
        return issues
    }

    private func issue(_ pointer: String, expected: String, found: String, _ message: String) -> ValidationIssue {
        ValidationIssue(severity: .error, kind: .type, pointer: pointer, expected: expected, found: found, message: message, rule: nil)
    }
}

/// A `multipart/form-data` body taken apart.
public enum Multipart {
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var data: Data
    }

    /// The `boundary` parameter of a Content-Type, unquoted.
    public static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// The parts, or nil when the body is not well formed.
    ///
    /// One pass over the body: each delimiter is searched for from where the previous part ended,
    /// and each part's bytes are copied once, so the time is linear in the body whatever the number or
    /// size of its parts (a 100,000-part body, a 4 MB file part).
    public static func parse(_ body: Data, boundary: String) -> [Part]? {
        // RFC 2046: 1 to 70 characters, none of them a control character.
        guard !boundary.isEmpty, boundary.utf8.count <= 70, !boundary.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        return body.withUnsafeBytes { raw -> [Part]? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            return parse(Bytes(base: base, count: raw.count), delimiter: delimiter)
        }
    }

    /// The body as a pointer and a count, with the searches the parser needs.
    private struct Bytes {
        let base: UnsafePointer<UInt8>
        let count: Int

        /// The offset of the first `needle` in `start..<end`, or nil: `memchr` to each candidate first byte,
        /// then `memcmp`. At most `needle.count` bytes are compared per candidate, and needles are short (a
        /// boundary has at most 70 characters), so this stays linear in the bytes searched.
        func find(_ needle: [UInt8], from start: Int, to end: Int) -> Int? {
            guard let first = needle.first, start >= 0, end <= count else { return nil }
            return needle.withUnsafeBytes { pattern -> Int? in
                var position = start
                while end - position >= needle.count {
                    guard let hit = memchr(base + position, Int32(first), end - position - needle.count + 1) else { return nil }
                    let offset = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
                    if memcmp(base + offset, pattern.baseAddress!, needle.count) == 0 { return offset }
                    position = offset + 1
                }
                return nil
            }
        }

        func has(_ prefix: [UInt8], at offset: Int) -> Bool {
            guard offset >= 0, count - offset >= prefix.count else { return false }
            for index in prefix.indices where base[offset + index] != prefix[index] { return false }
            return true
        }
    }

    private static let crlf: [UInt8] = [13, 10]
    private static let headerEnd: [UInt8] = [13, 10, 13, 10]
    private static let closing: [UInt8] = [45, 45]

    private static func parse(_ body: Bytes, delimiter: [UInt8]) -> [Part]? {
        guard let first = body.find(delimiter, from: 0, to: body.count) else { return nil }
        let separator = crlf + delimiter
        var parts: [Part] = []
        var position = first + delimiter.count
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body.has(closing, at: position) { return parts }
            guard body.has(crlf, at: position) else { return nil }
            let partStart = position + crlf.count
            guard let next = body.find(separator, from: partStart, to: body.count),
                let headersEnd = body.find(headerEnd, from: partStart, to: next)
            else { return nil }
            let headerText = String(decoding: UnsafeBufferPointer(start: body.base + partStart, count: headersEnd - partStart), as: UTF8.self)
            var name: String?
            var filename: String?
            var contentType: String?
            for line in headerText.components(separatedBy: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pieces.count == 2 else { continue }
                switch pieces[0].lowercased() {
                case "content-disposition":
                    name = quotedParameter("name", in: pieces[1])
                    filename = quotedParameter("filename", in: pieces[1])
                case "content-type":
                    contentType = pieces[1]
                default:
                    continue
                }
            }
            guard let name else { return nil }
            let dataStart = headersEnd + headerEnd.count
            parts.append(Part(name: name, filename: filename, contentType: contentType, data: Data(bytes: body.base + dataStart, count: next - dataStart)))
            position = next + separator.count
        }
    }

    private static func quotedParameter(_ key: String, in header: String) -> String? {
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).replacingOccurrences(of: "%22", with: "\"")
                    .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            }
        }
        return nil
    }
}
