import Foundation
import SchemaModel
@_spi(Generated) import WireFormat

/// Checks JSON payloads and request parameters against a schema, reporting every violation with its
/// JSON Pointer, what was expected and found, and the schema rule's location.
///
/// **Agreement with the generated client.** A payload without errors decodes with the generated
/// model; an error of kind `type` or `required` means decoding fails. The decoding rules were checked
/// against swift-foundation's `JSONDecoder` (Swift 6.3, Linux) with `JSONCoding.makeDecoder()`:
///
/// - Structs: keys by wire name (Swift `String` equality, so canonically equivalent keys match); extra
///   keys are ignored; a repeated key is a `duplicateKey` error, and only its first occurrence is
///   checked, because that is the one `JSONDecoder` uses. A missing key is a `required` error unless
///   the field is optional or has a default; a nullable but required field needs its key. `null` is
///   accepted for optional fields (`decodeIfPresent` reads null as absent), nullable fields, and fields
///   with a default (`decodeIfPresent(...) ?? default`), and for `json` values (`JSONValue.null`).
/// - Integers: `1.0`, `1e2`, `100e-2` decode as integers (and `1e-400`, which underflows to 0); `1.5`
///   and anything out of the type's range do not (`int` is 64-bit). Doubles must be finite and must
///   not underflow (`1e309`, `1e-400` fail). Decimals must fit `Decimal` (`1e127` decodes, `1e128` and
///   `1e-129` do not). `json` numbers must decode as `Int64` or `Double`.
/// - Strings: `uuid` per `UUID(uuidString:)`, `uri` per `URL(string:)`, `base64`/`binary` per
///   `Data(base64Encoded:)`, `date` a real `yyyy-MM-dd` day in years 1-9999, `date-time` RFC 3339 as
///   the client runtime parses it. Failing these is a `type` error: decoding fails.
/// - Enums: the raw type must match (a `type` error otherwise); an unlisted value is a `warning`
///   (`enumValue`) because generated enums keep it as `.undocumented`, an error with `strictEnums`.
/// - Unions: a tagged union needs an object; a string discriminator naming a variant selects that
///   struct; a missing, non-string or unknown tag is a `union` warning (error with `strictEnums`), and
///   the object is then checked as `JSONValue`, as the generated `.undocumented` case decodes it. An
///   untagged union takes the first variant of the payload's JSON kind that fits (`checkUntaggedUnion`);
///   any other value is a `union` warning, checked as `JSONValue`.
/// - `[int: T]` maps: every key must parse with `Int(_:)` (`"+1"` and `"01"` do, `"1.0"` does not);
///   two keys with the same integer value are duplicates.
///
/// **Stricter than decoding** (schema-check and the sandbox enforce what generated code does not):
/// constraints (`constraint` errors), `email` addresses (`format` errors), a `uuid` that is a whole
/// response body (the canonical 8-4-4-4-12 form the export describes is required everywhere; generated
/// struct fields built from `uuid` check it too, but a bare `uuid` response decodes with Foundation's
/// `UUID`, which on Linux also takes `"<uuid>\u0000junk"` and `"+bac7eea-…"`), duplicate keys, and JSON syntax
/// (`JSONDecoder` tolerates some malformed text it never reads, such as `01` under an ignored key).
/// Constraint details: `minLength`/`maxLength` count Unicode code points (as JSON Schema does);
/// `pattern` is an ECMA-262 regular expression, as in JSON Schema, searched for anywhere in the string
/// (anchor it with `^…$`; `$` matches at the very end only, see `ECMAPattern`);
/// `minimum`/`maximum` compare the exact decimal number text, not a rounded `Double`; `minItems`/
/// `maxItems` count array elements or object members.
///
/// **Robustness and speed.** The schema is compiled once in `init` (type names to indexes, fields by
/// wire name, enum value sets, alias chains, regular expressions), so a validator is cheap to reuse
/// for many payloads and safe to share across threads; `prepare(_:)` also saves the per-call type-name
/// lookup. Validation walks the value with an explicit work stack, never recursing per nesting level,
/// so deep payloads are safe on small thread stacks. At most `maxIssues` issues are returned per
/// payload (when the result has exactly `maxIssues` entries, more may exist).
public struct PayloadValidator: Sendable {
    public let strictEnums: Bool
    public let maxIssues: Int
    private let compiled: CompiledSchema
    /// Wire names marked `secret: true`: issues under them do not quote the value.
    private let secretNames: Set<String>

    public init(schema: Schema, strictEnums: Bool = false, maxIssues: Int = 1000) {
        self.compiled = CompiledSchema(schema)
        self.secretNames = Set(schema.secretWireNames)
        self.strictEnums = strictEnums
        self.maxIssues = max(1, maxIssues)
    }

    /// A type looked up in the schema once, for validating many payloads against it (saves the
    /// name lookup per payload).
    public struct PreparedType: Sendable {
        public let reference: TypeReference
        let node: Node
    }

    /// `type` resolved against the schema, for repeated validation.
    public func prepare(_ type: TypeReference) -> PreparedType {
        PreparedType(reference: type, node: compiled.node(type))
    }

    /// Every issue of `value` as a `type` (`.named("Item")`, `.array(.named("Shape"))`, …).
    public func validate(_ value: JSON, against type: TypeReference) -> [ValidationIssue] {
        validate(value, against: prepare(type))
    }

    /// Every issue of `value` as a prepared type.
    public func validate(_ value: JSON, against type: PreparedType) -> [ValidationIssue] {
        var walk = Walk(maxIssues: maxIssues, strictEnums: strictEnums)
        compiled.validate(value, type.node, &walk)
        return hidingSecretValues(walk.issues)
    }

