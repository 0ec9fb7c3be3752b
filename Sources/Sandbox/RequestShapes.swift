import Foundation
import PayloadValidation
import SchemaModel

/// The sandbox's handling of requests that are not JSON-in, JSON-out: form, multipart and raw bodies,
/// binary responses, object-valued query parameters (docs/SchemaLanguage.md, "Bodies that are not JSON").
/// Values are checked with the same parameter rules schema-check applies to query items.
extension RequestValidator {
    /// Problems of an object-valued query parameter: a map's values against the value type, a struct's
    /// members against their fields (required ones present, no unknown ones).
    func queryObjectProblems(_ field: Field, query: [(name: String, value: String)], operation: SchemaOperation) -> [String] {
        let style = field.queryStyle ?? .form
        // A form-style object takes every item that is not another parameter or a query credential.
        let credentialItems = operation.auth.compactMap { name -> String? in
            if case .apiKey(.query, let item)? = schema.authScheme(named: name)?.kind { return item }
            return nil
        }
        let others = Set(operation.queryParameters.filter { $0.name != field.name }.map(\.wireName) + credentialItems)
        var members: [(key: String, value: String)] = []
        for item in query {
            switch style {
            case .form:
                if !others.contains(item.name) { members.append((item.name, item.value)) }
            case .deepObject:
                let prefix = field.wireName + "["
                if item.name.hasPrefix(prefix), item.name.hasSuffix("]"), item.name.count > prefix.count {
                    members.append((String(item.name.dropFirst(prefix.count).dropLast()), item.value))
                }
            }
        }
        if members.isEmpty, !field.isRequiredOnWire { return [] }
        let itemName = { (key: String) in style == .deepObject ? "\(field.wireName)[\(key)]" : key }
        return memberProblems(members, of: field.type, itemName: itemName, place: "query parameter", template: field)
    }

    /// Problems of a non-JSON body against the operation's body.
    func nonJSONBodyProblems(_ request: IncomingRequest, body: SchemaOperation.Body) -> [String] {
        let mediaType = (request.header("content-type") ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let expected = body.encoding.mediaType(contentType: body.contentType).lowercased()
        guard mediaType == expected else {
            return ["body: Content-Type must be \(expected), found '\(mediaType)'"]
        }
        switch body.encoding {
        case .json:
            return []
        case .raw:
            return request.body.isEmpty ? ["body: the \(expected) body is empty"] : []
        case .form:
            let pairs = IncomingRequest(method: "", path: "", query: String(decoding: request.body, as: UTF8.self), headers: [], body: Data()).queryItems
            return memberProblems(pairs.map { ($0.name, $0.value) }, of: body.type, itemName: { $0 }, place: "body")
        case .multipart:
            guard let boundary = Multipart.boundary(of: request.header("content-type") ?? ""),
                  let parts = Multipart.parse(request.body, boundary: boundary)
            else { return ["body: not a multipart/form-data body with the boundary its Content-Type names"] }
            let fileNames = Set(schema.fileFields(of: body).map(\.wireName))
            var problems: [String] = []
            var texts: [(key: String, value: String)] = []
            for part in parts {
                if fileNames.contains(part.name) {
                    if let contentType = body.contentType, part.contentType?.lowercased() != contentType.lowercased() {
                        problems.append("body \(part.name): the file part must be \(contentType), found '\(part.contentType ?? "none")'")
                    }
                } else {
                    texts.append((part.name, String(decoding: part.data, as: UTF8.self)))
                }
            }
            let present = Set(parts.map(\.name))
            for name in fileNames.sorted() where !present.contains(name) {
                if let field = structFields(of: body.type).first(where: { $0.wireName == name }), field.isRequiredOnWire {
                    problems.append("body \(name): the file part is required")
                }
            }
            return problems + memberProblems(texts, of: body.type, itemName: { $0 }, place: "body", skipping: fileNames)
        }
    }

    private func structFields(of type: TypeReference) -> [Field] {
        guard case .named(let name) = schema.resolvingAliases(type) else { return [] }
        return schema.type(named: name)?.fields ?? []
    }

    /// Members (name, text) against a map's value type or a struct's fields.
    private func memberProblems(_ members: [(key: String, value: String)], of type: TypeReference, itemName: (String) -> String,
                                place: String, skipping: Set<String> = [], template: Field? = nil) -> [String] {
        var problems: [String] = []
        func add(_ issues: [ValidationIssue]) {
            for issue in issues where issue.severity == .error {
                problems.append("\(place) \(issue.pointer): \(issue.message)")
            }
        }
        if case .map(_, let valueType) = schema.resolvingAliases(type) {
            for member in members {
                guard var valueField = template else { continue }
                valueField.name = member.key
                valueField.wireName = itemName(member.key)
                valueField.type = valueType
                valueField.isOptional = false
                valueField.isNullable = false
                valueField.defaultValue = nil
                valueField.constraints = Constraints()
                add(validator.validateParameter(member.value, as: valueField))
            }
            return problems
        }
        let fields = structFields(of: type)
        let known = Set(fields.map(\.wireName))
        for member in members where !known.contains(member.key) && !skipping.contains(member.key) {
            problems.append("\(place) \(itemName(member.key)): not a member of \(type)")
        }
        for field in fields where !skipping.contains(field.wireName) {
            var renamed = field
            renamed.wireName = itemName(field.wireName)
            let values = members.filter { $0.key == field.wireName }.map(\.value)
            add(values.isEmpty ? validator.validateParameter(nil, as: renamed) : validator.validateParameter(values: values, as: renamed))
        }
        return problems
    }
}

/// A `multipart/form-data` body taken apart.
enum Multipart {
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var data: Data
    }

    /// The `boundary` parameter of a Content-Type, unquoted.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// The parts, or nil when the body is not well formed.
    static func parse(_ body: Data, boundary: String) -> [Part]? {
        let delimiter = Data("--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        guard let first = body.range(of: delimiter) else { return nil }
        var parts: [Part] = []
        var position = first.upperBound
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[position...].starts(with: Data("--".utf8)) { return parts }
            guard body[position...].starts(with: crlf) else { return nil }
            let partStart = position + crlf.count
            guard let next = body.range(of: crlf + delimiter, in: partStart..<body.endIndex) else { return nil }
            let part = body[partStart..<next.lowerBound]
            guard let headerEnd = part.range(of: crlf + crlf) else { return nil }
            let headerText = String(decoding: part[part.startIndex..<headerEnd.lowerBound], as: UTF8.self)
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
            parts.append(Part(name: name, filename: filename, contentType: contentType, data: Data(part[headerEnd.upperBound...])))
            position = next.upperBound
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

extension SandboxEngine {
    /// The bytes of a binary response: the example's or sample's base64 text decoded; bytes 0…15 when
    /// it is not base64.
    static func binaryBody(fromJSON data: Data) -> Data {
        if case .string(let text)? = JSON.parse(data), let bytes = Data(base64Encoded: text), !bytes.isEmpty { return bytes }
        return Data(0..<16)
    }

    /// Whether `Authorization: Basic` carries `id:secret` in base64.
    static func hasBasicCredentials(_ request: IncomingRequest) -> Bool {
        guard let value = request.header("authorization") else { return false }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic", let decoded = Data(base64Encoded: String(parts[1])) else { return false }
        return String(decoding: decoded, as: UTF8.self).contains(":")
    }
}
