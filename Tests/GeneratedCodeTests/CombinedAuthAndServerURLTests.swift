import ClientRuntime
import Foundation
import KitchenSink
import TestHTTPServer
import XCTest

/// KitchenSink's `actAs` (`auth: [[apiKey, userName], bearer]`) over real HTTP against a loopback server,
/// and its environments whose variables are the origin (`{server}/api/v2`) or the scheme
/// (`{protocol}://{hostname}/v2`) (issue 27 line 3).
final class CombinedAuthAndServerURLTests: XCTestCase {
    typealias Environment = KitchenSinkClient.Environment
    typealias AuthSchemes = KitchenSinkClient.AuthSchemes

    private func makeClient(_ server: TestHTTPServer, credentials: [String: String]) -> KitchenSinkClient {
        KitchenSinkClient(environment: .local(host: "127.0.0.1:\(server.port)"), credentials: StaticCredentials(credentials))
    }

    // MARK: Auth

    func testTheOperationDescribesItsAlternatives() {
        let actAs = KitchenSinkClient.Operations.actAs
        XCTAssertEqual(actAs.authRequirements, [[AuthSchemes.apiKey, AuthSchemes.userName], [AuthSchemes.bearer]])
        XCTAssertEqual(actAs.auth, [AuthSchemes.apiKey, AuthSchemes.userName, AuthSchemes.bearer], "every scheme any alternative names")
        XCTAssertEqual(KitchenSinkClient.Operations.getItem.authRequirements, [[AuthSchemes.bearer], [AuthSchemes.apiKey]])
    }

    func testEverySchemeOfTheChosenRequirementIsSentAndNothingElse() async throws {
        let server = try TestHTTPServer { _ in .json(200, #""alice""#) }
        defer { server.shutdown() }
        // The bearer token is available too, but the key and user name come first in the schema.
        let name = try await makeClient(server, credentials: ["apiKey": "k-1", "userName": "alice", "bearer": "t0ken"]).actAs()
        XCTAssertEqual(name, "alice")
        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.headers["x-api-key"], "k-1")
        XCTAssertEqual(request.headers["x-user-name"], "alice")
        XCTAssertNil(request.headers["authorization"], "only the chosen alternative's credentials are sent")
    }

    func testAnIncompleteCombinationFallsBackToTheNextAlternative() async throws {
        let server = try TestHTTPServer { _ in .json(200, #""bob""#) }
        defer { server.shutdown() }
        _ = try await makeClient(server, credentials: ["apiKey": "k-1", "bearer": "t0ken"]).actAs()
        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.headers["authorization"], "Bearer t0ken")
        XCTAssertNil(request.headers["x-api-key"], "a key without its user name is not sent")
    }

    func testAMissingCredentialOfACombinationFailsBeforeSending() async throws {
        let server = try TestHTTPServer { _ in .json(200, #""alice""#) }
        defer { server.shutdown() }
        do {
            _ = try await makeClient(server, credentials: ["apiKey": "k-1"]).actAs()
            XCTFail("expected a thrown error")
        } catch let error as KitchenSinkError {
            guard case .invalidRequest(let underlying) = error else { return XCTFail("expected invalidRequest, got \(error)") }
            XCTAssertEqual(underlying as? RequestBuildError, .missingCredential(scheme: "userName", requirement: ["apiKey", "userName"]))
            XCTAssertEqual(
                (underlying as? RequestBuildError)?.description,
                "No credential for auth scheme 'userName', which is required together with 'apiKey'; nothing was sent.")
        }
        XCTAssertTrue(server.receivedRequests.isEmpty, "nothing is sent")
    }

    func testWithoutAnyCredentialTheRequestGoesOutWithoutOne() async throws {
        let server = try TestHTTPServer { _ in .json(401, #"{"code":"unauthorized","message":"no"}"#) }
        defer { server.shutdown() }
        _ = try? await makeClient(server, credentials: [:]).actAs()
        let request = try XCTUnwrap(server.receivedRequests.first, "the server, not the client, refuses an anonymous call")
        XCTAssertNil(request.headers["x-api-key"])
        XCTAssertNil(request.headers["authorization"])
    }

    // MARK: Server URLs

    func testAVariableHoldingTheOriginIsCheckedWhenTheEnvironmentIsBuilt() throws {
        XCTAssertEqual(try Environment.partner().baseURL.absoluteString, "https://partner.kitchensink.example/api/v2")
        XCTAssertEqual(try Environment.partner(server: "http://127.0.0.1:8080").baseURL.absoluteString, "http://127.0.0.1:8080/api/v2")
        XCTAssertThrowsError(try Environment.partner(server: "shop.example.com")) { XCTAssertEqual($0 as? BaseURLError, .notAnAbsoluteURL) }
        XCTAssertThrowsError(try Environment.partner(server: "ftp://shop.example.com")) {
            XCTAssertEqual($0 as? BaseURLError, .unsupportedScheme("ftp"))
        }
        XCTAssertThrowsError(try Environment.partner(server: "https://user:pw@shop.example.com")) { XCTAssertEqual($0 as? BaseURLError, .hasUserInfo) }
        XCTAssertThrowsError(try Environment.partner(server: "https://shop.example.com?x=1")) {
            XCTAssertEqual($0 as? BaseURLError, .hasQueryOrFragment)
        }
    }

    func testAVariableHoldingTheSchemeIsCheckedAndTheHostStaysAHost() throws {
        XCTAssertEqual(try Environment.selfHosted(hostname: "git.example:8443").baseURL.absoluteString, "https://git.example:8443/v2")
        XCTAssertEqual(try Environment.selfHosted(protocol: "http", hostname: "127.0.0.1").baseURL.absoluteString, "http://127.0.0.1/v2")
        XCTAssertThrowsError(try Environment.selfHosted(protocol: "file", hostname: "x")) { XCTAssertEqual($0 as? BaseURLError, .unsupportedScheme("file")) }
        // After the `://` a value is percent-encoded: it cannot add a path, query or user info.
        // Either the encoded host is refused or it stays one host: never a path or query of the attacker's.
        do {
            let hostile = try Environment.selfHosted(hostname: "evil.example/admin?x=1")
            XCTAssertNil(hostile.baseURL.query)
            XCTAssertEqual(hostile.baseURL.path, "/v2", hostile.baseURL.absoluteString)
        } catch {
            XCTAssertEqual(error, .notAnAbsoluteURL)  // typed throws: `error` is a BaseURLError
        }
    }
}
