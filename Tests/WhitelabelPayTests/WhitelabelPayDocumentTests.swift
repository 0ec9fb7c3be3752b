import Foundation
import SchemaModel
import XCTest

/// Issue 25, line 15: what the WhitelabelPay document (whitelabelpay-ios-sdk.md) does not say is
/// marked `modelled:`, and the docs taken from it say no more than it does.
final class WhitelabelPayDocumentTests: XCTestCase {
    private var schema: Schema!

    override func setUpWithError() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Schemas/whitelabelpay.yaml").standardized.path
        schema = try SchemaLoader.loadOrThrow(path: path)
    }

    /// The types the document names or shows; every other type is ours and must say so.
    private let documentedTypes: Set<String> = [
        "Configuration", "Env", "State", "FetchMode", "Token", "TokenType", "PaymentMean", "TransactionResponse",
        "PushNotificationType", "PushNotificationPayload",
    ]

    func testEveryTypeTheDocumentDoesNotNameIsMarkedModelled() throws {
        let unmarked = schema.types.filter { !documentedTypes.contains($0.name) && $0.notes.modelled == nil }.map(\.name)
        XCTAssertEqual(unmarked, [], "types the document does not name (Amount, CurrencyCode, ...) without a modelled note")
        XCTAssertNotNil(schema.type(named: "Amount")?.notes.modelled)
    }

    /// The document names `PaymentMean.active` and a `paymentMeansId` without a type; the id field and
    /// every uuid the schema gives it are ours.
    func testThePaymentMeansIdAndItsTypeAreMarkedModelled() throws {
        let paymentMean = try XCTUnwrap(schema.type(named: "PaymentMean"))
        let id = try XCTUnwrap(paymentMean.fields.first { $0.name == "id" })
        XCTAssertEqual(id.type, .primitive(.uuid))
        XCTAssertNotNil(id.notes.modelled, "PaymentMean.id and its type are not in the document")
        XCTAssertEqual(paymentMean.notes.modelled?.contains("`id`"), false, "the type's note must not say the document names id")
        for name in ["deactivatePaymentMeans", "reactivatePaymentMeans"] {
            let parameter = try XCTUnwrap(schema.operation(named: name)?.pathParameters.first { $0.name == "paymentMeansId" })
            XCTAssertNotNil(parameter.notes.modelled, "\(name): the document gives paymentMeansId no type")
        }
    }

    /// Claims the document does not make are in `modelled`, or gone, and the docs of enrollmentError keep
    /// its "there should be no other reasons for failure".
    func testDocsClaimNothingTheDocumentDoesNotSay() throws {
        let reactivate = try XCTUnwrap(schema.operation(named: "reactivatePaymentMeans"))
        XCTAssertEqual(reactivate.notes.docs?.contains("becomes the active"), false)
        XCTAssertEqual(reactivate.notes.modelled?.contains("becomes the active one"), true, "kept, marked as our reading")

        let cases = try XCTUnwrap(schema.errors?.cases)
        let offline = try XCTUnwrap(cases.first { $0.name == "offlineTokenLimitReached" })
        XCTAssertEqual(offline.notes.docs?.lowercased().contains("retrying does not help"), false)
        XCTAssertNil(offline.declaredRetryable, "the document says nothing about retrying it")

        let enrollment = try XCTUnwrap(cases.first { $0.name == "enrollmentError" }?.notes.docs).replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(enrollment.contains("there should be no other reasons for failure"), enrollment)
        XCTAssertFalse(enrollment.contains("UUID"), "the document does not name the error an invalid UUID causes: \(enrollment)")

        let means = try XCTUnwrap(cases.first { $0.name == "failureToRetrievePaymentMeans" })
        XCTAssertEqual(means.notes.docs?.contains("fetching"), false)
        XCTAssertNotNil(means.notes.modelled, "that fetching reports it is read from its name")
    }
}
