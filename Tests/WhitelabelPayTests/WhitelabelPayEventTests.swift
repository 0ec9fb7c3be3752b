import Foundation
import WhitelabelPay
import XCTest

/// Issue 28, line 5: the push notifications of the WhitelabelPay document ("Push Notifications"), declared
/// as `events:`, decode through the generated `WhitelabelPayEvent`, as an app receives them.
final class WhitelabelPayEventTests: XCTestCase {
    /// The document's three examples (Schemas/whitelabelpay/examples/push-*.json; payment-succeeded's value is
    /// ours, see the schema), by the event each one is.
    private func example(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Schemas/whitelabelpay/examples/push-\(name).json").standardized
        return try Data(contentsOf: url)
    }

    func testEachPushExampleOfTheDocumentIsItsEvent() throws {
        let expected: [(String, WhitelabelPayEvent)] = [
            ("enrolment-succeeded", .enrolmentSucceeded(PushNotificationPayload(aps: [:], ypType: .enrolmentSucceeded))),
            ("payment-succeeded", .paymentSucceeded(PushNotificationPayload(aps: [:], ypType: .paymentSucceeded))),
            ("payment-failed", .paymentFailed(PushNotificationPayload(aps: [:], ypType: .paymentFailed))),
        ]
        for (name, event) in expected {
            let payload = try example(name)
            XCTAssertEqual(try WhitelabelPayEvent(payload: payload), event, name)
            // What an app is handed by UNUserNotificationCenter: the same JSON as [AnyHashable: Any].
            let userInfo = try XCTUnwrap(try JSONSerialization.jsonObject(with: payload) as? [AnyHashable: Any])
            XCTAssertEqual(try WhitelabelPayEvent(userInfo: userInfo), event, name)
        }
    }

    func testANotificationTypeTheSDKDoesNotKnowIsUndocumented() throws {
        let userInfo: [AnyHashable: Any] = ["aps": ["alert": "Hello"] as [AnyHashable: Any], "yp-type": "refund-succeeded.v1"]
        XCTAssertEqual(try WhitelabelPayEvent(userInfo: userInfo), .undocumented(["aps": ["alert": "Hello"], "yp-type": "refund-succeeded.v1"]))
        // Another app's notification, without a yp-type at all.
        XCTAssertEqual(try WhitelabelPayEvent(userInfo: ["aps": [:] as [AnyHashable: Any]]), .undocumented(["aps": [:]]))
    }
}