    /// Parses `data` and validates it; a syntax error is the one issue (kind `syntax`, pointer `""`).
    public func validate(data: Data, against type: TypeReference) -> [ValidationIssue] {
        validate(data: data, against: prepare(type))
    }

    /// Parses `data` and validates it against a prepared type.
    public func validate(data: Data, against type: PreparedType) -> [ValidationIssue] {
        do {
            return validate(try JSONParser.parse(data), against: type)
        } catch let error as JSONSyntaxError {
            return [PayloadValidator.syntaxIssue(error)]
        } catch {
            return [
                ValidationIssue(
                    severity: .error, kind: .syntax, pointer: "", expected: "JSON", found: "unreadable input",
                    message: "\(error)", rule: nil)
            ]
        }
    }

    /// The issue that reports a syntax error.
    public static func syntaxIssue(_ error: JSONSyntaxError) -> ValidationIssue {
        let found = "invalid JSON at line \(error.line), column \(error.column)"
        return ValidationIssue(
            severity: .error, kind: .syntax, pointer: "", expected: "JSON", found: found,
            message: "\(found): \(error.message)", rule: nil)
    }

    /// A path, query or header parameter as received (`nil`: absent). Checks presence, that integers,
    /// booleans (`true`/`false`) and numbers parse, enum values, uuid, date, date-time, uri and base64
    /// forms, and constraints. Pointers are the parameter's wire name. For a list-typed query
    /// parameter the text is one element; use `validateParameter(values:as:)` for repeated items.
    public func validateParameter(_ text: String?, as field: Field) -> [ValidationIssue] {
        validateParameter(values: text.map { [$0] } ?? [], as: field)
    }

    /// A parameter that may be repeated (`sort=a&sort=b`). For a list type each value is an element
    /// (pointer `wire/0`, `wire/1`, …; no values is an empty list, as the client sends for `[]`); for
    /// other types more than one value is a `type` error.
    public func validateParameter(values: [String], as field: Field) -> [ValidationIssue] {
        var walk = Walk(maxIssues: maxIssues, strictEnums: strictEnums, root: field.wireName)
        compiled.checkParameter(values, compiled.fieldInfo(field), &walk)
        return hidingSecretValues(walk.issues)
    }

    /// A value as a struct field or parameter would hold it in a JSON body: its type with the field's
    /// constraints and date format, `null` where the field takes it. Used for field examples.
    public func validate(_ value: JSON, asField field: Field) -> [ValidationIssue] {
        var walk = Walk(maxIssues: maxIssues, strictEnums: strictEnums)
        compiled.validateField(value, compiled.fieldInfo(field), &walk)
        return hidingSecretValues(walk.issues)
    }

    private func hidingSecretValues(_ issues: [ValidationIssue]) -> [ValidationIssue] {
        secretNames.isEmpty || issues.isEmpty ? issues : issues.map { $0.hidingSecretValues(secretNames) }
    }
}

/// A step of the path from the payload's root.
enum PathComponent {
    case key(String)
    case index(Int)
}

/// The state of one validation: where it is, and what it found.
struct Walk {
    var path: [PathComponent] = []
    var issues: [ValidationIssue] = []
    let maxIssues: Int
    let strictEnums: Bool
    /// The pointer of the path's start: `""` for payloads, the wire name for parameters.
    let root: String
    /// A last path component not stored in `path` (set while a scalar member is checked in place,
    /// which spares the path array's allocation for flat payloads).
    var leaf: PathComponent?

    init(maxIssues: Int, strictEnums: Bool, root: String = "") {
        self.maxIssues = maxIssues
        self.strictEnums = strictEnums
        self.root = root
    }

    var isFull: Bool { issues.count >= maxIssues }

    /// Sets the path to its first `length` components plus `component`.
    @inline(__always)
    mutating func move(to length: Int, _ component: PathComponent?) {
        while path.count > length { path.removeLast() }
        if let component { path.append(component) }
    }

    func pointer(appending extra: PathComponent? = nil) -> String {
        var pointer = root
        func append(_ component: PathComponent) {
            switch component {
            case .key(let key): pointer += "/" + JSONPointer.escape(key)
            case .index(let index): pointer += "/" + String(index)
            }
        }
        for component in path { append(component) }
        if let leaf { append(leaf) }
        if let extra { append(extra) }
        return pointer
    }

    /// An issue at the current path (or below it, at `extra`), not yet recorded.
    func issue(
        _ severity: ValidationIssue.Severity, _ kind: ValidationIssue.Kind, expected: String, found: String,
        message: String, rule: SourceLocation?, at extra: PathComponent? = nil
    ) -> ValidationIssue {
        ValidationIssue(
            severity: severity, kind: kind, pointer: pointer(appending: extra), expected: expected,
            found: found, message: message, rule: rule)
    }

    mutating func record(_ issue: ValidationIssue) {
        if !isFull { issues.append(issue) }
    }

    mutating func report(
        _ severity: ValidationIssue.Severity, _ kind: ValidationIssue.Kind, expected: String, found: String,
        message: String, rule: SourceLocation?, at extra: PathComponent? = nil
    ) {
        guard !isFull else { return }
        issues.append(issue(severity, kind, expected: expected, found: found, message: message, rule: rule, at: extra))
    }

    /// A value of the wrong type (or form) at the current path.
    mutating func mismatch(expected: String, found value: JSON, rule: SourceLocation?, note: String = "") {
        guard !isFull else { return }
        let found = Describe.value(value)
        report(.error, .type, expected: expected, found: found, message: "expected \(expected), found \(found)\(note)", rule: rule)
    }
}

/// Constraints waiting for a value's type check (an alias's, then the field's), without allocating
/// in the common cases.
enum PendingConstraints {
    case none
    case one(ConstraintInfo)
    case many([ConstraintInfo])

