import Foundation
import PayloadValidation
import SchemaModel
import XCTest

@testable import SchemaSandbox

/// The sandbox accepts exactly the requests schema-check's validator accepts (by default; with
/// `strictEnums` both reject unknown enum values), and a request the schema allows is never refused
/// by the sandbox's own machinery (paging).
@available(macOS 14, iOS 17, tvOS 17, *)
final class VerdictTests: XCTestCase {
    func testUnknownEnumValuesPassByDefaultAndFailWithStrictEnums() async throws {
        XCTAssertFalse(SandboxOptions().strictEnums, "the default is schema-check's")
        let open = try await Running.start(TestSchemas.kitchenSink)
        let tolerated = try await open.client.get("/items?status=NOT_A_KNOWN_VALUE", headers: bearer)
        XCTAssertEqual(tolerated.status, 200, tolerated.text)
        let unknownInBody = try await open.client.post("/items", json: #"{"sku":"A1","name":"Apple","discontinuedAt":null,"size":"XXXL"}"#, headers: bearer)
        XCTAssertNotEqual(unknownInBody.status, 400, unknownInBody.text)
        await open.stop()

        let strict = try await Running.start(TestSchemas.kitchenSink, options: SandboxOptions(strictEnums: true))
        let rejected = try await strict.client.get("/items?status=NOT_A_KNOWN_VALUE", headers: bearer)
        XCTAssertEqual(rejected.status, 400)
        XCTAssertTrue((value(rejected.json, at: "error.message") as? String ?? "").contains("NOT_A_KNOWN_VALUE"), rejected.text)
        let rejectedInBody = try await strict.client.post("/items", json: #"{"sku":"A1","name":"Apple","discontinuedAt":null,"size":"XXXL"}"#, headers: bearer)
        XCTAssertEqual(rejectedInBody.status, 400, rejectedInBody.text)
        await strict.stop()
    }

    /// `ListRequest.pageSize` is an int32 without a minimum: schema-check accepts -5 and 0, so the
    /// sandbox answers with a page of the default size rather than a 400.
    func testPageSizesTheSchemaAllowsGetAPage() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        let validator = PayloadValidator(schema: TestSchemas.kitchenSink)
        for size in ["-5", "0", "-2147483648", "2147483647"] {
            let body = #"{"pageSize":\#(size)}"#
            XCTAssertTrue(
                validator.validate(data: Data(body.utf8), against: .named("ListRequest")).filter { $0.severity == .error }.isEmpty,
                "schema-check accepts \(body)")
            let response = try await sandbox.client.post("/items/search", json: body, headers: bearer)
            XCTAssertEqual(response.status, 200, "\(body): \(response.text)")
            let items = value(response.json, at: "items") as? [Any]
            // No size or a non-positive one: the size parameter's default (20) covers the 7 items.
            XCTAssertEqual(items?.count, 7, body)
        }
        await sandbox.stop()

        // Page numbers far beyond the data set (the schema gives `page` a minimum, no maximum) get an
        // empty last page, not an overflow.
        let wlp = try await Running.start(TestSchemas.whitelabelPay)
        for query in ["page=2147483647&size=100", "page=2147483647&size=1", "page=1&size=2147483647"] {
            let response = try await wlp.client.get("/transactions?\(query)", headers: wlpHeaders)
            XCTAssertEqual(response.status, 200, "\(query): \(response.text)")
        }
        await wlp.stop()
    }

    /// Every operation with an example, sent as the example says and then with each input broken in
    /// several ways: the sandbox answers 400 exactly when schema-check's validator finds an error in
    /// the same parameters and body.
    func testVerdictsEqualSchemaChecks() async throws {
        var compared = 0
        var rejected = 0
        var disagreements: [String] = []
        for (schema, strict) in [(TestSchemas.kitchenSink, false), (TestSchemas.whitelabelPay, false), (TestSchemas.kitchenSink, true)] {
            // Credentials are another matter (401); the verdicts compared here are about the schema's types.
            let sandbox = try await Running.start(schema, options: SandboxOptions(requireCredentials: false, strictEnums: strict))
            let validator = PayloadValidator(schema: schema, strictEnums: strict)
            // Form, multipart and raw bodies are not JSON payloads schema-check could judge; the
            // sandbox's checks of them are tested in RequestShapesAgainstSandboxTests.
            for operation in schema.operations where (operation.body?.encoding ?? .json) == .json {
                guard let base = RequestInputs(operation: operation, factory: PayloadFactory(schema: schema)) else { continue }
                // A page token or cursor the sandbox did not issue gets 400 by design (README, "Pagination"):
                // that is not a verdict on its type.
                let positionInput = operation.pagination.flatMap { $0.style == .page ? nil : $0.requestParameter }
                    .flatMap { name in operation.queryParameters.first { $0.name == name }?.wireName }
                for (inputs, label) in [(base, "as in the example")] + base.mutations(of: operation)
                where positionInput.map({ !label.hasPrefix("query \($0)=") }) ?? true {
                    let validatorSays = inputs.isValid(for: operation, validator: validator)
                    let response = try await sandbox.client.send(
                        operation.method, inputs.path(for: operation), headers: inputs.headers,
                        body: inputs.body)
                    let sandboxSays = response.status != 400
                    compared += 1
                    if !validatorSays { rejected += 1 }
                    if sandboxSays != validatorSays {
                        disagreements.append(
                            "\(schema.api).\(operation.name) \(label)\(strict ? " (strict)" : ""): schema-check "
                                + "\(validatorSays ? "valid" : "invalid"), sandbox \(response.status) \(response.text.prefix(300))")
                    }
                }
            }
            await sandbox.stop()
        }
        print("sandbox verdicts: \(compared) requests compared, \(rejected) invalid, \(disagreements.count) disagreements")
        XCTAssertGreaterThan(compared, 150)
        XCTAssertGreaterThan(rejected, 50, "the mutations break requests")
        XCTAssertGreaterThan(compared - rejected, 50, "the mutations keep some requests valid")
        XCTAssertTrue(disagreements.isEmpty, disagreements.joined(separator: "\n"))
    }
}

/// An operation's inputs as text (parameters) and JSON (body), from its first example.
private struct RequestInputs {
    var path: [String: String]
    var query: [String: [String]]
    var headers: [String: String]
    var body: Data?

