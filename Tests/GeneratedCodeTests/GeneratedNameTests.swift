import Foundation
import KitchenSink
import TestHTTPServer
import XCTest

/// Issue 8 item 11: generated names a caller cannot misread.
final class GeneratedNameTests: XCTestCase {
    /// `.none` where a `ShareMode?` is expected would be `nil` (and Swift would warn); the case is
    /// `none_`, so the value the caller means is the one sent.
    func testTheNoneCaseIsSentNotReadAsNil() async throws {
        let server = try TestHTTPServer { _ in .init(status: 204) }
        defer { server.shutdown() }
        let client = KitchenSinkClient(environment: .local(host: "127.0.0.1:\(server.port)"))

        let chosen: ShareMode? = .none_
        XCTAssertNotNil(chosen)
        try await client.setShareMode(mode: .none_)
        try await client.setShareMode(mode: nil)

        XCTAssertEqual(server.receivedRequests.map { $0.queryItems.map { "\($0.name)=\($0.value)" } }, [["mode=none"], []])
        XCTAssertEqual(try JSONDecoder().decode([ShareMode].self, from: Data(#"["none","everyone"]"#.utf8)), [.none_, .everyone])
        XCTAssertEqual(ShareMode.none_.rawValue, "none")
    }

    /// A case named `unknown` keeps its name; the fallback for values the schema does not list is
    /// `undocumented`, so the two never sit side by side as `unknown` and `unknown_`.
    func testACaseNamedUnknownIsNotTheFallback() throws {
        let decoded = try JSONDecoder().decode([ShareMode].self, from: Data(#"["unknown","later"]"#.utf8))
        XCTAssertEqual(decoded, [.unknown, .undocumented("later")])
        XCTAssertEqual(ShareMode.knownCases, [.none_, .friends, .everyone, .unknown])
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self), #"["unknown","later"]"#)
    }

    /// Types named like generated ones (`KitchenSinkError`, the client's `Operations`) get the same
    /// `Model` suffix as types named like Swift's, and decode and travel like any other.
    func testTypesNamedLikeGeneratedTypesGetTheModelSuffix() async throws {
        let json = #"{"error":{"code":"E1","message":"m"},"operations":{"count":2}}"#
        let server = try TestHTTPServer { _ in .json(200, json) }
        defer { server.shutdown() }
        let client = KitchenSinkClient(environment: .local(host: "127.0.0.1:\(server.port)"))

        let namesakes: Namesakes = try await client.getNamesakes()

        XCTAssertEqual(namesakes, Namesakes(error: KitchenSinkErrorModel(code: "E1", message: "m"), operations: OperationsModel(count: 2)))
        let failure: KitchenSinkError? = nil
        XCTAssertNil(failure, "KitchenSinkError is still the generated error type")
        XCTAssertEqual(KitchenSinkClient.Operations.getNamesakes.name, "getNamesakes")
    }
}
