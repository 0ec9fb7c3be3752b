import Foundation
import PayloadValidation
import SchemaModel
import XCTest

@testable import SchemaSandbox

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

    /// runReport has no example, so its ReportQuery answer is synthesized: the first enum case is not taken
    /// where the field excludes it (order: orderUnspecified), while a field without `exclude` may carry it.
    func testASynthesizedAnswerNeverCarriesAValueItsFieldExcludes() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        let response = try await sandbox.client.send(
            "POST", "/reports", headers: bearer, body: Data(#"{"order":"ascending","priority":1}"#.utf8))
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.object["order"] as? String, "descending", "the first value order does not exclude: \(response.text)")
        XCTAssertFalse(response.text.contains("orderUnspecified"), response.text)
        await sandbox.stop()
    }

    /// Through an alias (RequestedOrder excludes orderUnspecified) and through a field over an alias of
    /// the enum, the exclusions of every level hold; the enum alone still starts with orderUnspecified.
    func testSynthesizedValuesHonourExclusionsThroughAliases() {
        let factory = PayloadFactory(schema: TestSchemas.kitchenSink)
        XCTAssertEqual(factory.synthesize(.named("SortOrder"), constraints: Constraints(), depth: 0), .string("orderUnspecified"))
        XCTAssertEqual(factory.synthesize(.named("RequestedOrder"), constraints: Constraints(), depth: 0), .string("descending"))
        var excludingDescending = Constraints()
        excludingDescending.excluded = [ExcludedValue(text: "descending", location: SourceLocation(file: "", line: 1, column: 1))]
        XCTAssertEqual(factory.synthesize(.named("RequestedOrder"), constraints: excludingDescending, depth: 0), .string("ascending"))
    }
}
