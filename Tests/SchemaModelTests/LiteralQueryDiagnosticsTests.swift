import SchemaModel
import TestSupport
import XCTest

/// A path's literal query (`http: POST /sign?api-version=2020-09-01`, issue 27 line 3): one error per
/// mistake, at the `http:` that holds it or at the parameter that clashes with it.
final class LiteralQueryDiagnosticsTests: XCTestCase {
    /// The errors of `operations`, each as `line:column: message`.
    private func errors(_ operations: String, extra: String = "") -> [String] {
        SchemaLoader.load(text: schemaText(operations: operations, extra: extra), file: "test.yaml").diagnostics
            .filter { $0.severity == .error }.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
    }

    /// The line of `needle` in the schema text `schemaText(operations:)` writes.
    private func line(of needle: String, in operations: String) -> Int {
        (schemaText(operations: operations).components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    func testAWellFormedLiteralQueryLoads() throws {
        let operations = """
              sign:
                http: POST /keys/{id}/sign?api-version=2020-09-01&mode=a%26b%20c
                path: { id: string }
                query: { digest: string }
            """
        XCTAssertEqual(errors(operations), [])
        let schema = try XCTUnwrap(SchemaLoader.load(text: schemaText(operations: operations), file: "test.yaml").schema)
        let sign = try XCTUnwrap(schema.operation(named: "sign"))
        XCTAssertEqual(sign.path, "/keys/{id}/sign", "placeholders stay in the path part")
        XCTAssertEqual(sign.literalQuery.map(\.name), ["api-version", "mode"])
        XCTAssertEqual(sign.literalQuery.map(\.value), ["2020-09-01", "a&b c"], "kept decoded")
    }

    func testAMalformedLiteralQueryIsOneErrorAtTheHTTPLine() {
        let cases: [(String, String)] = [
            ("/a?api-version", "the literal query item 'api-version' of the path '/a?api-version' is not `name=value`"),
            ("/a?=1", "the literal query item '=1' of the path '/a?=1' is not `name=value`"),
            ("/a?", "the path '/a?' ends with '?' and no query"),
            ("/a?v=1&&w=2", "the literal query item '' of the path '/a?v=1&&w=2' is not `name=value`"),
            ("/a?v={version}", "holds '{', which must be percent-encoded (%7B for an ASCII character; placeholders belong in the path)"),
            ("/a?v=1+2", "holds '+', which must be percent-encoded (%2B"),
            ("/a?v=%zz", "has a '%' that is not followed by two hex digits of UTF-8"),
            ("/a?v=1&v=2", "the literal query of the path '/a?v=1&v=2' names 'v' twice; a literal item is sent once"),
        ]
        for (path, message) in cases {
            let operations = """
                  sign:
                    http: "POST \(path)"
                """
            let found = errors(operations)
            XCTAssertEqual(found.count, 1, "\(path): \(found)")
            XCTAssertTrue(found.first?.hasPrefix("\(line(of: "POST \(path)", in: operations)):11: 'http' of operation 'sign': ") == true, "\(path): \(found)")
            XCTAssertTrue(found.first?.contains(message) == true, "\(path): \(found)")
        }
    }

    func testAParameterOrAPIKeyOfTheLiteralNameIsAnError() {
        let clash = """
              sign:
                http: POST /sign?api-version=2020-09-01
                query:
                  version: { type: string, wire: api-version, optional: true }
            """
        let clashes = errors(clash)
        XCTAssertEqual(clashes.count, 1, "\(clashes)")
        XCTAssertTrue(clashes.first?.hasPrefix("\(line(of: "version: { type", in: clash)):") == true, "at the parameter: \(clashes)")
        XCTAssertTrue(
            clashes.first?.hasSuffix(
                "query parameter 'version' of operation 'sign' sends 'api-version', which the path's literal query fixes to '2020-09-01'; remove the parameter or the literal item"
            ) == true, "\(clashes)")
        let apiKey = """
              sign:
                http: POST /sign?key=k
                auth: [key]
            """
        let found = errors(apiKey, extra: "auth:\n  key: { kind: apiKey, in: query, name: key }")
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("the literal query item 'key' of operation 'sign' is also the query item of its API key") == true, "\(found)")
    }

    func testOperationsOfOnePathMayDifferByTheLiteralAlone() {
        let operations = """
              signV1:
                http: POST /sign?api-version=1
              signV2:
                http: POST /sign?api-version=2
              sign:
                http: POST /sign
              signAgain:
                http: POST /sign?api-version=2
            """
        let found = errors(operations)
        XCTAssertEqual(found.count, 1, "\(found)")
        let expected = "operations 'signV2' and 'signAgain' are both POST /sign and require the same (the literal query item api-version=2, no query parameter"
        XCTAssertTrue(found.first?.contains(expected) == true, "\(found)")
    }
}
