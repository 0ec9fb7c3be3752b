import Foundation
import PayloadValidation
import SchemaModel
import XCTest

@testable import SchemaSandbox

/// Recursive types in the sandbox (issue 27 line 3): a synthesized value of a type that contains itself
/// ends and is valid, and a hostile body nested 100,000 levels deep is refused without harm.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RecursiveTypesServingTests: XCTestCase {
    /// `Expr`'s first variant needs an `Expr` again (a required field), so the value the decoder would
    /// try first never ends; `Lit` is the way out. `Tree.parent` is optional: left out.
    static let expressionSchema = """
        api: Expressions
        version: "1.0"
        environments:
          local: { url: "http://127.0.0.1/api" }
        types:
          Expr:
            union:
              discriminator: kind
              variants:
                neg: Neg
                lit: Lit
          Neg:
            fields:
              operand: Expr
          Lit:
            fields:
              value: int32
          Tree:
            fields:
              name: string
              parent: { type: Tree, optional: true }
              root: Expr
        operations:
          getTree:
            http: GET /tree
            response: Tree
          putTree:
            http: PUT /tree
            body: Tree
            response: Tree
        """

    private func schema() throws -> Schema {
        let result = SchemaLoader.load(text: Self.expressionSchema, file: "expressions.yaml")
        return try XCTUnwrap(result.schema, "\(result.diagnostics)")
    }

    func testASynthesizedValueOfARecursiveTypeEndsAndIsValid() async throws {
        let schema = try schema()
        let sandbox = try await Running.start(schema)
        let response = try await sandbox.client.get("/tree")
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(PayloadValidator(schema: schema).validate(data: response.body, against: .named("Tree")), [])
        let tree = try XCTUnwrap(response.json as? [String: Any])
        XCTAssertEqual(Set(tree.keys), ["name", "root"], "the optional recursive parent is left out")
        // The first variant while shallow, then the way out: neg, neg, neg, neg then lit.
        var kinds: [String] = []
        var expression = tree["root"] as? [String: Any]
        while let current = expression {
            kinds.append(current["kind"] as? String ?? "?")
            expression = current["operand"] as? [String: Any]
        }
        XCTAssertEqual(kinds.last, "lit")
        XCTAssertEqual(kinds.dropLast().allSatisfy { $0 == "neg" }, true)
        XCTAssertLessThanOrEqual(kinds.count, PayloadFactory.recursionDepth)
        // What it served, it accepts.
        let echoed = try await sandbox.client.send("PUT", "/tree", body: response.body)
        XCTAssertEqual(echoed.status, 200, echoed.text)
        await sandbox.stop()
    }

    func testABodyNested100000LevelsDeepIsRefusedAndTheSandboxKeepsServing() async throws {
        let sandbox = try await Running.start(try schema())
        // 2.1 MB, under the sandbox's body limit, so the parser's depth limit is what refuses it.
        let hostile = String(repeating: #"{"name":"x","parent":"#, count: 100_000) + "{}" + String(repeating: "}", count: 100_000)
        let refused = try await sandbox.client.send("PUT", "/tree", body: Data(hostile.utf8))
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertTrue(refused.text.contains("nested too deeply"), refused.text)
        let served = try await sandbox.client.get("/tree")
        XCTAssertEqual(served.status, 200)
        await sandbox.stop()
    }
}
