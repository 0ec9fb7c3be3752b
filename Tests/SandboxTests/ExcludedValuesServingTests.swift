import Foundation
import XCTest

/// `exclude:` (kitchensink.yaml's SortOrder): the sandbox refuses an excluded value in a request, in a
/// query parameter, a body field and through an alias, and serves it in responses.
final class ExcludedValuesServingTests: XCTestCase {
    func testAnExcludedValueInARequestIsA400AndResponsesMayCarryIt() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)

        let query = try await sandbox.client.get("/reports?sortOrder=orderUnspecified", headers: bearer)
        XCTAssertEqual(query.status, 400)
        XCTAssertTrue(query.text.contains("sortOrder: expected a value other than orderUnspecified (excluded here)"), query.text)

        let body = try await sandbox.client.send(
            "POST", "/reports", headers: bearer,
            body: Data(#"{"order":"orderUnspecified","fallbackOrder":"orderUnspecified","priority":0}"#.utf8))
        XCTAssertEqual(body.status, 400)
        for problem in [
            "/order: expected a value other than orderUnspecified", "/fallbackOrder: expected a value other than orderUnspecified",
            "/priority: expected a value other than 0",
        ] {
            XCTAssertTrue(body.text.contains(problem), "\(problem) in \(body.text)")
        }

        let allowed = try await sandbox.client.get("/reports?sortOrder=descending", headers: bearer)
        XCTAssertEqual(allowed.status, 200)
        XCTAssertTrue(allowed.text.contains(#""seenOrder":"orderUnspecified""#), "a response may carry it: \(allowed.text)")
        XCTAssertEqual(sandbox.server.requestCounts(), ["listReport": 2, "runReport": 1])
        await sandbox.stop()
    }
}
