@_spi(Generated) import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// kitchensink.yaml's `sessionTimedOut` (`statusFirst: true`, status 419) and its catalogue's
/// `envelope: true` in generated code: the status decides before codes and families, and a 2xx body
/// carrying the catalogue's code is thrown as the case that code matches.
final class MatchPrecedenceTests: XCTestCase {
    private func response(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    private let operation = OperationInfo(name: "getItem", method: .get, pathTemplate: "/items/{id}", successStatus: 200)

    func testStatusFirstCaseDecidesBeforeAnExactCodeAndAFamily() {
        for code in ["OUT_OF_STOCK", "A12345", "B0-anything"] {
            let error = KitchenSinkError(response: response(419, #"{"error":{"code":"\#(code)"}}"#))
            guard case .sessionTimedOut(let details) = error else { return XCTFail("\(code) at 419 must be sessionTimedOut, got \(error)") }
            XCTAssertEqual(details.status, 419)
            XCTAssertEqual(error.rawCode, code, "the code the body carries stays readable")
        }
    }

    func testOtherStatusesStillMatchByCodeFirst() {
        guard case .outOfStock = KitchenSinkError(response: response(400, #"{"error":{"code":"OUT_OF_STOCK"}}"#)) else {
            return XCTFail("a code decides at any status but the status-first one")
        }
    }

    func testEnvelopeTurnsASuccessBodyCarryingACodeIntoItsCase() throws {
        let failure = try XCTUnwrap(KitchenSinkError.envelopeFailure(in: response(200, #"{"error":{"code":"OUT_OF_STOCK"}}"#), operation: operation))
        guard case .outOfStock(let details) = failure else { return XCTFail("expected outOfStock, got \(failure)") }
        XCTAssertEqual(details.status, 200)
        let unknown = try XCTUnwrap(KitchenSinkError.envelopeFailure(in: response(201, #"{"error":{"code":"NEW"}}"#), operation: operation))
        guard case .undocumented = unknown else { return XCTFail("an unknown code in a 2xx is undocumented, got \(unknown)") }
    }

    func testEnvelopeLeavesSuccessBodiesWithoutACodeAlone() {
        XCTAssertNil(KitchenSinkError.envelopeFailure(in: response(200, #"{"id":"1","name":"Item"}"#), operation: operation))
        XCTAssertNil(KitchenSinkError.envelopeFailure(in: response(200, #"{"error":{"code":null}}"#), operation: operation))
        XCTAssertNil(KitchenSinkError.envelopeFailure(in: response(204, ""), operation: operation))
        XCTAssertNil(KitchenSinkError.envelopeFailure(in: response(200, "not json"), operation: operation))
        XCTAssertNil(
            KitchenSinkError.envelopeFailure(in: response(409, #"{"error":{"code":"OUT_OF_STOCK"}}"#), operation: operation),
            "error statuses are matched as always, not as envelopes")
    }

    func testAnOperationWhoseSuccessBodyDeclaresTheCodeIsExempt() {
        // getNamesakes answers Namesakes, which embeds an error object: its error.code is data.
        let namesakes = OperationInfo(name: "getNamesakes", method: .get, pathTemplate: "/namesakes", successStatus: 200)
        XCTAssertNil(KitchenSinkError.envelopeFailure(in: response(200, #"{"error":{"code":"E1","message":"m"}}"#), operation: namesakes))
    }
}
