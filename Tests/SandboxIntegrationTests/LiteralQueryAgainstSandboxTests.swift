import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Path templates with a literal query part (issue 27 line 3; Azure's `POST /sign?api-version=…`) over
/// HTTP on 127.0.0.1: KitchenSink's `getNote`, `getNoteVersioned` (`?api-version=2020-09-01`) and
/// `getNoteDraft` (`…&view=draft%20copy`) share `GET /notes/{id}`; the generated client sends each
/// literal pair before its parameters, and the sandbox routes by the pairs a request carries.
final class LiteralQueryAgainstSandboxTests: KitchenSinkSandboxTestCase {

    func testTheClientSendsTheLiteralPairsFirstAndTheSandboxRoutesByThem() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        _ = try await client().getNoteVersioned(id: "n 1", lang: "de&en")
        _ = try await client().getNoteDraft(id: "n1")
        _ = try await client().getNote(id: "n1")

        let versioned = try XCTUnwrap(sandbox.receivedRequests("getNoteVersioned").first)
        XCTAssertEqual(versioned.status, 200)
        // The literal pair, then the parameter, each decoded back whole (`&` in a value stays in it).
        XCTAssertEqual(versioned.queryItems, [URLQueryItem(name: "api-version", value: "2020-09-01"), URLQueryItem(name: "lang", value: "de&en")])
        let draft = try XCTUnwrap(sandbox.receivedRequests("getNoteDraft").first)
        XCTAssertEqual(draft.status, 200)
        XCTAssertEqual(draft.queryItems, [URLQueryItem(name: "api-version", value: "2020-09-01"), URLQueryItem(name: "view", value: "draft copy")])
        let plain = try XCTUnwrap(sandbox.receivedRequests("getNote").first)
        XCTAssertEqual(plain.queryItems, [], "an operation without a literal query sends none")
        XCTAssertEqual(sandbox.receivedRequests("getNoteVersioned").count, 1)
        XCTAssertEqual(sandbox.receivedRequests("getNoteDraft").count, 1)
        XCTAssertEqual(sandbox.receivedRequests("getNote").count, 1)
    }

    func testARequestIsTheOperationWhoseLiteralPairsItCarries() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        func get(_ pathAndQuery: String) async throws -> Int {
            var request = URLRequest(url: URL(string: sandbox.baseURL.absoluteString + pathAndQuery)!)
            request.setValue("Bearer t0", forHTTPHeaderField: "Authorization")
            let (_, response) = try await URLSession.shared.data(for: request)
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }
        // Another value of the literal is not the versioned operation: the plain one takes it and reports
        // the query item it does not declare as a warning only, so it answers.
        let otherVersion = try await get("/notes/n1?api-version=1999-01-01")
        XCTAssertEqual(otherVersion, 200)
        XCTAssertEqual(sandbox.receivedRequests("getNote").count, 1)
        XCTAssertEqual(sandbox.receivedRequests("getNoteVersioned").count, 0)
        // Both pairs, in any order, encoded either way: the draft.
        let draft = try await get("/notes/n1?view=draft+copy&api-version=2020-09-01")
        XCTAssertEqual(draft, 200)
        XCTAssertEqual(sandbox.receivedRequests("getNoteDraft").count, 1)
        // The versioned pair alone: the versioned operation.
        let versioned = try await get("/notes/n1?api-version=2020-09-01")
        XCTAssertEqual(versioned, 200)
        XCTAssertEqual(sandbox.receivedRequests("getNoteVersioned").count, 1)
    }
}
