import Finaptic
import Foundation
import XCTest

/// Issue 28, line 5: the Finaptic document's TransactionCreatedEvent push payload (l.1737-1750), declared as
/// the event `transactionCreated`, decodes through the generated `FinapticEvent`.
final class FinapticEventTests: XCTestCase {
    /// The document's sample as printed: no comma after transactionId and a trailing comma.
    private let documentSample = """
        {
            "eventType": "TransactionCreatedEvent",
            "transactionId": "00c660a0-c03d-401d-bf77-99df3e6a157f"
            "amount": "12.30",
            "availableBalance": "120.00",
            "actualBalance": "100.00",
            "transactionTime": "2021-12-17 12:34:56.793213 +0000 UTC",
        }
        """

    /// The sample with those two typos fixed (the schema's example).
    private var fixedSample: String {
        documentSample.replacingOccurrences(of: "157f\"\n", with: "157f\",\n").replacingOccurrences(of: "UTC\",\n}", with: "UTC\"\n}")
    }

    func testTheDocumentSampleIsATransactionCreatedEvent() throws {
        let event = try FinapticEvent(payload: Data(fixedSample.utf8))
        guard case .transactionCreated(let created) = event else { return XCTFail("\(event)") }
        XCTAssertEqual(created.transactionId, UUID(uuidString: "00c660a0-c03d-401d-bf77-99df3e6a157f"))
        XCTAssertEqual(created.amount, "12.30")
        XCTAssertEqual(created.availableBalance, "120.00")
        XCTAssertEqual(created.actualBalance, "100.00")
        // "2021-12-17 12:34:56.793213 +0000 UTC", the document's own date format.
        XCTAssertEqual(created.transactionTime.timeIntervalSince1970, 1_639_744_496.793213, accuracy: 0.000_001)
        // As a push notification's user info.
        let userInfo = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(fixedSample.utf8)) as? [AnyHashable: Any])
        XCTAssertEqual(try FinapticEvent(userInfo: userInfo), event)
    }

    func testTheSampleAsPrintedIsNotJSONAndSaysSo() {
        XCTAssertThrowsError(try FinapticEvent(payload: Data(documentSample.utf8))) { error in
            let error = error as? EventPayloadError
            XCTAssertNotNil(error)
            XCTAssertNil(error?.event)
            XCTAssertEqual(error?.description.contains("not JSON"), true, "\(String(describing: error))")
        }
    }

    func testAnotherEventTypeIsUndocumented() throws {
        let payload = #"{"eventType":"CardFrozenEvent","cardId":"c-1"}"#
        XCTAssertEqual(try FinapticEvent(payload: Data(payload.utf8)), .undocumented(["eventType": "CardFrozenEvent", "cardId": "c-1"]))
    }
}
