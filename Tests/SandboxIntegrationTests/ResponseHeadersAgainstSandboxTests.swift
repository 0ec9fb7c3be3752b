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

    /// `fetchRelease` has several outcomes: the sandbox sends the declared headers with every normal
    /// answer (200, the 202 of `2XX`, the 404 of `4XX`, the 410) and none with the 503 error outcome.
    func testEveryNormalOutcomeArrivesWithItsHeaders() async throws {
        func client(_ example: String) -> KitchenSinkClient {
            KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), middlewares: [SandboxExampleChoice(example)])
        }
        let found = try await client("found").fetchReleaseWithHeaders(version: "1.0.0")
        XCTAssertEqual(found.body, .found(Release(version: "1.0.0", notes: "First release.")))
        XCTAssertEqual(found.headers, .init(contentVersion: "sandbox", retryAfter: 42))
        let processing = try await client("processing").fetchReleaseWithHeaders(version: "1.1.0")
        XCTAssertEqual(processing.body, .processing(status: 202))
        XCTAssertEqual(processing.headers.retryAfter, 42)
        let problem = try await client("problem").fetchReleaseWithHeaders(version: "nope")
        XCTAssertEqual(problem.status, 404)
        XCTAssertEqual(problem.headers.contentVersion, "sandbox")
        let gone = try await client("gone").fetchReleaseWithHeaders(version: "0.9.0")
        XCTAssertEqual(gone.body, .gone)
        do {
            _ = try await client("unavailable").fetchReleaseWithHeaders(version: "1.0.0")
            XCTFail("5XX is an error outcome")
        } catch KitchenSinkError.internalError(let error) {
            XCTAssertEqual(error.status, 503)
            XCTAssertNil(error.headers["Content-Version"], "an error answer is the catalogue's, without the declared headers")
        }
    }

    func testAnOperationWithoutABodyGivesItsHeaders() async throws {
        let answer = try await client().deleteItemWithHeaders(sku: "A1")
        XCTAssertEqual(answer.status, 204)
        XCTAssertEqual(answer.headers.requestId, UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434"))
    }
}
