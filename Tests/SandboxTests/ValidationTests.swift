import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

@available(macOS 14, iOS 17, tvOS 17, *)
final class ValidationTests: XCTestCase {
    private func message(_ response: TestResponse, at path: String = "message") -> String {
        value(response.json, at: path) as? String ?? "<no message at \(path): \(response.text)>"
    }

    /// The wording is PayloadValidation's; the sandbox's part is the place (`header X-Tenant-Id:`) and
    /// that every problem is named.
    private func assertMessage(_ text: String, startsWith prefix: String, mentions words: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(text.hasPrefix(prefix), "\(text) does not start with \(prefix)", file: file, line: line)
        for word in words {
            XCTAssertTrue(text.contains(word), "\(text) does not mention \(word)", file: file, line: line)
        }
    }

    func testWhitelabelPayParameterProblemsGet400WithTheAPIErrorBody() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        let client = sandbox.client

        let missingHeader = try await client.get("/payment-means", headers: bearer)
        XCTAssertEqual(missingHeader.status, 400)
        XCTAssertEqual(missingHeader.header("Content-Type"), "application/json")
        // The 400 case (badRequest) is matched by status alone, so the code is the generic one.
        XCTAssertEqual(value(missingHeader.json, at: "code") as? String, "BAD_REQUEST")
        XCTAssertEqual(value(missingHeader.json, at: "status") as? Int, 400)
        assertMessage(message(missingHeader), startsWith: "invalid request: header X-Tenant-Id: ", mentions: ["missing"])

        let badHeader = try await client.get("/payment-means", headers: ["Authorization": "Bearer t", "X-Tenant-Id": "nope"])
        XCTAssertEqual(badHeader.status, 400)
        assertMessage(message(badHeader), startsWith: "invalid request: header X-Tenant-Id: ", mentions: ["UUID", "nope"])

        let badInt = try await client.get("/transactions?page=abc", headers: wlpHeaders)
        XCTAssertEqual(badInt.status, 400)
        assertMessage(message(badInt), startsWith: "invalid request: query parameter page: ", mentions: ["integer", "abc"])

        let belowMinimum = try await client.get("/transactions?page=0", headers: wlpHeaders)
        XCTAssertEqual(belowMinimum.status, 400)
        XCTAssertTrue(message(belowMinimum).hasPrefix("invalid request: query parameter page: "), message(belowMinimum))

        let badSort = try await client.get("/transactions?sort=createdAt,desc&sort=bad%20sort", headers: wlpHeaders)
        XCTAssertEqual(badSort.status, 400)
        XCTAssertTrue(message(badSort).hasPrefix("invalid request: query parameter sort/1: "), message(badSort))

        let badPath = try await client.send("POST", "/payment-means/not-a-uuid/deactivation", headers: wlpHeaders)
        XCTAssertEqual(badPath.status, 400)
        assertMessage(message(badPath), startsWith: "invalid request: path parameter paymentMeansId: ", mentions: ["UUID", "not-a-uuid"])

