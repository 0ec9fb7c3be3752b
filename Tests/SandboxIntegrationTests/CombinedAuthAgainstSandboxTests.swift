import ClientRuntime
import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// KitchenSink's `actAs` needs an API key and a user name together, or a bearer token
/// (`auth: [[apiKey, userName], bearer]`, issue 27 line 3), against the sandbox on 127.0.0.1: the sandbox
/// refuses a request with only one of the pair, the generated client sends both, and each credential of
/// the pair is kept out of logs and apart in the response cache like a single credential.
final class CombinedAuthAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// The status the sandbox answers a plain GET of /acting-user with these headers.
    private func status(headers: [String: String]) async throws -> Int {
        var request = URLRequest(url: sandbox.baseURL.appendingPathComponent("acting-user"))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession.shared.data(for: request)
        return try XCTUnwrap(response as? HTTPURLResponse).statusCode
    }

    func testTheSandboxAnswers401UnlessOneRequirementIsSentInFull() async throws {
        let only = try await status(headers: ["X-Api-Key": "k-1"])
        XCTAssertEqual(only, 401, "a key without its user name")
        let userOnly = try await status(headers: ["X-User-Name": "alice"])
        XCTAssertEqual(userOnly, 401, "a user name without its key")
        let both = try await status(headers: ["X-Api-Key": "k-1", "X-User-Name": "alice"])
        XCTAssertEqual(both, 200)
        let bearer = try await status(headers: ["Authorization": "Bearer t0ken"])
        XCTAssertEqual(bearer, 200, "the other alternative")
    }

    func testTheGeneratedClientSendsBothAndLogsNeither() async throws {
        let log = LogRecorder()
        let client = KitchenSinkClient(
            environment: .init(baseURL: sandbox.baseURL), middlewares: [LoggingMiddleware(logger: log.logger)],
            credentials: StaticCredentials(["apiKey": "k3y-of-partner", "userName": "alice-the-user"]))
        _ = try await client.actAs()
        let request = try XCTUnwrap(sandbox.receivedRequests("actAs").last)
        XCTAssertEqual(request.header("X-Api-Key"), "k3y-of-partner")
        XCTAssertEqual(request.header("X-User-Name"), "alice-the-user")
        XCTAssertFalse(log.text.isEmpty)
        for text in [log.text, request.description] {
            XCTAssertFalse(text.contains("k3y-of-partner"), text)
            XCTAssertFalse(text.contains("alice-the-user"), "the user name is a credential of the pair: \(text)")
        }
    }

    func testAHalfConfiguredPairIsRefusedBeforeTheSandboxSeesIt() async throws {
        let client = KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["apiKey": "k-1"]))
        do {
            _ = try await client.actAs()
            XCTFail("expected a thrown error")
        } catch let error as KitchenSinkError {
            guard case .invalidRequest = error else { return XCTFail("expected invalidRequest, got \(error)") }
        }
        XCTAssertTrue(sandbox.receivedRequests("actAs").isEmpty)
    }

    /// Two users of one partner share the API key but not the user name: the second must not be served
    /// the first one's cached answer, though both credentials' headers are left out of the cache key.
    func testUsersSharingAKeyNeverShareACachedAnswer() async throws {
        let credentials = SwitchableCredentials(["apiKey": "shared-key", "userName": "alice"])
        let cache = ResponseCache()
        let client = KitchenSinkClient(
            environment: .init(baseURL: sandbox.baseURL), middlewares: [CachingMiddleware(cache: cache)], credentials: credentials)
        _ = try await client.actAs()
        credentials.set("userName", "bob")
        _ = try await client.actAs()
        await cache.waitForBackgroundRefreshes()
        let users = sandbox.receivedRequests("actAs").compactMap { $0.header("X-User-Name") }
        XCTAssertEqual(Array(users.prefix(2)), ["alice", "bob"], "bob's call went to the server, not to alice's cached answer")
    }
}

/// A credential provider whose secrets change while the client lives (a user switch).
private final class SwitchableCredentials: CredentialProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var secrets: [String: String]

    init(_ secrets: [String: String]) { self.secrets = secrets }

    func set(_ scheme: String, _ secret: String) { lock.withLock { secrets[scheme] = secret } }

    func credential(for scheme: AuthScheme) async throws -> String? { lock.withLock { secrets[scheme.name] } }
}