    init(_ constraints: ConstraintInfo?) {
        self = constraints.map(PendingConstraints.one) ?? .none
    }

    /// `inner` apply before the ones already pending.
    func prepending(_ inner: [ConstraintInfo]) -> PendingConstraints {
        guard !inner.isEmpty else { return self }
        switch self {
        case .none: return inner.count == 1 ? .one(inner[0]) : .many(inner)
        case .one(let outer): return .many(inner + [outer])
        case .many(let outer): return .many(inner + outer)
        }
    }

    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    /// Runs `body` on each pending constraint, without building an array for the common cases.
    func forEachConstraint(_ body: (ConstraintInfo) -> Void) {
        switch self {
        case .none: break
        case .one(let constraints): body(constraints)
        case .many(let list): for constraints in list { body(constraints) }
        }
    }
}

/// One step of a validation. Steps run from an explicit stack, so however deeply a payload nests,
/// validation never recurses (a 512-level payload is fine on a 512 KB thread stack).
enum PendingCheck {
    /// Check a value against a type at path `path` + `component`.
    case check(JSON, Node, rule: SourceLocation?, path: Int, component: PathComponent?)
    /// A struct member's value (`key` as written in the payload).
    case field(JSON, key: String, StructInfo, Int, path: Int)
    /// A value decoded as `JSONValue` (a `json` field, an unknown union variant).
    case json(JSON, rule: SourceLocation?, path: Int, component: PathComponent?)
    /// The elements of an array from `next` on, one at a time (a long array is one task, not one per
    /// element, so the work stack stays as deep as the payload, not as large).
    case elements([JSON], Node, rule: SourceLocation?, path: Int, next: Int)
    /// The same for an array inside a `JSONValue`.
    case jsonElements([JSON], rule: SourceLocation?, path: Int, next: Int)
    /// Constraints of an array or map, applied after its elements (to keep issues in document order).
    case constraints(JSON, PendingConstraints, path: Int)
    /// An issue found earlier, recorded in order (boxed: issues are large and rare).
    indirect case report(ValidationIssue)
}

/// Finds repeated keys: a short list while small, a set when large (so hostile objects stay linear).
struct DuplicateFinder<Key: Hashable> {
    private var small: [Key] = []
    private var large: Set<Key>?

    /// Records `key`; true when it was seen before.
    mutating func isRepeated(_ key: Key) -> Bool {
        if large != nil { return !large!.insert(key).inserted }
        if small.contains(key) { return true }
        small.append(key)
        if small.count > 16 {
            large = Set(small)
            small = []
        }
        return false
    }
}

enum Describe {
    /// `null`, `true`, `number 12`, `string "abc"` (cut to 40 characters), `array (3 items)`, `object (2 keys)`.
    static func value(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return "number " + cut(text)
        case .string(let text): return "string " + quoted(text)
        case .array(let elements): return "array (\(count(elements.count, "item")))"
        case .object(let members): return "object (\(count(members.count, "key")))"
        }
    }

    static func quoted(_ text: String) -> String {
        // Looks at 40 characters at most, however long the text.
        let prefix = text.prefix(40)
        let isCut = prefix.endIndex != text.endIndex
        var output = ""
        JSONText.appendQuoted(isCut ? String(prefix) : text, to: &output)
        return isCut ? output + "…" : output
    }

    static func cut(_ text: String) -> String {
        text.utf8.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    static func expected(_ format: DateWireFormat) -> String {
        format.isNumeric ? "date-time as an integer (\(format))" : "date-time string (\(format))"
    }

    static func expected(_ primitive: Primitive) -> String {
        switch primitive {
        case .string: return "string"
        case .email: return "string (email address)"
        case .bool: return "boolean"
        case .int: return "integer (64-bit)"
        case .int32: return "integer in int32 range"
        case .int64: return "integer in int64 range"
        case .double: return "number (finite double)"
        case .decimal: return "number (decimal)"
        case .date: return "date string (yyyy-MM-dd, a real day)"
        case .dateTime: return "date-time string (RFC 3339, e.g. 2024-05-31T10:00:00Z)"
        case .uuid: return "UUID string (8-4-4-4-12 hex digits)"
        case .uri: return "URI string"
        case .base64, .binary: return "base64 string"
        case .json: return "any JSON value (numbers within Int64 or Double)"
        }
    }
}

// MARK: Checking

extension CompiledSchema {
    func expected(_ node: Node) -> String {
        switch node {
        case .primitive(let primitive): return Describe.expected(primitive)
        case .array(let element): return "array of \(expected(element))"
        case .map(let key, _): return key == .int ? "object with integer keys" : "object"
        case .unresolved(let name): return name
        case .refined(let inner, let nullable, _): return expected(inner) + (nullable ? " or null" : "")
        case .named(let index):
            switch types[index] {
            case .structure(let info): return "object (\(info.name))"
            case .enumeration(let info): return info.rawType == .string ? info.expected : "integer \(info.expected)"
            case .union(let info): return "object (\(info.name)) with \(info.expected)"
            case .alias(let info): return expected(info.resolvedTarget)
            }
        }
    }

    /// Whether `null` is a valid value of `node` itself (only `json`, directly or through aliases).
    func acceptsNull(_ node: Node) -> Bool {
        switch node {
        case .primitive(let primitive): return primitive == .json
        case .named(let index):
            if case .alias(let info) = types[index], case .primitive(.json) = info.resolvedTarget { return true }
            return false
        case .array, .map, .unresolved: return false
        case .refined(let inner, let nullable, _): return nullable || acceptsNull(inner)
        }
    }

