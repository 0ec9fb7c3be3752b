import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// Reports about values marked `secret: true` say what is wrong without quoting the value, in bodies
/// (at any depth) and in parameters; other values are still quoted.
final class SecretValueTests: XCTestCase {
    private static let schema: Schema = {
        let text = """
            api: Secrets
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            types:
              Card:
                fields:
                  holder: { type: string, minLength: 2 }
                  pan: { type: string, pattern: "^[0-9]{12,19}$", secret: true }
              Wallet:
                fields:
                  cards: "[Card]"
            operations:
              verify:
                http: GET /verify
                query:
                  otp: { type: string, pattern: "^[0-9]{6}$", secret: true }
            """
        let result = SchemaLoader.load(text: text, file: "secrets.yaml")
        guard let schema = result.schema else { fatalError("\(result.diagnostics)") }
        return schema
    }()
    private let validator = PayloadValidator(schema: schema)

    func testBodyIssueUnderASecretFieldDoesNotQuoteTheValue() throws {
        let json = #"{"cards": [{"holder": "A", "pan": "4111-1111"}, {"holder": "Bo", "pan": 4111}]}"#
        let issues = validator.validate(data: Data(json.utf8), against: .named("Wallet"))
        XCTAssertEqual(issues.map(\.pointer), ["/cards/0/holder", "/cards/0/pan", "/cards/1/pan"])
        let text = issues.map { "\($0.found) \($0.message)" }.joined(separator: "\n")
        XCTAssertFalse(text.contains("4111"), text)
        XCTAssertEqual(issues[1].found, "string <redacted>")
        XCTAssertEqual(issues[2].found, "number <redacted>")
        XCTAssertTrue(issues[0].found.contains(#""A""#), "a value that is not secret is still quoted: \(issues[0].found)")
    }

    func testParameterIssueDoesNotQuoteTheSecretValue() throws {
        let field = try XCTUnwrap(Self.schema.operation(named: "verify")?.queryParameters.first)
        let issues = validator.validateParameter("12ab", as: field)
        XCTAssertEqual(issues.count, 1)
        XCTAssertEqual(issues.first?.pointer, "otp")
        XCTAssertFalse(issues.map(\.description).joined().contains("12ab"), issues.map(\.description).joined())
    }
}