    /// The first example's parameters and request body, with required parameters it omits taken from
    /// their defaults and a body the sandbox synthesizes when there is no example; nil when that does
    /// not give a complete request.
    init?(operation: SchemaOperation, factory: PayloadFactory) {
        let example = operation.examples.first { $0.request != nil || !$0.parameters.isEmpty } ?? operation.examples.first
        func text(_ field: Field) -> String? {
            if let node = example?.parameters[field.name] ?? example?.parameters[field.wireName], let scalar = node.scalar { return scalar.text }
            return field.defaultValue?.scalar?.text ?? field.example?.scalar?.text
        }
        path = [:]
        query = [:]
        headers = [:]
        for field in operation.pathParameters {
            guard let value = text(field) else { return nil }
            path[field.wireName] = value
        }
        for field in operation.queryParameters {
            if let value = text(field) { query[field.wireName] = [value] } else if !field.isOptional { return nil }
        }
        for field in operation.headerParameters {
            if let value = text(field) { headers[field.wireName] = value } else if !field.isOptional { return nil }
        }
        if let type = operation.body?.type {
            body = example?.request.map { Data($0.jsonText.utf8) } ?? factory.sample(of: type).data
        }
    }

    /// Values that break, or stretch, a parameter: wrong forms, unknown enum values, signs and limits,
    /// a uuid with a NUL and junk after it, and a trailing newline (`$` in a pattern must not allow it).
    static let parameterValues = [
        "", "abc", "-5", "0", "1.5", "NOT_A_KNOWN_VALUE", "99999999999999999999",
        "6bac7eea-c120-428d-beb6-910c6f290434\u{0}junk", "EUR\n", "2024-02-30",
    ]