    /// Validates `value` as `node` from the walk's current path.
    func validate(_ value: JSON, _ node: Node, _ walk: inout Walk) {
        run(&walk) { tasks, walk in check(value, node, rule: nil, pending: .none, &tasks, &walk) }
    }

    /// Validates `value` as the field would hold it (its constraints and date format included).
    func validateField(_ value: JSON, _ field: FieldInfo, _ walk: inout Walk) {
        run(&walk) { tasks, walk in checkField(value, field, &tasks, &walk) }
    }

    /// Runs `start`, then every task it and its tasks leave.
    private func run(_ walk: inout Walk, start: (inout [PendingCheck], inout Walk) -> Void) {
        var tasks: [PendingCheck] = []
        start(&tasks, &walk)
        while !walk.isFull, let task = tasks.popLast() {
            switch task {
            case .check(let value, let node, let rule, let path, let component):
                walk.move(to: path, component)
                check(value, node, rule: rule, pending: .none, &tasks, &walk)
            case .field(let value, let key, let info, let position, let path):
                walk.move(to: path, .key(key))
                checkField(value, info.fields[position], &tasks, &walk)
            case .json(let value, let rule, let path, let component):
                walk.move(to: path, component)
                checkJSONValue(value, rule: rule, &tasks, &walk)
            case .elements(let elements, let node, let rule, let path, let next):
                if next + 1 < elements.count { tasks.append(.elements(elements, node, rule: rule, path: path, next: next + 1)) }
                walk.move(to: path, .index(next))
                check(elements[next], node, rule: rule, pending: .none, &tasks, &walk)
            case .jsonElements(let elements, let rule, let path, var next):
                // Only numbers, arrays and objects need a look.
                while next < elements.count, !CompiledSchema.needsJSONCheck(elements[next]) { next += 1 }
                guard next < elements.count else { continue }
                if next + 1 < elements.count { tasks.append(.jsonElements(elements, rule: rule, path: path, next: next + 1)) }
                walk.move(to: path, .index(next))
                checkJSONValue(elements[next], rule: rule, &tasks, &walk)
            case .constraints(let value, let pending, let path):
                walk.move(to: path, nil)
                pending.forEachConstraint { applyConstraints($0, to: value, &walk) }
            case .report(let issue):
                walk.record(issue)
            }
        }
    }

    /// Checks `value` against `node` at the walk's path: its own shape now, its contents as tasks.
    /// `rule` is the schema location that declared this type (a field or alias); `pending`
    /// constraints apply when the value has the right type.
    private func check(
        _ value: JSON, _ node: Node, rule: SourceLocation?, pending: PendingConstraints,
        _ tasks: inout [PendingCheck], _ walk: inout Walk
    ) {
        switch node {
        case .primitive(let primitive):
            if checkPrimitive(value, primitive, rule: rule, &tasks, &walk) {
                pending.forEachConstraint { applyConstraints($0, to: value, &walk) }
            }
        case .named(let index):
            switch types[index] {
            case .structure(let info):
                checkStruct(value, info, &tasks, &walk)
            case .enumeration(let info):
                if checkEnum(value, info, &walk) { pending.forEachConstraint { applyConstraints($0, to: value, &walk) } }
            case .union(let info):
                checkUnion(value, info, &tasks, &walk)
            case .alias(let info):
                check(
                    value, info.resolvedTarget, rule: info.resolvedLocation, pending: pending.prepending(info.resolvedConstraints),
                    &tasks, &walk)
            }
        case .array(let element):
            guard case .array(let elements) = value else {
                walk.mismatch(expected: expected(node), found: value, rule: rule)
                return
            }
            let path = walk.path.count
            if !pending.isEmpty { tasks.append(.constraints(value, pending, path: path)) }
            if !elements.isEmpty { tasks.append(.elements(elements, element, rule: rule, path: path, next: 0)) }
        case .map(let keyType, let valueNode):
            guard case .object(let members) = value else {
                walk.mismatch(expected: expected(node), found: value, rule: rule)
                return
            }
            let path = walk.path.count
            if !pending.isEmpty { tasks.append(.constraints(value, pending, path: path)) }
            let first = tasks.count
            var strings = DuplicateFinder<String>()
            var integers = DuplicateFinder<Int>()
            for member in members {
                if keyType == .int {
                    guard let key = Int(member.key) else {
                        let found = "key " + Describe.quoted(member.key)
                        tasks.append(
                            .report(
                                walk.issue(
                                    .error, .type, expected: "integer key", found: found,
                                    message: "expected an integer key (the map is [int: …]), found \(found)",
                                    rule: rule, at: .key(member.key))))
                        continue
                    }
                    if integers.isRepeated(key) {
                        tasks.append(.report(duplicate(member.key, note: " (the same integer as an earlier key)", rule: rule, walk)))
                        continue
                    }
                } else if strings.isRepeated(member.key) {
                    tasks.append(.report(duplicate(member.key, rule: rule, walk)))
                    continue
                }
                tasks.append(.check(member.value, valueNode, rule: rule, path: path, component: .key(member.key)))
            }
            tasks.reverseTail(from: first)
        case .unresolved(let name):
            let found = Describe.value(value)
            walk.report(
                .error, .type, expected: name, found: found,
                message: "expected a \(name), which the schema does not define, found \(found)", rule: rule)
        case .refined(let inner, let nullable, let constraints):
            // A null element of a nullable list or map decodes as nil; the element's own constraints
            // apply to a value of the right type, before any the caller brings.
            if nullable, case .null = value { return }
            let own = constraints.map { pending.prepending([$0]) } ?? pending
            check(value, inner, rule: constraints?.location ?? rule, pending: own, &tasks, &walk)
        }
    }

