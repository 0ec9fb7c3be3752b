import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// `RequestValidator.missingCredentials`: whether a request presents a credential for one of its
/// operation's auth schemes, the one reading the sandbox (401) and `schema-check traffic` (a finding)
/// share; and `JSON.value(at:)`, the one reader of a dotted path in a payload.
final class CredentialPresenceTests: XCTestCase {
    private static let schema: Schema = {
        let text = """
            api: Credentials
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            auth:
              bearer: { kind: bearer }
              basic: { kind: basic }
              queryKey: { kind: apiKey, in: query, name: api_key }
              headerKey: { kind: apiKey, in: header, name: X-Api-Key }
            types:
              Item:
                fields:
                  id: string
            operations:
              getItem:
                http: GET /items
                auth: [bearer, queryKey]
                response: Item
              getOther:
                http: GET /other
                auth: [basic, headerKey]
                response: Item
              getPublic:
                http: GET /public
                response: Item
            """
        let result = SchemaLoader.load(text: text, file: "credentials.yaml")
        guard let schema = result.schema else { fatalError("\(result.diagnostics)") }
        return schema
    }()

    private let checker = RequestValidator(schema: schema, validator: PayloadValidator(schema: schema))

    private func missing(
        _ operation: String, query: [(name: String, value: String)] = [], headers: [(String, String)] = [],
        accepts: ((String, AuthScheme) -> Bool)? = nil
    ) -> String? {
        let operation = Self.schema.operation(named: operation)!
        func values(_ name: String) -> [String] { headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1) }
        if let accepts { return checker.missingCredentials(of: operation, query: query, headerValues: values, accepts: accepts) }
        return checker.missingCredentials(of: operation, query: query, headerValues: values)
    }

    func testARequestWithoutCredentialsIsToldEveryAlternative() {
        XCTAssertEqual(missing("getItem"), "an Authorization: Bearer header or the query item 'api_key'")
        XCTAssertEqual(missing("getOther"), "an Authorization: Basic header or the header 'X-Api-Key'")
        XCTAssertNil(missing("getPublic"))
    }

    func testOneSchemesCredentialIsEnough() {
        XCTAssertNil(missing("getItem", headers: [("Authorization", "Bearer abc")]))
        XCTAssertNil(missing("getItem", headers: [("authorization", "bearer abc")]))
        XCTAssertNil(missing("getItem", query: [("api_key", "k")]))
        XCTAssertNil(missing("getOther", headers: [("x-api-key", "k")]))
        // "id:secret"
        XCTAssertNil(missing("getOther", headers: [("Authorization", "Basic aWQ6c2VjcmV0")]))
    }

    func testEmptyOrMalformedCredentialsAreNone() {
        XCTAssertNotNil(missing("getItem", query: [("api_key", "")]))
        XCTAssertNotNil(missing("getItem", headers: [("Authorization", "Bearer ")]))
        XCTAssertNotNil(missing("getItem", headers: [("Authorization", "Basic aWQ6c2VjcmV0")]), "Basic is not the operation's scheme")
        // Not base64, and base64 of a text without the colon between user and password.
        XCTAssertNotNil(missing("getOther", headers: [("Authorization", "Basic not base64!")]))
        XCTAssertNotNil(missing("getOther", headers: [("Authorization", "Basic " + Data("nocolon".utf8).base64EncodedString())]))
    }

    func testTheCallerDecidesWhichCredentialsCount() {
        // The sandbox counts only tokens it issued, for a scheme with a wired login.
        let issuedOnly: (String, AuthScheme) -> Bool = { credential, scheme in scheme.name != "bearer" || credential == "issued" }
        XCTAssertNotNil(missing("getItem", headers: [("Authorization", "Bearer forged")], accepts: issuedOnly))
        XCTAssertNil(missing("getItem", headers: [("Authorization", "Bearer forged"), ("Authorization", "Bearer issued")], accepts: issuedOnly))
        let bearer = Self.schema.authScheme(named: "bearer")!
        XCTAssertEqual(
            RequestValidator.credentials(sentFor: bearer, query: [], headerValues: { _ in ["Basic x", "Bearer  t1 ", "Bearer t2"] }), ["t1", "t2"])
    }

    func testAValueIsReadAtADottedPath() throws {
        let body = try JSONParser.parse(Data(#"{"error":{"code":"E1","code":"E2"},"items":[1]}"#.utf8))
        XCTAssertEqual(body.value(at: FieldPath("error.code")), .string("E1"))
        XCTAssertEqual(body.value(at: FieldPath("items")), .array([.number("1")]))
        XCTAssertNil(body.value(at: FieldPath("items.0")))
        XCTAssertNil(body.value(at: FieldPath("error..code")))
        XCTAssertEqual(body.value(at: []), body)
    }
}
