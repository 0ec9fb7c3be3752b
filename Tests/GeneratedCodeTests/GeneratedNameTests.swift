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
}