    private func duplicate(_ key: String, note: String = "", rule: SourceLocation?, _ walk: Walk) -> ValidationIssue {
        let found = "key " + Describe.quoted(key) + " again"
        return walk.issue(
            .error, .duplicateKey, expected: "unique keys", found: found,
            message: "expected unique keys, found \(found)\(note); the generated decoder uses the first occurrence",
            rule: rule, at: .key(key))
    }

    private func checkPrimitive(
        _ value: JSON, _ primitive: Primitive, rule: SourceLocation?, _ tasks: inout [PendingCheck],
        _ walk: inout Walk
    ) -> Bool {
        switch primitive {
        case .json:
            switch value {
            case .null, .bool, .string: break
            case .number: checkJSONValue(value, rule: rule, &tasks, &walk)
            case .array, .object: tasks.append(.json(value, rule: rule, path: walk.path.count, component: nil))
            }
            return true
        case .bool:
            if case .bool = value { return true }
        case .int, .int64:
            if case .number(let text) = value, WireFormats.integer(text, as: Int64.self) != nil { return true }
        case .int32:
            if case .number(let text) = value, WireFormats.integer(text, as: Int32.self) != nil { return true }
        case .double:
            if case .number(let text) = value, WireFormats.isDouble(text) { return true }
        case .decimal:
            if case .number(let text) = value, WireFormats.isDecimal(text) { return true }
        case .string:
            if case .string = value { return true }
        case .email:
            if case .string(let text) = value {
                if !WireFormats.isEmail(text) {
                    let found = Describe.value(value)
                    walk.report(
                        .error, .format, expected: "email address (local@domain)", found: found,
                        message: "expected an email address (local@domain), found \(found)", rule: rule)
                }
                return true
            }
        case .uuid, .date, .dateTime, .uri, .base64, .binary:
            if case .string(let text) = value, Self.isValid(text, as: primitive) { return true }
        }
        walk.mismatch(expected: Describe.expected(primitive), found: value, rule: rule)
        return false
    }

    /// The string forms the generated decoder parses (failing them fails decoding).
    static func isValid(_ text: String, as primitive: Primitive) -> Bool {
        switch primitive {
        case .uuid: return WireFormats.isUUID(text)
        case .date: return WireFormats.isCalendarDate(text)
        case .dateTime: return WireFormats.isDateTime(text)
        case .uri: return WireFormats.isURL(text)
        case .base64, .binary: return WireFormats.isBase64(text)
        case .string, .bool, .int, .int32, .int64, .double, .decimal, .email, .json: return true
        }
    }

    /// A `json` value, or an unknown union variant: `JSONValue` decodes anything whose numbers fit
    /// `Int64` or `Double`. Repeated keys are reported too.
    static func needsJSONCheck(_ value: JSON) -> Bool {
        switch value {
        case .null, .bool, .string: return false
        case .number, .array, .object: return true
        }
    }

    private func checkJSONValue(_ value: JSON, rule: SourceLocation?, _ tasks: inout [PendingCheck], _ walk: inout Walk) {
        switch value {
        case .number(let text):
            if !WireFormats.isJSONValueNumber(text) {
                walk.mismatch(expected: "number within Int64 or Double range (json)", found: value, rule: rule)
            }
        case .array(let elements):
            if !elements.isEmpty { tasks.append(.jsonElements(elements, rule: rule, path: walk.path.count, next: 0)) }
        case .object(let members):
            let path = walk.path.count
            let first = tasks.count
            var keys = DuplicateFinder<String>()
            for member in members {
                if keys.isRepeated(member.key) {
                    tasks.append(.report(duplicate(member.key, rule: rule, walk)))
                } else if CompiledSchema.needsJSONCheck(member.value) {
                    tasks.append(.json(member.value, rule: rule, path: path, component: .key(member.key)))
                }
            }
            tasks.reverseTail(from: first)
        case .null, .bool, .string:
            break
        }
    }

    private func checkStruct(_ value: JSON, _ info: StructInfo, _ tasks: inout [PendingCheck], _ walk: inout Walk) {
        guard case .object(let members) = value else {
            walk.mismatch(expected: "object (\(info.name))", found: value, rule: info.location)
            return
        }
        let path = walk.path.count
        let first = tasks.count
        // Members are handled in document order. Scalars are checked at once (they cannot nest) until
        // the first array or object; from then on everything becomes a task, so issues stay in order.
        var deferring = false
        func report(_ issue: @autoclosure () -> ValidationIssue) {
            if deferring { tasks.append(.report(issue())) } else { walk.record(issue()) }
        }
        let fields = info.fields
        // Which fields were seen: a bit mask for up to 64 fields, an array beyond.
        var seenMask: UInt64 = 0
        var seenArray: [Bool] = fields.count > 64 ? Array(repeating: false, count: fields.count) : []
        var unknownKeys = DuplicateFinder<String>()
        var guess = 0
        for member in members {
            if walk.isFull { return }
            // Payloads usually list keys in schema order (often skipping some): try the next few
            // fields before hashing.
            var position: Int?
            var probe = guess
            while probe < fields.count, probe < guess + 6 {
                if fields[probe].wireName == member.key {
                    position = probe
                    break
                }
                probe += 1
            }
            if position == nil { position = info.fieldIndex[member.key] }
            guard let position else {
                if unknownKeys.isRepeated(member.key) {
                    report(duplicate(member.key, rule: info.location, walk))
                } else if let additional = info.additional {
                    // A member beyond the fields: the generated struct decodes it into `additionalFields`.
                    deferring = true
                    tasks.append(.check(member.value, additional.node, rule: additional.location, path: path, component: .key(member.key)))
                }
                continue
            }
            guess = position + 1
            if position < 64 {
                let bit: UInt64 = 1 << UInt64(position)
                if seenMask & bit != 0 {
                    report(duplicate(member.key, rule: fields[position].location, walk))
                    continue
                }
                seenMask |= bit
            } else {
                if seenArray[position] {
                    report(duplicate(member.key, rule: fields[position].location, walk))
                    continue
                }
                seenArray[position] = true
            }
            if !deferring {
                switch member.value {
                case .array, .object: deferring = true
                default:
                    walk.leaf = .key(member.key)
                    checkField(member.value, fields[position], &tasks, &walk)
                    walk.leaf = nil
                    continue
                }
            }
            tasks.append(.field(member.value, key: member.key, info, position, path: path))
        }
        for (position, field) in fields.enumerated() where field.isRequired {
            let seen = position < 64 ? seenMask & (1 << UInt64(position)) != 0 : seenArray[position]
            if seen { continue }
            let expected = (field.dateFormat.map(Describe.expected) ?? expected(field.node)) + (field.acceptsNull ? " or null" : "")
            report(
                walk.issue(
                    .error, .required, expected: expected, found: "missing",
                    message: "required key '\(field.wireName)' of \(info.name) is missing (expected \(expected))",
                    rule: field.location, at: .key(field.wireName)))
        }
        // Deferred members in document order, then the missing keys.
        tasks.reverseTail(from: first)
    }

