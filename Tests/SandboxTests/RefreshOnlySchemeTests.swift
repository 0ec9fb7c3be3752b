import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

/// Sessions the sandbox did not open: a scheme whose refresh is wired but whose login is not (the app
/// gets its first tokens elsewhere) can be tried against the sandbox, a refused refresh says why in the
/// request log, and issued tokens live an hour unless an example or the option says otherwise.
@available(macOS 14, iOS 17, tvOS 17, *)
final class RefreshOnlySchemeTests: XCTestCase {
    static let refreshOnlySchema = """
        api: RefreshOnly
        version: "1.0"
        environments:
          local: { url: "http://127.0.0.1/api" }
        auth:
          user:
            kind: bearer
            refresh:
              operation: renew
              request: { refreshToken: refreshToken }
              response: { token: access_token, refreshToken: refresh_token, expiresIn: expires_in }
        defaultAuth: [user]
        types:
          RenewRequest:
            fields:
              refreshToken: { type: string, wire: refresh_token }
          TokenPair:
            fields:
              accessToken: { type: string, wire: access_token }
              refreshToken: { type: string, wire: refresh_token }
              expiresIn: { type: int32, wire: expires_in, minimum: 1 }
          Profile:
            fields:
              name: string
        operations:
          renew:
            http: POST /oauth/renew
            auth: none
            body: RenewRequest
            response: TokenPair
          profile:
            http: GET /profile
            response: Profile
        """

    private func schema() throws -> Schema {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-only-\(UUID().uuidString).yaml")
        try Data(Self.refreshOnlySchema.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return try SchemaLoader.loadOrThrow(path: url.path)
    }

    private func loggingOptions(_ lines: Locked<[String]>, tokenLifetime: Int? = nil) -> SandboxOptions {
        SandboxOptions(tokenLifetime: tokenLifetime, requestLog: { entry in lines.withLock { $0.append(entry.line) } })
    }

    func testTheAppsOwnRefreshTokenIsAcceptedUntilRefreshAndIssuedOnesOnce() async throws {
        let lines = Locked<[String]>([])
        let sandbox = try await Running.start(try schema(), options: loggingOptions(lines))
        sandbox.server.inject(.unauthorizedUntilRefresh)
        let refused = try await sandbox.client.get("/profile", headers: ["Authorization": "Bearer from-the-app"])
        XCTAssertEqual(refused.status, 401)

        let renewed = try await sandbox.client.post("/oauth/renew", json: #"{"refresh_token":"refresh-from-the-app"}"#)
        XCTAssertEqual(renewed.status, 200, "a refresh token the sandbox did not issue: the scheme has no login, so it came from the app")
        let accessToken = try XCTUnwrap(renewed.object["access_token"] as? String)
        let refreshToken = try XCTUnwrap(renewed.object["refresh_token"] as? String)
        XCTAssertEqual(renewed.object["expires_in"] as? Int, 3600, "an hour, not the synthesized minimum of 1 s: \(renewed.text)")
        let profile = try await sandbox.client.get("/profile", headers: ["Authorization": "Bearer \(accessToken)"])
        XCTAssertEqual(profile.status, 200)

        let again = try await sandbox.client.post("/oauth/renew", json: #"{"refresh_token":"\#(refreshToken)"}"#)
        XCTAssertEqual(again.status, 200, "the issued refresh token, once")
        let reused = try await sandbox.client.post("/oauth/renew", json: #"{"refresh_token":"\#(refreshToken)"}"#)
        XCTAssertEqual(reused.status, 401)
        XCTAssertTrue(reused.text.contains("the refresh token was used already"), reused.text)
        let empty = try await sandbox.client.post("/oauth/renew", json: #"{"refresh_token":""}"#)
        XCTAssertEqual(empty.status, 401)
        XCTAssertTrue(empty.text.contains("the refresh request carries no refresh token"), empty.text)

        let logged = lines.withLock { $0 }
        XCTAssertTrue(logged[0].hasSuffix("[profile] fault: 401 reason: the access token has expired (sandbox fault)"), logged[0])
        XCTAssertTrue(
            logged[4].hasSuffix("[renew] reason: the refresh token was used already: each one the sandbox issues is valid once"), logged[4])
        XCTAssertTrue(logged[5].hasSuffix("[renew] reason: the refresh request carries no refresh token"), logged[5])
        XCTAssertFalse(logged.joined().contains(refreshToken), "the log names no token")
        await sandbox.stop()
    }

    func testAForeignRefreshTokenForASchemeWithALoginIsRefusedAndTheLogSaysWhy() async throws {
        let lines = Locked<[String]>([])
        let sandbox = try await Running.start(TestSchemas.kitchenSink, options: loggingOptions(lines))
        let refused = try await sandbox.client.post("/oauth/token", json: #"{"refreshToken":"never-issued"}"#)
        XCTAssertEqual(refused.status, 401)
        let line = try XCTUnwrap(lines.withLock { $0.first })
        XCTAssertTrue(
            line.hasSuffix(
                "[renewTokens] reason: the refresh token was not issued by this sandbox: the oauth scheme's login (signIn) is wired, so sign in through it first"
            ), line)
        XCTAssertFalse(line.contains("never-issued"))
        let missing = try await sandbox.client.get("/oauth/profile")
        XCTAssertEqual(missing.status, 401)
        XCTAssertTrue(lines.withLock { $0[1] }.hasSuffix("[profile] reason: missing credentials: profile needs an Authorization: Bearer header"))
        await sandbox.stop()
    }

    func testIssuedTokensLiveAnHourAnExamplesValueOrWhatTheOptionSays() async throws {
        let signIn = #"{"username":"ann","password":"secret"}"#
        let byDefault = try await Running.start(TestSchemas.kitchenSink)
        let synthesized = try await byDefault.client.post("/oauth/sign-in", json: signIn)
        XCTAssertEqual(synthesized.object["expires_in"] as? Int, 3600, synthesized.text)
        await byDefault.stop()

        let short = try await Running.start(TestSchemas.kitchenSink, options: SandboxOptions(tokenLifetime: 5))
        let answered = try await short.client.post("/oauth/sign-in", json: signIn)
        XCTAssertEqual(answered.object["expires_in"] as? Int, 5, answered.text)
        await short.stop()
    }
}