        let good = try await client.get("/transactions?page=1&size=5&sort=createdAt,desc&sort=amount", headers: wlpHeaders)
        XCTAssertEqual(good.status, 200)
        XCTAssertEqual(sandbox.server.requestCount("fetchTransactions"), 4, "rejected requests are counted too")
        await sandbox.stop()
    }

    func testKitchenSinkQueryAndPathProblems() async throws {
        // Strict enums, so that an unknown enum value is a problem too (by default it passes).
        let sandbox = try await Running.start(TestSchemas.kitchenSink, options: SandboxOptions(strictEnums: true))
        let client = sandbox.client

        let badEnum = try await client.get("/items?status=bogus", headers: bearer)
        XCTAssertEqual(badEnum.status, 400)
        // The non-deprecated 400 case has the integer code 1001; the code path is error.code.
        XCTAssertEqual(value(badEnum.json, at: "error.code") as? Int, 1001)
        assertMessage(message(badEnum, at: "error.message"), startsWith: "invalid request: query parameter status/0: ", mentions: ["bogus", "Status"])

        let aboveMaximum = try await client.get("/items?size=101", headers: bearer)
        XCTAssertEqual(aboveMaximum.status, 400)
        XCTAssertTrue(message(aboveMaximum, at: "error.message").hasPrefix("invalid request: query parameter size: "))

        let missingQuery = try await client.get("/legacy/search?api_key=k")
        XCTAssertEqual(missingQuery.status, 400)
        assertMessage(message(missingQuery, at: "error.message"), startsWith: "invalid request: query parameter q: ", mentions: ["missing"])

        let badPath = try await client.get("/stores/abc/items/A1", headers: bearer)
        XCTAssertEqual(badPath.status, 400)
        assertMessage(message(badPath, at: "error.message"), startsWith: "invalid request: path parameter storeId: ", mentions: ["int64", "abc"])

        let good = try await client.get("/items?status=KYC%20In%20Progress&status=not_exists&since=2024-02-29", headers: bearer)
        XCTAssertEqual(good.status, 200)
        await sandbox.stop()
    }

    func testKitchenSinkBodyProblems() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        let client = sandbox.client

        let invalidJSON = try await client.post("/items", json: #"{"sku": "#, headers: bearer)
        XCTAssertEqual(invalidJSON.status, 400)
        assertMessage(message(invalidJSON, at: "error.message"), startsWith: "invalid request: body: ", mentions: ["JSON", "line 1, column 9"])

        let missingField = try await client.post("/items", json: #"{"sku":"A1","discontinuedAt":null}"#, headers: bearer)
        XCTAssertEqual(missingField.status, 400)
        assertMessage(message(missingField, at: "error.message"), startsWith: "invalid request: body /name: ", mentions: ["name", "missing"])

        let several = try await client.post("/items", json: #"{"sku":"a1","name":"x","discontinuedAt":null,"quantity":0}"#, headers: bearer)
        XCTAssertEqual(several.status, 400)
        let text = message(several, at: "error.message")
        XCTAssertTrue(text.contains("body /sku: "), text)
        XCTAssertTrue(text.contains("body /quantity: "), text)

        let noBody = try await client.send("POST", "/items", headers: bearer)
        XCTAssertEqual(noBody.status, 400)
        XCTAssertEqual(message(noBody, at: "error.message"), "invalid request: body: a JSON body of type Item is required")

        let badPattern = try await client.post("/sessions", json: #"{"phone":"0170","code":"1234"}"#)
        XCTAssertEqual(badPattern.status, 400)
        XCTAssertTrue(message(badPattern, at: "error.message").hasPrefix("invalid request: body /phone: "))
        XCTAssertEqual(sandbox.server.requestCount("createItem"), 4)
        await sandbox.stop()
    }

    func testMissingCredentialsGet401WithTheAPIErrorBody() async throws {
        let wlp = try await Running.start(TestSchemas.whitelabelPay)
        let noToken = try await wlp.client.get("/payment-means", headers: ["X-Tenant-Id": tenantId])
        XCTAssertEqual(noToken.status, 401)
        // unauthorized (by status) wins over the deprecated identityAuthorisationFailure.
        XCTAssertEqual(value(noToken.json, at: "code") as? String, "UNAUTHORIZED")
        XCTAssertEqual(message(noToken), "missing credentials: getPaymentMeans needs an Authorization: Bearer header")
        XCTAssertEqual(noToken.header("WWW-Authenticate"), #"Bearer error="invalid_token""#)
        let notBearer = try await wlp.client.get("/payment-means", headers: ["X-Tenant-Id": tenantId, "Authorization": "Basic abc"])
        XCTAssertEqual(notBearer.status, 401)
        await wlp.stop()

        let kitchen = try await Running.start(TestSchemas.kitchenSink)
        let noKey = try await kitchen.client.get("/stores/1/items/A1")
        XCTAssertEqual(noKey.status, 401)
        XCTAssertEqual(
            message(noKey, at: "error.message"),
            "missing credentials: getItem needs an Authorization: Bearer header or the header 'X-Api-Key'")
        let noSession = try await kitchen.client.get("/me")
        XCTAssertEqual(noSession.status, 401)
        XCTAssertEqual(kitchen.client.baseURL, kitchen.server.baseURL)
        let queryKey = try await kitchen.client.get("/legacy/search?q=x")
        XCTAssertEqual(queryKey.status, 401)
        XCTAssertEqual(message(queryKey, at: "error.message"), "missing credentials: legacySearch needs the query item 'api_key'")
        await kitchen.stop()
    }

    func testValidationAndCredentialChecksCanBeTurnedOff() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay, options: SandboxOptions(validateRequests: false, requireCredentials: false))
        let response = try await sandbox.client.get("/transactions?sort=not%20a%20criterion")
        XCTAssertEqual(response.status, 200)
        await sandbox.stop()
    }
}