    private func checkField(_ value: JSON, _ field: FieldInfo, _ tasks: inout [PendingCheck], _ walk: inout Walk) {
        if case .null = value {
            if field.acceptsNull || acceptsNull(field.node) { return }
            let expected = expected(field.node)
            walk.report(
                .error, .type, expected: expected, found: "null",
                message: "expected \(expected), found null ('\(field.wireName)' is not nullable)", rule: field.location)
            return
        }
        if let format = field.dateFormat {
            checkDate(value, format, rule: field.location, &walk)
            return
        }
        check(value, field.node, rule: field.location, pending: PendingConstraints(field.constraints), &tasks, &walk)
    }

    /// A `date-time` with a `format:`: an epoch integer or a string in the pattern, as the generated
    /// decoder reads it.
    private func checkDate(_ value: JSON, _ format: DateWireFormat, rule: SourceLocation, _ walk: inout Walk) {
        switch value {
        case .number(let text) where format.isNumeric:
            if let number = WireFormats.integer(text, as: Int64.self), format.date(fromNumber: number) != nil { return }
        case .string(let text) where !format.isNumeric:
            if format.date(from: text) != nil { return }
        default:
            break
        }
        walk.mismatch(expected: Describe.expected(format), found: value, rule: rule)
    }

    private func checkEnum(_ value: JSON, _ info: EnumInfo, _ walk: inout Walk) -> Bool {
        let known: Bool
        switch info.rawType {
        case .string:
            guard case .string(let text) = value else {
                walk.mismatch(expected: "string, \(info.expected)", found: value, rule: info.location)
                return false
            }
            known = info.contains(text)
        case .int32:
            guard case .number(let text) = value, let number = WireFormats.integer(text, as: Int32.self) else {
                walk.mismatch(expected: "integer in int32 range, \(info.expected)", found: value, rule: info.location)
                return false
            }
            known = info.contains(Int64(number))
        case .int, .int64:
            guard case .number(let text) = value, let number = WireFormats.integer(text, as: Int64.self) else {
                walk.mismatch(expected: "integer in int64 range, \(info.expected)", found: value, rule: info.location)
                return false
            }
            known = info.contains(number)
        }
        if !known {
            let found = Describe.value(value)
            let severity: ValidationIssue.Severity = walk.strictEnums ? .error : .warning
            walk.report(
                severity, .enumValue, expected: info.expected, found: found,
                message: "\(found) is not a value of enum \(info.name) (expected \(info.expected)); generated code keeps it as .undocumented",
                rule: info.location)
        }
        return true
    }

    private func checkUnion(_ value: JSON, _ info: UnionInfo, _ tasks: inout [PendingCheck], _ walk: inout Walk) {
        guard let discriminator = info.discriminator else {
            checkUntaggedUnion(value, info, &tasks, &walk)
            return
        }
        guard case .object(let members) = value else {
            walk.mismatch(expected: "object (\(info.name)) with \(info.expected)", found: value, rule: info.location)
            return
        }
        // The first occurrence of the discriminator, as the decoder reads it.
        let tag = members.first { $0.key == discriminator }?.value
        var tagText: String?
        switch (tag, info.tagType) {
        case (.string(let text)?, .string): tagText = text
        case (.number(let text)?, .integer): tagText = WireFormats.integer(text, as: Int64.self).map(String.init)
        case (_, .string), (_, .integer): break
        }
        if let tagText, let variant = info.variants[tagText], case .structure(let structure) = types[variant] {
            checkStruct(value, structure, &tasks, &walk)
            return
        }
        let found = tag.map(Describe.value) ?? "missing"
        let severity: ValidationIssue.Severity = walk.strictEnums ? .error : .warning
        let problem: String
        switch tag {
        case nil: problem = "has no discriminator '\(discriminator)'"
        case .string? where info.tagType == .string, .number? where info.tagType == .integer: problem = "has an unknown variant tag \(found)"
        default: problem = "has a discriminator that is not \(info.tagType == .string ? "a string" : "an integer") (\(found))"
        }
        walk.report(
            severity, .union, expected: info.expected, found: found,
            message: "the \(info.name) object \(problem), expected \(info.expected); generated code keeps it as .undocumented",
            rule: info.location, at: .key(discriminator))
        // Decoded as JSONValue by the generated `.undocumented` case.
        checkJSONValue(value, rule: info.location, &tasks, &walk)
    }