    /// The same for body members, as JSON.
    static let bodyValues = [
        #""""#, #""abc""#, "-5", "0", "1.5", "null", "true", "[]", "{}", #""NOT_A_KNOWN_VALUE""#, "1e400",
        #""6bac7eea-c120-428d-beb6-910c6f290434\u0000junk""#, #""EUR\n""#,
    ]

    func mutations(of operation: SchemaOperation) -> [(RequestInputs, String)] {
        var result: [(RequestInputs, String)] = []
        for field in operation.queryParameters {
            var without = self
            without.query[field.wireName] = nil
            result.append((without, "without query \(field.wireName)"))
            for value in Self.parameterValues {
                var changed = self
                changed.query[field.wireName] = [value]
                result.append((changed, "query \(field.wireName)=\(value.debugDescription)"))
            }
        }
        for field in operation.headerParameters {
            var without = self
            without.headers[field.wireName] = nil
            result.append((without, "without header \(field.wireName)"))
            // Control characters cannot travel in a header value.
            for value in Self.parameterValues where !value.unicodeScalars.contains(where: { $0.value < 0x20 }) && !value.isEmpty {
                var changed = self
                changed.headers[field.wireName] = value
                result.append((changed, "header \(field.wireName)=\(value.debugDescription)"))
            }
        }
        for field in operation.pathParameters {
            for value in Self.parameterValues where !value.isEmpty {
                var changed = self
                changed.path[field.wireName] = value
                result.append((changed, "path \(field.wireName)=\(value.debugDescription)"))
            }
        }
        if let body, let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] {
            for key in object.keys.sorted() {
                var without = object
                without[key] = nil
                var changed = self
                changed.body = try? JSONSerialization.data(withJSONObject: without)
                result.append((changed, "body without \(key)"))
                for value in Self.bodyValues {
                    var mutated = self
                    mutated.body = Self.replacing(key, in: object, with: value)
                    result.append((mutated, "body \(key)=\(value)"))
                }
            }
        }
        return result
    }

    /// The object's JSON with `key`'s value replaced by raw JSON text (so `1e400` and `\u0000` survive).
    static func replacing(_ key: String, in object: [String: Any], with json: String) -> Data {
        var members: [String] = []
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            let nameText = String(decoding: try! JSONSerialization.data(withJSONObject: [name], options: [.fragmentsAllowed]), as: UTF8.self).dropFirst()
                .dropLast()
            let valueText =
                name == key ? json : String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
            members.append("\(nameText):\(valueText)")
        }
        return Data(("{" + members.joined(separator: ",") + "}").utf8)
    }

    /// schema-check's verdict on the same inputs.
    func isValid(for operation: SchemaOperation, validator: PayloadValidator) -> Bool {
        var issues: [ValidationIssue] = []
        for field in operation.pathParameters { issues += validator.validateParameter(path[field.wireName], as: field) }
        for field in operation.queryParameters {
            let values = query[field.wireName] ?? []
            issues += values.isEmpty ? validator.validateParameter(nil, as: field) : validator.validateParameter(values: values, as: field)
        }
        for field in operation.headerParameters { issues += validator.validateParameter(headers[field.wireName], as: field) }
        if let type = operation.body?.type {
            if let body { issues += validator.validate(data: body, against: type) } else { return false }
        }
        return !issues.contains { $0.severity == .error }
    }

    /// The operation's path with parameters filled in and the query, percent-encoded.
    func path(for operation: SchemaOperation) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        var result = operation.path
        for (name, value) in path {
            result = result.replacingOccurrences(of: "{\(name)}", with: value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }
        var queryAllowed = CharacterSet.urlQueryAllowed
        queryAllowed.remove(charactersIn: "&=+?#")
        let items = query.sorted { $0.key < $1.key }.flatMap { name, values in
            values.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? $0)" }
        }
        return items.isEmpty ? result : result + "?" + items.joined(separator: "&")
    }
}
