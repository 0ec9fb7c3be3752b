import Foundation
import SchemaSandbox
import WhitelabelPay
import XCTest

/// The README's "Trying a client against the sandbox" (and every getting-started article's): a client
/// reaches the sandbox through `Environment(baseURL:)` with the URL the sandbox prints, its address plus
/// the path of the schema's first environment, and not through the `https://{host}` environment templates.
final class SandboxBaseURLAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private let tenant = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Schemas/whitelabelpay.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    func testTheDocumentedBaseURLReachesTheSandbox() async throws {
        // The README's snippet, with the port this sandbox was given instead of 18080.
        let client = WhitelabelPayClient(
            environment: WhitelabelPayClient.Environment(baseURL: URL(string: "http://127.0.0.1:\(sandbox.port)/wlp/v1")!),
            credentials: StaticCredentials(["bearer": "any-token"])
        )
        let means = try await client.getPaymentMeans(tenantId: tenant)

        XCTAssertFalse(means.isEmpty)
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 1)
        // What `swift run sandbox` prints after "Serving WhitelabelPay 1.1.0 at".
        XCTAssertEqual(sandbox.baseURL.absoluteString, "http://127.0.0.1:\(sandbox.port)/wlp/v1")
    }

    func testTheHTTPSEnvironmentTemplateDoesNotReachTheSandbox() async throws {
        let client = WhitelabelPayClient(
            environment: .production(host: "127.0.0.1:\(sandbox.port)"),
            credentials: StaticCredentials(["bearer": "any-token"])
        )
        XCTAssertEqual(WhitelabelPayClient.Environment.production(host: "127.0.0.1:\(sandbox.port)").baseURL.scheme, "https")
        do {
            _ = try await client.getPaymentMeans(tenantId: tenant, options: RequestOptions(retry: .noRetries, callTimeout: 20))
            XCTFail("an https request was answered by the plain-HTTP sandbox")
        } catch let error as WhitelabelPayError {
            XCTAssertNil(error.status, "no response is expected, only a failed TLS handshake: \(error)")
        }
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 0)
    }
}