    /// An untagged union takes the first candidate of the payload's JSON kind (in
    /// `Schema.untaggedCandidates` order) whose constants the payload holds, whose required keys are
    /// present and that decodes (no `type`
    /// or `required` error: the decoder checks no constraints), as the generated decoder does; a
    /// payload that fits none is reported with each variant's reason, and checked as the
    /// `.undocumented` JSONValue it decodes as.
    private func checkUntaggedUnion(_ value: JSON, _ info: UnionInfo, _ tasks: inout [PendingCheck], _ walk: inout Walk) {
        let kind: JSONKind?
        var keys: Set<String> = []
        switch value {
        case .object(let members):
            kind = .object
            keys = Set(members.map(\.key))
        case .array: kind = .array
        case .string: kind = .string
        case .number: kind = .number
        case .bool: kind = .boolean
        case .null: kind = nil
        }
        var reasons: [String] = []
        for candidate in info.candidates where candidate.kind == kind {
            // Like the generated decoder: a struct whose constant differs is not a candidate. Which
            // constant is named, never the value found (it may be a secret).
            if let differing = candidate.constants.first(where: { !Self.holds(value[$0.key], $0.value) }) {
                reasons.append("\(candidate.name): '\(differing.key)' is not \(differing.value)")
                continue
            }
            let missing = candidate.requiredKeys.filter { !keys.contains($0) }
            if !missing.isEmpty {
                reasons.append("\(candidate.name): no " + missing.map { "'\($0)'" }.joined(separator: ", "))
                continue
            }
            var trial = Walk(maxIssues: 50, strictEnums: false)
            validate(value, candidate.node, &trial)
            if let problem = trial.issues.first(where: { $0.severity == .error && ($0.kind == .type || $0.kind == .required) }) {
                // Where and what was expected, never the value found: it may be a secret.
                reasons.append("\(candidate.name): \(problem.pointer.isEmpty ? "" : problem.pointer + " ")expected \(problem.expected)")
                continue
            }
            check(value, candidate.node, rule: info.location, pending: .none, &tasks, &walk)
            return
        }
        let severity: ValidationIssue.Severity = walk.strictEnums ? .error : .warning
        let why = reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")"
        let found = kind == .object ? "an object that fits no variant" : "\(Describe.value(value)), of no variant's kind"
        let what = kind == .object ? "object" : "value"
        walk.report(
            severity, .union, expected: info.expected, found: found,
            message: "the \(info.name) \(what) matches no variant\(why); generated code keeps it as .undocumented",
            rule: info.location)
        checkJSONValue(value, rule: info.location, &tasks, &walk)
    }

    /// Whether a payload's member is a struct variant's constant, as the generated decoder reads it (a
    /// JSON string, or a whole number).
    private static func holds(_ member: JSON?, _ constant: VariantShape.Constant) -> Bool {
        switch (member, constant) {
        case (.string(let text)?, .string(let expected)): return text == expected
        case (.number(let text)?, .integer(let expected)): return Int64(text) == expected || Double(text).map { $0 == Double(expected) } ?? false
        default: return false
        }
    }

    func applyConstraints(_ constraints: ConstraintInfo, to value: JSON, _ walk: inout Walk) {
        let rule = constraints.location
        func fail(_ expected: String, _ found: String) {
            walk.report(.error, .constraint, expected: expected, found: found, message: "expected \(expected), found \(found)", rule: rule)
        }
        func failExcluded() {
            fail("a value other than " + constraints.excluded.sorted().joined(separator: ", ") + " (excluded here)", Describe.value(value))
        }
        switch value {
        case .string(let text):
            // Code points lie between a quarter of the UTF-8 length and the UTF-8 length, so most
            // strings need no counting.
            let bytes = text.utf8.count
            if (constraints.minLength.map { $0 > bytes / 4 } ?? false) || (constraints.maxLength.map { $0 < bytes } ?? false) {
                let length = text.unicodeScalars.count
                if let minimum = constraints.minLength, length < minimum {
                    fail("at least \(Describe.count(minimum, "character"))", "\(Describe.value(value)) (\(Describe.count(length, "character")))")
                }
                if let maximum = constraints.maxLength, length > maximum {
                    fail("at most \(Describe.count(maximum, "character"))", "\(Describe.value(value)) (\(Describe.count(length, "character")))")
                }
            }
            if let pattern = constraints.pattern, !pattern.matches(text) {
                fail("a string matching \(pattern.source)", Describe.value(value))
            }
            if constraints.excluded.contains(text) { failExcluded() }
        case .number(let text):
            if !constraints.excluded.isEmpty, constraints.excluded.contains(Int64(text).map(String.init) ?? text) { failExcluded() }
            if let minimum = constraints.minimum, let order = minimum.compare(text), order < 0 {
                fail("a number ≥ \(minimum.text)", Describe.value(value))
            }
            if let maximum = constraints.maximum, let order = maximum.compare(text), order > 0 {
                fail("a number ≤ \(maximum.text)", Describe.value(value))
            }
        case .array(let elements):
            checkCount(elements.count, constraints, noun: "item", value: value, fail)
        case .object(let members):
            checkCount(members.count, constraints, noun: "entry", value: value, fail)
        case .null, .bool:
            break
        }
    }

    private func checkCount(_ count: Int, _ constraints: ConstraintInfo, noun: String, value: JSON, _ fail: (String, String) -> Void) {
        let plural = noun == "entry" ? "entries" : noun + "s"
        func amount(_ number: Int) -> String { "\(number) \(number == 1 ? noun : plural)" }
        let found = (value.isArray ? "array" : "object") + " of " + amount(count)
        if let minimum = constraints.minItems, count < minimum { fail("at least \(amount(minimum))", found) }
        if let maximum = constraints.maxItems, count > maximum { fail("at most \(amount(maximum))", found) }
    }
}

