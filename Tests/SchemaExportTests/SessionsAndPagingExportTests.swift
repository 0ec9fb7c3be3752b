import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// Issue 8 items 5 and 9 in `describe` and the OpenAPI export: wired login/logout operations are named,
/// backward pagination is shown and exported.
final class SessionsAndPagingExportTests: XCTestCase {
    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testDescribeNamesTheWiredOperationsAndBackwardPaging() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let inventory = try json(Inventory.json(schema).text())
        let auth = try XCTUnwrap(inventory["auth"] as? [[String: Any]])
        let oauth = try XCTUnwrap(auth.first { $0["name"] as? String == "oauth" })
        XCTAssertEqual(oauth["refresh"] as? String, "renewTokens")
        XCTAssertEqual(oauth["login"] as? String, "signIn")
        XCTAssertEqual(oauth["logout"] as? String, "signOut")
        let sms = try XCTUnwrap(auth.first { $0["name"] as? String == "smsSession" })
        XCTAssertEqual(sms["login"] as? String, "confirmSmsCode")
        XCTAssertEqual(sms["logout"] as? String, "endSmsSession")
        XCTAssertNil(auth.first { $0["name"] as? String == "bearer" }?["logout"], "unwired schemes are unchanged")

        let summary = Inventory.summary(schema)
        XCTAssertTrue(summary.contains("transactionHistory  → TransactionPage, paginated (token, both ways)"), summary)
        XCTAssertTrue(summary.contains("paginated (token), auth: bearer"), "one-way pagination says nothing more")
    }

    func testOpenAPINamesTheWiredOperationsAndKeepsPrevious() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let document = try json(OpenAPIExport.document(schema).text())
        let schemes = try XCTUnwrap((document["components"] as? [String: Any])?["securitySchemes"] as? [String: [String: Any]])
        XCTAssertEqual(schemes["oauth"]?["x-refresh-operation"] as? String, "renewTokens")
        XCTAssertEqual(schemes["oauth"]?["x-login-operation"] as? String, "signIn")
        XCTAssertEqual(schemes["oauth"]?["x-logout-operation"] as? String, "signOut")
        XCTAssertEqual(schemes["smsSession"]?["x-session-login-operation"] as? String, "confirmSmsCode")
        XCTAssertEqual(schemes["smsSession"]?["x-logout-operation"] as? String, "endSmsSession")
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        let history = try XCTUnwrap((paths["/transactions"] as? [String: Any])?["get"] as? [String: Any])
        XCTAssertEqual((history["x-paginate"] as? [String: Any])?["previous"] as? String, "previousPageToken")
    }
}
