import Foundation
import KitchenSink
import TestHTTPServer
import XCTest

/// How the runtime's safety errors reach the caller of a generated client: `TransportError`s (timeout,
/// size limit, cross-origin redirect) as `.transport`, a credential that cannot be sent as
/// `.invalidRequest`, each with a description that names the problem and no secret.
final class TransportSafetyThroughClientTests: XCTestCase {
    private static let appleJSON = #"{"sku":"A1","name":"Apple","discontinuedAt":null,"quantity":3}"#

    private func client(
        _ server: TestHTTPServer, token: String = "t0ken", callTimeout: TimeInterval? = 60,
        maximumResponseSize: Int? = nil
    ) -> KitchenSinkClient {
        let environment = KitchenSinkClient.Environment.local(host: "127.0.0.1:\(server.port)")
        return KitchenSinkClient(
            configuration: ClientConfiguration(
                baseURL: environment.baseURL, credentials: StaticCredentials(["bearer": token]),
                callTimeout: callTimeout, maximumResponseSize: maximumResponseSize
            ))
    }

    func testTimeoutSizeAndRedirectAreTransportErrors() async throws {
        let other = try TestHTTPServer { _ in .json(200, Self.appleJSON) }
        defer { other.shutdown() }
        let server = try TestHTTPServer { [port = other.port] request in
            switch request.headers["accept-language"] {
            case "slow": TestHTTPServer.Response(status: 200, body: Data(Self.appleJSON.utf8), byteInterval: 1)
            case "redirect": TestHTTPServer.Response(status: 307, headers: ["Location": "http://127.0.0.1:\(port)/x?token=abc"])
            default: .json(200, Self.appleJSON)
            }
        }
        defer { server.shutdown() }
        let cases: [(String, TransportError, KitchenSinkClient)] = [
            ("slow", .callTimedOut(seconds: 1), client(server, callTimeout: 1)),
            ("big", .responseTooLarge(limit: 10), client(server, maximumResponseSize: 10)),
            ("redirect", .crossOriginRedirect(status: 307, origin: "http://127.0.0.1:\(other.port)"), client(server)),
        ]
        for (mode, expected, client) in cases {
            do {
                _ = try await client.getItem(storeId: 1, sku: "A1", language: mode)
                XCTFail("\(mode): expected \(expected)")
            } catch KitchenSinkError.transport(let error as TransportError), KitchenSinkError.deadlineExceeded(let error as TransportError) {
                // kitchensink.yaml reports a timeout as its client-side case `deadlineExceeded` (`when: [timeout]`).
                XCTAssertEqual(error, expected)
                let wrapped = KitchenSinkError.transport(error)
                XCTAssertEqual(wrapped.description, "KitchenSinkError.transport: \(expected.description)")
                XCTAssertFalse(String(reflecting: wrapped).contains("abc"))
            }
        }
        XCTAssertEqual(other.receivedRequests.count, 0)
    }

    func testCredentialWithLineBreakIsAnInvalidRequestAndNothingIsSent() async throws {
        let server = try TestHTTPServer { _ in .json(200, Self.appleJSON) }
        defer { server.shutdown() }
        do {
            _ = try await client(server, token: "t0ken\r\nX-Admin: yes").getItem(storeId: 1, sku: "A1")
            XCTFail("expected invalidRequest")
        } catch KitchenSinkError.invalidRequest(let error) {
            XCTAssertEqual(error as? RequestBuildError, .invalidCredential(scheme: "bearer"))
            XCTAssertFalse(KitchenSinkError.invalidRequest(error).description.contains("t0ken"))
        }
        XCTAssertEqual(server.receivedRequests.count, 0)
    }
}
