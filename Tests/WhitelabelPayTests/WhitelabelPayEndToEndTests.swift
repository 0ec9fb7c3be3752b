import Foundation
import SchemaModel
import TestHTTPServer
import WhitelabelPay
import XCTest

/// The generated WhitelabelPay client over real HTTP on 127.0.0.1, against a server that answers
/// with the schema's own example responses.
final class WhitelabelPayEndToEndTests: XCTestCase {
    private let tenant = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!
    private let activeMeans = UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434")!
    private let unknownMeans = UUID(uuidString: "00000000-0000-4000-8000-000000000000")!

    private var server: ExampleServer!
    private var client: WhitelabelPayClient!

    override func setUpWithError() throws {
        let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Schemas/whitelabelpay.yaml").standardized.path
        let schema = try SchemaLoader.loadOrThrow(path: schemaPath)
        let unknownMeans = self.unknownMeans
        server = try ExampleServer(schema: schema, basePath: "/wlp/v1") { request in
            // A payment means the backend does not know, and a status the catalogue does not describe.
            if request.path.lowercased().contains(unknownMeans.uuidString.lowercased()) {
                return .json(403, #"{"code":"DEVICE_NOT_ENROLLED","message":"No subject id for this device.","status":403}"#)
            }
            if request.path.hasSuffix("/reactivation") {
                return .json(418, #"{"message":"I'm a teapot"}"#)
            }
            return nil
        }
        client = WhitelabelPayClient(
            environment: .init(baseURL: server.baseURL),
            credentials: StaticCredentials(["bearer": "test-jwt"])
        )
    }

    override func tearDown() {
        server.shutdown()
    }

    func testListsPaymentMeans() async throws {
        let means = try await client.getPaymentMeans(tenantId: tenant)

        XCTAssertEqual(means.count, 2)
        XCTAssertEqual(means[0].id, activeMeans)
        XCTAssertTrue(means[0].active)
        XCTAssertEqual(means[0].type, .card)
        XCTAssertEqual(means[0].brand, "VISA")
        XCTAssertEqual(means[0].maskedPan, "************1234")
        XCTAssertEqual(means[0].expiresAt, ISO8601DateFormatter().date(from: "2027-12-31T23:59:59Z"))
        XCTAssertFalse(means[1].active)
        XCTAssertEqual(means.filter(\.active).count, 1, "only one payment means can be active")

        let request = try XCTUnwrap(server.server.receivedRequests.last)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/wlp/v1/payment-means")
        XCTAssertEqual(request.headers["authorization"], "Bearer test-jwt")
        XCTAssertEqual(request.headers["x-tenant-id"]?.lowercased(), tenant.uuidString.lowercased())
        XCTAssertEqual(request.headers["accept"], "application/json")
    }

    func testDeactivatesAPaymentMeans() async throws {
        let result = try await client.deactivatePaymentMeans(paymentMeansId: activeMeans, tenantId: tenant)

        XCTAssertTrue(result.success)
        XCTAssertEqual(result.paymentMean?.id, activeMeans)
        XCTAssertEqual(result.paymentMean?.active, false)

        let request = try XCTUnwrap(server.server.receivedRequests.last)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path.lowercased(), "/wlp/v1/payment-means/\(activeMeans.uuidString.lowercased())/deactivation")
    }

    func testFetchesAPageOfTransactions() async throws {
        let page = try await client.fetchTransactions(sort: ["createdAt,desc", "amount"], tenantId: tenant)

        XCTAssertEqual(page.content.count, 2)
        guard page.content.count == 2 else { return }
        XCTAssertEqual(page.number, 1)
        XCTAssertEqual(page.size, 20)
        XCTAssertEqual(page.totalElements, 2)
        XCTAssertTrue(page.first)
        XCTAssertTrue(page.last)
        let first = page.content[0]
        XCTAssertEqual(first.amount, Decimal(string: "23.45"))
        XCTAssertEqual(first.currency, "EUR")
        XCTAssertEqual(first.status, .succeeded)
        XCTAssertEqual(first.merchant?.name, "Example Markt Berlin-Mitte")
        XCTAssertEqual(page.content[1].status, .failed)
        XCTAssertEqual(page.content[1].failureReason, "Payment declined by the issuer.")

        // The documented defaults (page 1, size 20) go out, and sort is repeated, one item per criterion.
        let request = try XCTUnwrap(server.server.receivedRequests.last)
        XCTAssertEqual(request.path, "/wlp/v1/transactions")
        XCTAssertEqual(request.query("page"), "1")
        XCTAssertEqual(request.query("size"), "20")
        XCTAssertEqual(request.queryItems.filter { $0.name == "sort" }.map(\.value), ["createdAt,desc", "amount"])
        XCTAssertTrue(request.target.contains("sort=createdAt%2Cdesc&sort=amount"), request.target)
    }

    func testDocumentedErrorArrivesAsTypedWhitelabelPayError() async throws {
        do {
            _ = try await client.deactivatePaymentMeans(paymentMeansId: unknownMeans, tenantId: tenant)
            XCTFail("expected deviceNotEnrolled")
        } catch WhitelabelPayError.deviceNotEnrolled(let response) {
            XCTAssertEqual(response.status, 403)
            XCTAssertEqual(response.body?.code, "DEVICE_NOT_ENROLLED")
            XCTAssertEqual(response.body?.message, "No subject id for this device.")
        }
    }

    func testUndocumentedStatusStillSurfacesWithStatusAndBody() async throws {
        do {
            _ = try await client.reactivatePaymentMeans(paymentMeansId: activeMeans, tenantId: tenant)
            XCTFail("expected an error")
        } catch let error as WhitelabelPayError {
            guard case .undocumented(let response) = error else { return XCTFail("expected undocumented, got \(error)") }
            XCTAssertEqual(error.status, 418)
            XCTAssertEqual(response.bodyText, #"{"message":"I'm a teapot"}"#)
            XCTAssertFalse(error.isRetryable)
        }
    }

    func testConnectionFailureIsATransportError() async throws {
        server.shutdown()
        do {
            _ = try await client.getPaymentMeans(tenantId: tenant)
            XCTFail("expected a transport error")
        } catch WhitelabelPayError.transport {
            // The server is gone: no HTTP response.
        }
    }
}
