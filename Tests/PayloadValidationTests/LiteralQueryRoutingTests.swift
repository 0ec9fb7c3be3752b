import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// A path's literal query (`http: POST /sign?api-version=2020-09-01`, issue 27 line 3) is part of what a
/// request must carry to be the operation: the router the sandbox and `schema-check traffic` share skips
/// an operation whose pairs a request lacks, and the request checks report a pair missing or changed.
final class LiteralQueryRoutingTests: XCTestCase {
    private static let schema: Schema = {
        let text = """
            api: Keys
            version: "1"
            environments:
              local: { url: "http://127.0.0.1/keys" }
            operations:
              signV1:
                http: POST /sign?api-version=2020-09-01
                query: { keyId: string }
              signV2:
                http: POST /sign?api-version=2021-05-01
              signDraft:
                http: POST /sign?api-version=2021-05-01&view=draft%20copy
              verify:
                http: POST /verify?api-version=2021-05-01
            """
        let result = SchemaLoader.load(text: text, file: "keys.yaml")
        guard let schema = result.schema, !result.diagnostics.contains(where: { $0.severity == .error }) else { fatalError("\(result.diagnostics)") }
        return schema
    }()

    private let router = OperationRouter(schema: LiteralQueryRoutingTests.schema)

    private func route(_ method: String, _ path: String, _ query: String) -> String {
        switch router.match(method: method, path: path, query: RequestValidator.formItems(query)) {
        case .operation(let operation, _): return operation.name
        case .methodNotAllowed(let allowed): return "405 \(allowed)"
        case .notFound: return "404"
        }
    }

    func testTheModelKeepsThePathAndTheDecodedPairsApart() throws {
        let draft = try XCTUnwrap(Self.schema.operation(named: "signDraft"))
        XCTAssertEqual(draft.path, "/sign")
        XCTAssertEqual(draft.literalQuery, [LiteralQueryItem(name: "api-version", value: "2021-05-01"), LiteralQueryItem(name: "view", value: "draft copy")])
        XCTAssertEqual(draft.pathWithLiteralQuery, "/sign?api-version=2021-05-01&view=draft%20copy")
        XCTAssertEqual(draft.requestRequirements.literalQuery, ["api-version=2021-05-01", "view=draft%20copy"])
    }

    func testARequestIsTheOperationWhoseLiteralPairsItCarries() {
        XCTAssertEqual(route("POST", "/sign", "api-version=2020-09-01&keyId=k1"), "signV1")
        XCTAssertEqual(route("POST", "/sign", "api-version=2021-05-01"), "signV2")
        XCTAssertEqual(route("POST", "/sign", "view=draft+copy&api-version=2021-05-01"), "signDraft", "more pairs are tried first, in any order")
        XCTAssertEqual(route("POST", "/sign", "view=draft%20copy&api-version=2021-05-01"), "signDraft")
    }

    func testARequestWithoutTheLiteralPairIsNoOperation() {
        XCTAssertEqual(route("POST", "/verify", ""), "404")
        XCTAssertEqual(route("POST", "/verify", "api-version=2020-09-01"), "404", "another value is not the literal")
        XCTAssertEqual(route("POST", "/sign", "api-version=1999"), "404")
        XCTAssertEqual(route("GET", "/verify", "api-version=2021-05-01"), "405 [\"POST\"]")
        XCTAssertEqual(route("GET", "/verify", ""), "404", "the path alone is not the route")
    }

    func testTheRequestChecksReportAMissingOrChangedPair() throws {
        let validator = RequestValidator(schema: Self.schema, validator: PayloadValidator(schema: Self.schema))
        func issues(_ operation: String, _ query: String) -> [String] {
            validator.parameterIssues(
                of: Self.schema.operation(named: operation)!, pathParameters: [:], query: RequestValidator.formItems(query), headerValues: { _ in [] }
            ).map { "\($0.issue.pointer) \($0.issue.severity): \($0.issue.message)" }
        }
        XCTAssertEqual(issues("signV1", "api-version=2020-09-01&keyId=k1"), [], "the literal pair is declared, not an unknown item")
        XCTAssertEqual(
            issues("signV1", "keyId=k1"),
            ["api-version error: the path of signV1 fixes the query item 'api-version' to '2020-09-01'; the request has no query item 'api-version'"])
        XCTAssertEqual(
            issues("signV2", "api-version=2020-09-01"),
            ["api-version error: the path of signV2 fixes the query item 'api-version' to '2021-05-01'; the request has 'api-version' = '2020-09-01'"])
        XCTAssertEqual(issues("signV2", "api-version=2021-05-01&api-version=2021-05-01").count, 1, "a literal pair is sent once")
    }
}
