import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Null list elements, map values, a nullable alias and a nullable union over HTTP on 127.0.0.1 (issue
/// 27 line 3): the generated client sends and decodes them, and the sandbox checks the elements' own
/// constraints (`items: { maximum: 100 }`, a pattern) and a union variant's (`maxLength: 20`).
final class NullsAgainstSandboxTests: KitchenSinkSandboxTestCase {

    func testNullsTravelBothWays() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let sent = Nullables(
            expiry: nil, history: [Date(timeIntervalSince1970: 1_717_149_600), nil], scores: [100, nil, 0],
            files: ["a": Circle(radius: 1), "b": nil], stop: nil, codes: ["AB"], grid: [[1, nil]])
        let received = try await client().echoNullables(body: sent)
        let request = try XCTUnwrap(sandbox.receivedRequests("echoNullables").first)
        XCTAssertEqual(request.status, 200, "the sandbox validated the body with its nulls")
        let wire = try parseJSONObject(request.body)
        XCTAssertEqual(wire["scores"] as? [NSObject], [100 as NSNumber, NSNull(), 0 as NSNumber], "nil elements are sent as null")
        XCTAssertEqual((wire["files"] as? [String: Any])?["b"] as? NSNull, NSNull())
        XCTAssertTrue(wire["expiry"] is NSNull, "a nil nullable alias is sent as null, not left out")
        // The sandbox answers with the schema's example, which has nulls in every place.
        XCTAssertNil(received.expiry)
        XCTAssertEqual(received.history, [Date(timeIntervalSince1970: 1_717_149_600), nil])
        XCTAssertEqual(received.scores, [100, nil, 0])
        XCTAssertEqual(received.files, ["a": Circle(radius: 1), "b": nil])
        XCTAssertNil(received.stop)
        XCTAssertEqual(received.grid, [[1, nil]])
    }

    func testTheSandboxChecksElementAndVariantConstraints() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let base = #""expiry":null,"history":[],"files":{}"#
        for (body, pointer) in [
            (#"{\#(base),"scores":[200],"stop":null}"#, "/scores/0"),  // above the elements' maximum
            (#"{\#(base),"scores":[],"stop":null,"codes":["ab"]}"#, "/codes/0"),  // outside the elements' pattern
            (#"{\#(base),"scores":[],"stop":"\#(String(repeating: "x", count: 21))"}"#, "/stop"),  // the variant's maxLength
            (#"{\#(base),"scores":[],"stop":null,"codes":[null]}"#, "/codes/0"),  // codes' elements are not nullable
        ] {
            var raw = URLRequest(url: sandbox.baseURL.appendingPathComponent("nullables"))
            raw.httpMethod = "PUT"
            raw.setValue("application/json", forHTTPHeaderField: "Content-Type")
            raw.setValue("Bearer t0", forHTTPHeaderField: "Authorization")
            raw.httpBody = Data(body.utf8)
            let (data, response) = try await URLSession.shared.data(for: raw)
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400, "\(body): \(text)")
            XCTAssertTrue(text.contains(pointer), "\(body): \(text)")
        }
    }

    private func parseJSONObject(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
