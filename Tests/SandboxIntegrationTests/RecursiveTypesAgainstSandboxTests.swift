import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recursive types over HTTP on 127.0.0.1 (issue 27 line 3): the sandbox serves KitchenSink's `Category`
/// example (three levels of `parent`), validates one in a request body, and the generated client
/// decodes and sends every level.
final class RecursiveTypesAgainstSandboxTests: KitchenSinkSandboxTestCase {

    func testTheServedExampleDecodesEveryLevel() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let category = try await client().getCategory(name: "Apples")
        XCTAssertEqual(category.name, "Apples")
        XCTAssertEqual(category.parent?.name, "Fruit")
        XCTAssertEqual(category.parent?.parent?.name, "Food")
        XCTAssertNil(category.parent?.parent?.parent)
        XCTAssertEqual(category.featured?.category.name, "Pears")
    }

    func testANestedBodyTravelsWholeAndTheSandboxValidatesEveryLevel() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let sent = Category(
            name: "Apples", parent: Category(name: "Fruit", parent: Category(name: "Food")),
            featured: Highlight(title: "See also", category: Category(name: "Pears", parent: Category(name: "Fruit"))))
        _ = try await client().saveCategory(name: "Apples", body: sent)
        let request = try XCTUnwrap(sandbox.receivedRequests("saveCategory").first)
        XCTAssertEqual(request.status, 200, "the sandbox validated the body")
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(Category.self, from: request.body), sent, "every level was sent")

        // A level deep down without its required name is refused, with the path to it.
        var raw = URLRequest(url: sandbox.baseURL.appendingPathComponent("categories/Apples"))
        raw.httpMethod = "PUT"
        raw.setValue("application/json", forHTTPHeaderField: "Content-Type")
        raw.setValue("Bearer t0", forHTTPHeaderField: "Authorization")
        raw.httpBody = Data(#"{"name":"A","featured":null,"parent":{"name":"B","featured":null,"parent":{"featured":null}}}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: raw)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("/parent/parent/name"), String(decoding: data, as: UTF8.self))
    }
}
