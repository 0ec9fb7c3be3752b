import Foundation
import SchemaModel
import TestSupport
import XCTest

/// A schema that uses every Swift keyword and every standard library, Foundation and ClientRuntime
/// name generated code relies on as a type, field, enum case, union variant, operation, parameter,
/// environment, auth scheme and error name. The checked-in copy, Tests/GeneratedModules/NameCorpus/namecorpus.yaml, is compiled by the
/// build plugin as the `NameCorpus` module, so "lint accepts it" implies "it compiles" (and CI's
/// warning check covers "without warnings"). Run with UPDATE_GOLDEN=1 to rewrite the file after
/// changing the lists.
final class NameCorpusTests: XCTestCase {
    static let corpusPath = "Tests/GeneratedModules/NameCorpus/namecorpus.yaml"

    func testCheckedInCorpusIsCurrent() throws {
        let url = repositoryRoot.appendingPathComponent(Self.corpusPath)
        let expected = NameCorpus.schema()
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let checkedIn = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(checkedIn, expected, "\(Self.corpusPath) is out of date with NameCorpus' lists: run the tests with UPDATE_GOLDEN=1")
    }

    func testCorpusLintsCleanly() {
        let result = SchemaLoader.load(text: NameCorpus.schema(), file: "namecorpus.yaml")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        guard let schema = result.schema else { return }
        let names = Set(NameCorpus.names)
        XCTAssertEqual(Set(schema.type(named: "Fields")?.fields.map(\.name) ?? []), names)
        XCTAssertEqual(Set(schema.type(named: "Optionals")?.fields.map(\.name) ?? []), names)
        XCTAssertTrue(names.isSubset(of: Set(schema.types.map(\.name))))
        XCTAssertTrue(names.isSubset(of: Set(schema.operations.map(\.name))))
        if case .enumeration(let enumeration)? = schema.type(named: "Cases")?.kind {
            XCTAssertEqual(Set(enumeration.cases.map(\.name)), names)
        } else {
            XCTFail("Cases is an enum")
        }
        if case .union(let union)? = schema.type(named: "Variants")?.kind {
            XCTAssertEqual(Set(union.variants.map(\.name)), names)
        } else {
            XCTFail("Variants is a union")
        }
        XCTAssertEqual(Set(schema.operation(named: "queryParameters")?.queryParameters.map(\.name) ?? []), names)
        XCTAssertEqual(Set(schema.operation(named: "headerParameters")?.headerParameters.map(\.name) ?? []), names)
        XCTAssertEqual(Set(schema.environments.map(\.name)), names)
        XCTAssertEqual(Set(schema.authSchemes.map(\.name)), names)
        XCTAssertEqual(Set(schema.errors?.cases.map(\.name) ?? []), names)
    }

    func testListsCoverTheGeneratorsOwnReservedNames() {
        let names = Set(NameCorpus.names)
        XCTAssertTrue(SwiftNaming.keywords.isSubset(of: names), "\(SwiftNaming.keywords.subtracting(names))")
        XCTAssertTrue(SwiftNaming.reservedTypeNames.isSubset(of: names), "\(SwiftNaming.reservedTypeNames.subtracting(names))")
    }
}