extension Array {
    /// Reverses `self[start...]` in place (slicing would copy the elements).
    @inline(__always)
    mutating func reverseTail(from start: Int) {
        var low = start
        var high = count - 1
        while low < high {
            swapAt(low, high)
            low += 1
            high -= 1
        }
    }
}

extension JSON {
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}

// MARK: Parameters

extension CompiledSchema {
    func checkParameter(_ values: [String], _ field: FieldInfo, _ walk: inout Walk) {
        if case .array(let element) = resolvedShape(field.node) {
            for (index, text) in values.enumerated() {
                if walk.isFull { break }
                walk.path.append(.index(index))
                _ = checkText(text, element, rule: field.location, &walk)
                walk.path.removeLast()
            }
            let list = JSON.array(values.map { _ in JSON.null })
            if case .named(let index) = field.node, case .alias(let info) = types[index] {
                for constraints in info.resolvedConstraints { applyConstraints(constraints, to: list, &walk) }
            }
            if let constraints = field.constraints { applyConstraints(constraints, to: list, &walk) }
            return
        }
        guard let text = values.first else {
            if field.isRequired {
                let expected = expected(field.node)
                walk.report(
                    .error, .required, expected: expected, found: "missing",
                    message: "required parameter '\(field.wireName)' is missing (expected \(expected))", rule: field.location)
            }
            return
        }
        if values.count > 1 {
            let found = "\(values.count) values"
            walk.report(
                .error, .type, expected: "one value", found: found,
                message: "expected one value for '\(field.wireName)', found \(found)", rule: field.location)
        }
        if let value = checkText(text, field.node, rule: field.location, &walk), let constraints = field.constraints {
            applyConstraints(constraints, to: value, &walk)
        }
    }

    /// `node` with aliases followed.
    private func resolvedShape(_ node: Node) -> Node {
        guard case .named(let index) = node, case .alias(let info) = types[index] else { return node }
        return info.resolvedTarget
    }

    /// Checks parameter text; returns it as the JSON value constraints apply to (a number for numeric
    /// types, else a string), or nil when it has the wrong form.
    private func checkText(_ text: String, _ node: Node, rule: SourceLocation?, _ walk: inout Walk) -> JSON? {
        let found = "value " + Describe.quoted(text)
        func mismatch(_ expected: String, _ rule: SourceLocation?) -> JSON? {
            walk.report(.error, .type, expected: expected, found: found, message: "expected \(expected), found \(found)", rule: rule)
            return nil
        }
        switch node {
        case .primitive(let primitive):
            switch primitive {
            case .string, .json:
                return .string(text)
            case .email:
                if !WireFormats.isEmail(text) {
                    walk.report(
                        .error, .format, expected: "email address (local@domain)", found: found,
                        message: "expected an email address (local@domain), found \(found)", rule: rule)
                }
                return .string(text)
            case .bool:
                return text == "true" || text == "false" ? .string(text) : mismatch("true or false", rule)
            case .int, .int64:
                return Int64(text) != nil ? .number(text) : mismatch(Describe.expected(primitive), rule)
            case .int32:
                return Int32(text) != nil ? .number(text) : mismatch(Describe.expected(primitive), rule)
            case .double:
                return WireFormats.isJSONNumberSyntax(text) && WireFormats.isDouble(text) ? .number(text) : mismatch(Describe.expected(primitive), rule)
            case .decimal:
                return WireFormats.isJSONNumberSyntax(text) && WireFormats.isDecimal(text) ? .number(text) : mismatch(Describe.expected(primitive), rule)
            case .uuid, .date, .dateTime, .uri, .base64, .binary:
                return Self.isValid(text, as: primitive) ? .string(text) : mismatch(Describe.expected(primitive), rule)
            }
        case .named(let index):
            switch types[index] {
            case .enumeration(let info):
                let value: JSON
                let known: Bool
                switch info.rawType {
                case .string:
                    value = .string(text)
                    known = info.contains(text)
                case .int32:
                    guard let number = Int32(text) else { return mismatch("integer in int32 range, \(info.expected)", info.location) }
                    value = .number(text)
                    known = info.contains(Int64(number))
                case .int, .int64:
                    guard let number = Int64(text) else { return mismatch("integer in int64 range, \(info.expected)", info.location) }
                    value = .number(text)
                    known = info.contains(number)
                }
                if !known {
                    walk.report(
                        walk.strictEnums ? .error : .warning, .enumValue, expected: info.expected, found: found,
                        message: "\(found) is not a value of enum \(info.name) (expected \(info.expected)); generated code keeps it as .undocumented",
                        rule: info.location)
                }
                return value
            case .alias(let info):
                guard let value = checkText(text, info.resolvedTarget, rule: info.resolvedLocation, &walk) else { return nil }
                for constraints in info.resolvedConstraints { applyConstraints(constraints, to: value, &walk) }
                return value
            case .structure, .union:
                return mismatch("a primitive or enum value (\(expected(node)) cannot be a parameter)", rule)
            }
        case .array, .map:
            return mismatch("a primitive or enum value (\(expected(node)) cannot be a parameter)", rule)
        case .unresolved(let name):
            walk.report(
                .error, .type, expected: name, found: found,
                message: "expected a \(name), which the schema does not define, found \(found)", rule: rule)
            return nil
        case .refined(let inner, _, let constraints):
            // A list parameter's element with `items:` constraints (text is never null).
            guard let value = checkText(text, inner, rule: constraints?.location ?? rule, &walk) else { return nil }
            if let constraints { applyConstraints(constraints, to: value, &walk) }
            return value
        }
    }
}
