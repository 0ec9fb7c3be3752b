import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// Prints throughput; asserts nothing about time (machines differ, debug builds are slow). Set
/// PAYLOAD_VALIDATION_BENCH_ITERATIONS (default 10,000) and run with `-c release` for real numbers.
final class ThroughputReportTests: XCTestCase {
    func testPrintsParseAndValidateThroughput() throws {
        let iterations = Int(ProcessInfo.processInfo.environment["PAYLOAD_VALIDATION_BENCH_ITERATIONS"] ?? "") ?? 10_000
        let validator = PayloadValidator(schema: KitchenSink.schema)
        let item = validator.prepare(.named("Item"))
        for example in try XCTUnwrap(KitchenSink.schema.type(named: "Item")).examples {
            let data = Data(example.value.jsonText.utf8)
            var issues = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations {
                issues += validator.validate(data: data, against: item).count
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            XCTAssertEqual(issues, 0)
            print(
                String(
                    format: "PayloadValidation: Item example '%@' (%d bytes) parsed and validated %d times in %.3f s (%.2f µs each)",
                    example.name, data.count, iterations, seconds, seconds * 1e6 / Double(max(iterations, 1))))
        }
    }
}