/// The names and the schema that uses them everywhere.
enum NameCorpus {
    /// Swift's keywords, written out from The Swift Programming Language ("Keywords and Punctuation"),
    /// not taken from the generator, so a keyword the generator forgets still ends up in the corpus.
    static let swiftKeywords = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        // Reserved in particular contexts
        "associativity", "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "package", "postfix", "precedence",
        "prefix", "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet",
        "actor", "any", "macro", "each", "consume", "copy", "discard", "sending", "isolated", "then",
    ]

    /// Types and modules generated code names, and the names of its own members and locals.
    static let generatedCodeNames = [
        // Modules
        "Swift", "Foundation", "ClientRuntime",
        // Standard library and Foundation
        "String", "Int", "Int32", "Int64", "Double", "Bool", "Decimal", "Date", "UUID", "URL", "Data", "Optional",
        "Array", "Dictionary", "Codable", "Decodable", "Encodable", "Hashable", "Sendable", "Decoder", "Encoder",
        "CodingKey", "CodingKeys", "Error", "RawRepresentable", "CustomStringConvertible", "KeyedDecodingContainer",
        "SingleValueDecodingContainer", "Void", "Never", "Result",
        // ClientRuntime
        "APIFailure", "AuthScheme", "CalendarDate", "ClientConfiguration", "ClientCore", "ClientMiddleware",
        "CredentialProvider", "ErrorResponse", "HTTPResponse", "HTTPTransport", "JSONCoding", "JSONValue",
        "NoContent", "OperationInfo", "ParameterEncodable", "PageSequence", "ItemSequence", "Paginator",
        "RequestBuilder", "RequestOptions", "URLSessionTransport", "URLTemplate", "FieldKey", "fieldContainer",
        // Generated types, members and locals
        "Environment", "AuthSchemes", "Operations", "DiscriminatorKey", "Output", "Failure", "IdempotencyKey",
        "container", "encoder", "decoder", "builder", "options", "core", "configuration", "body", "value",
        "rawValue", "response", "details", "code", "error", "name", "description", "status", "knownCases", "unknown", "undocumented",
        "tag", "key", "page", "number", "token", "all", "baseURL", "generatedDecode", "generatedDecodeIfPresent",
    ]

    /// Every name, once, in a stable order.
    static var names: [String] {
        let all = Set(swiftKeywords + generatedCodeNames).union(SwiftNaming.keywords).union(SwiftNaming.reservedTypeNames)
        return all.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    static func schema() -> String {
        let names = Self.names
        var lines = [
            "# yaml-language-server: $schema=../../../Schemas/schema-language.schema.json",
            "# Generated by Tests/SchemaModelTests/NameCorpusTests.swift (UPDATE_GOLDEN=1 rewrites it); do not edit.",
            "# Every Swift keyword and every name generated code uses, as a type, field, enum case, union",
            "# variant, operation, parameter, environment, auth scheme and error name: lint accepts it, so it",
            "# must compile without warnings.",
            "api: NameCorpus",
            "version: \"1\"",
            "environments:",
        ]
        lines += names.map { "  \($0): { url: \"https://\($0.lowercased() == "_" ? "underscore" : $0.lowercased()).example.com\" }" }
        lines += ["auth:"]
        lines += names.enumerated().map { "  \($0.element): { kind: apiKey, name: X-Key-\($0.offset) }" }
        lines += [
            "errors:",
            "  body: Problem",
            "  code: code",
            "  cases:",
        ]
        lines += names.map { "    \($0): { code: \"\($0)\" }" }
        lines += [
            "types:",
            "  Problem:",
            "    fields:",
            "      code: string",
            "  # Defaults make the struct decode and encode itself (custom init(from:) and encode(to:)).",
            "  Fields:",
            "    fields:",
        ]
        lines += names.map { "      \($0): { type: string, default: \"\($0)\" }" }
        lines += [
            "  # Each field has the type of the same name; every other one is secret (a redacting mirror).",
            "  Optionals:", "    fields:",
        ]
        lines += names.enumerated().map { index, name in
            "      \(name): { type: \"\(name)\", optional: true\(index % 2 == 0 ? ", secret: true" : "") }"
        }
        lines += ["  Cases:", "    enum:"]
        lines += names.map { "      \($0): \"\($0)\"" }
        lines += ["  Variants:", "    union:", "      discriminator: kind", "      variants:"]
        lines += names.map { "        \($0): Fields" }
        lines += ["  Page:", "    fields:", "      items: \"[Fields]\"", "      last: bool"]
        for name in names {
            lines += ["  \(name):", "    fields:", "      value: { type: int, optional: true }"]
        }
        lines += ["operations:"]
        for (index, name) in names.enumerated() {
            lines += ["  \(name):", "    http: GET /operations/\(index)", "    response: \"\(name)\""]
        }
        lines += [
            "  withBody:", "    http: POST /body", "    body: Fields", "    response: Variants", "    idempotencyKey: Idempotency-Key",
            "    auth: [" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
            "    errors: [" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
        ]
        // The generated client's and error's names, as operations (as types they are rejected).
        lines += ["  NameCorpusClient:", "    http: GET /client", "  NameCorpusError:", "    http: GET /error"]
        lines += ["  queryParameters:", "    http: GET /query", "    response: Cases", "    query:"]
        lines += names.map { "      \($0): { type: string, optional: true }" }
        lines += ["  headerParameters:", "    http: GET /headers", "    headers:"]
        lines += names.map { "      \($0): { type: Cases, wire: X-\($0.replacingOccurrences(of: "_", with: "Underscore")), optional: true }" }
        lines += [
            "  # The paginated sequences forward every parameter to the operation by label.",
            "  pages:", "    http: GET /pages", "    response: Page",
            "    paginate: { style: page, items: items, page: pageNumber, first: 1, last: last }", "    query:",
            "      pageNumber: int",
        ]
        lines += names.map { "      \($0): { type: string, optional: true }" }
        return lines.joined(separator: "\n") + "\n"
    }
}
