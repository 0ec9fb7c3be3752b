import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Typed response headers over HTTP: the sandbox on 127.0.0.1 sends a value for every header an
/// operation declares (`responseHeaders:` in kitchensink.yaml), and the generated `…WithHeaders`
/// methods read them typed.
final class ResponseHeadersAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func client() -> KitchenSinkClient {
        KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["bearer": "t0"]))
    }

    func testDeclaredHeadersArriveTyped() async throws {
        let answer = try await client().createItemWithHeaders(body: Item(sku: "A1", name: "Apple", discontinuedAt: nil))
        XCTAssertEqual(answer.status, 201)
        XCTAssertFalse(answer.body.sku.isEmpty)
        XCTAssertEqual(answer.headers.location, URL(string: "https://sandbox.example/resource"))
        XCTAssertEqual(answer.headers.rateLimitRemaining, 42)
        XCTAssertEqual(answer.headers.etag, "sandbox")
        XCTAssertEqual(answer.headers.lastModified, Date(timeIntervalSince1970: 784_111_777))
        XCTAssertEqual(answer.headers.traceId, UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434"))
        // The plain method answers the same call with the body alone.
        let created = try await client().createItem(body: Item(sku: "A2", name: "Pear", discontinuedAt: nil))
        XCTAssertFalse(created.sku.isEmpty)
    }

    func testAnOperationWithoutABodyGivesItsHeaders() async throws {
        let answer = try await client().deleteItemWithHeaders(sku: "A1")
        XCTAssertEqual(answer.status, 204)
        XCTAssertEqual(answer.headers.requestId, UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434"))
    }
}
