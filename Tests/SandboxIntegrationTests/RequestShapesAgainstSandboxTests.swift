import ClientRuntime
import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// The sandbox accepts and validates form, multipart and raw bodies and object-valued query parameters,
/// requires Basic credentials, serves binary responses and call-time URLs (kitchensink.yaml, "v2
/// requests"), and the generated client talks to it over HTTP on 127.0.0.1.
final class RequestShapesAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func client(_ credentials: [String: String] = ["bearer": "t0ken"]) -> KitchenSinkClient {
        KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(credentials))
    }

    /// Sends a hand-made request, for bodies the generated client would never produce.
    private func send(
        _ method: String, _ path: String, contentType: String? = nil, body: Data = Data(),
        authorization: String = "Bearer t0ken"
    ) async throws -> (status: Int, text: String) {
        var headers: HTTPHeaders = ["Authorization": authorization]
        if let contentType { headers["Content-Type"] = contentType }
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: method)!, url: URL(string: sandbox.baseURL.absoluteString + path)!,
            headers: headers, body: body)
        let response = try await URLSessionTransport().send(request)
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    func testFormTokenRequestWithBasicCredentials() async throws {
        let secret = try BasicCredentials.secret(id: "client", secret: "s3cret")
        let grant = try await client(["clientCredentials": secret]).issueToken(body: TokenRequest(grantType: "client_credentials", scope: ["a b"]))
        XCTAssertFalse(grant.accessToken.isEmpty)
        let recorded = try XCTUnwrap(sandbox.receivedRequests("issueToken").first)
        XCTAssertEqual(String(decoding: recorded.body, as: UTF8.self), "grant_type=client_credentials&scope=a+b")

        do {
            _ = try await client(["bearer": "not basic"]).issueToken(body: TokenRequest(grantType: "client_credentials"))
            XCTFail("accepted without Basic credentials")
        } catch let error as KitchenSinkError {
            XCTAssertEqual(error.status, 401)
        }
    }

    func testSandboxRejectsBadFormBodies() async throws {
        let basic = "Basic " + Data("id:secret".utf8).base64EncodedString()
        let missing = try await send(
            "POST", "/oauth2/token", contentType: "application/x-www-form-urlencoded",
            body: Data("scope=a".utf8), authorization: basic)
        XCTAssertEqual(missing.status, 400)
        XCTAssertTrue(missing.text.contains("grant_type"), missing.text)
        let unknown = try await send(
            "POST", "/oauth2/token", contentType: "application/x-www-form-urlencoded",
            body: Data("grant_type=x&colour=red".utf8), authorization: basic)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertTrue(unknown.text.contains("colour"), unknown.text)
        let json = try await send(
            "POST", "/oauth2/token", contentType: "application/json",
            body: Data(#"{"grant_type":"x"}"#.utf8), authorization: basic)
        XCTAssertEqual(json.status, 400)
        XCTAssertTrue(json.text.contains("application/x-www-form-urlencoded"), json.text)
    }

    func testMultipartUploadIsAcceptedAndAWrongFilePartRejected() async throws {
        let ticket = try await client().uploadDocument(body: DocumentUpload(side: .l, image: Data([0xFF, 0xD8, 0x0D, 0x0A])))
        XCTAssertFalse(ticket.filename.isEmpty)

        let body =
            "--B\r\nContent-Disposition: form-data; name=\"image\"; filename=\"image\"\r\nContent-Type: text/plain\r\n\r\nhi\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"side\"\r\n\r\nXXL\r\n--B--\r\n"
        let wrong = try await send("POST", "/documents", contentType: "multipart/form-data; boundary=B", body: Data(body.utf8))
        XCTAssertEqual(wrong.status, 400)
        XCTAssertTrue(wrong.text.contains("image/jpeg"), wrong.text)
        let noFile = try await send(
            "POST", "/documents", contentType: "multipart/form-data; boundary=B",
            body: Data("--B\r\nContent-Disposition: form-data; name=\"side\"\r\n\r\nM\r\n--B--\r\n".utf8))
        XCTAssertEqual(noFile.status, 400)
        XCTAssertTrue(noFile.text.contains("image: the file part is required"), noFile.text)
    }

    func testRawUploadToTheSandboxsCallTimeURL() async throws {
        let url = sandbox.baseURL.appendingPathComponent("_sandbox/url/uploadToURL")
        try await client().uploadToURL(uploadUrl: url, body: Data([1, 2, 3]))
        let recorded = try XCTUnwrap(sandbox.receivedRequests("uploadToURL").first)
        XCTAssertEqual(recorded.body, Data([1, 2, 3]))
        XCTAssertNil(recorded.headers.first { $0.key.lowercased() == "authorization" }, "auth: none sends nothing")

        let wrong = try await send("PUT", "/_sandbox/url/uploadToURL", contentType: "image/png", body: Data([1]))
        XCTAssertEqual(wrong.status, 400)
        XCTAssertTrue(wrong.text.contains("Content-Type must be image/jpeg"), wrong.text)
    }

    func testBinaryDownloadServesBytesWithTheContentType() async throws {
        let download = try await client().downloadDocument(filename: "front.jpg")
        XCTAssertFalse(download.data.isEmpty)
        XCTAssertEqual(download.contentType, "image/jpeg")
        XCTAssertNil(try? JSONSerialization.jsonObject(with: download.data, options: [.fragmentsAllowed]), "raw bytes, not JSON")
    }

    func testObjectValuedQueryParametersAreParsedAndValidated() async throws {
        _ = try await client().cashbackInfo(params: ["prevMonth": "1", "scenario": "main"])
        _ = try await client().filterItems(filter: ItemFilter(status: .notExists, maxPrice: 10), labels: ["a": "b"])
        let recorded = try XCTUnwrap(sandbox.receivedRequests("filterItems").first)
        XCTAssertEqual(recorded.queryItems.map(\.name), ["filter[maxPrice]", "filter[status]", "labels[a]", "page"])

        let badNumber = try await send("GET", "/items/filtered?filter%5BmaxPrice%5D=cheap")
        XCTAssertEqual(badNumber.status, 400)
        XCTAssertTrue(badNumber.text.contains("filter[maxPrice]"), badNumber.text)
        let unknown = try await send("GET", "/items/filtered?filter%5Bcolour%5D=red")
        XCTAssertEqual(unknown.status, 400)
        XCTAssertTrue(unknown.text.contains("filter[colour]: not a member of ItemFilter"), unknown.text)
    }

    // MARK: Nested forms, nested deepObject queries, multipart JSON parts

    func testNestedFormBodyIsAcceptedAndAWrongNestedMemberRefusedByItsBracketPath() async throws {
        let charge = ChargeRequest(
            amount: 500, card: PaymentCard(number: "4242", expMonth: 7, expYear: 2030), metadata: ["order_id": "6735"],
            expand: ["customer"], items: [ChargeItem(price: "p_1", quantity: 2)])
        let receipt = try await client().createCharge(body: charge)
        XCTAssertFalse(receipt.id.isEmpty)

        // Rails-style `expand[]` reads like the generated client's `expand[0]`.
        let form = "application/x-www-form-urlencoded"
        let railsStyle = try await send(
            "POST", "/charges", contentType: form,
            body: Data("amount=1&card[number]=1&card[exp_month]=1&card[exp_year]=2031&expand[]=a&expand[]=b".utf8))
        XCTAssertEqual(railsStyle.status, 200, railsStyle.text)

        let badMonth = try await send(
            "POST", "/charges", contentType: form,
            body: Data("amount=1&card%5Bnumber%5D=1&card%5Bexp_month%5D=13&card%5Bexp_year%5D=2031&items%5B0%5D%5Bquantity%5D=x".utf8))
        XCTAssertEqual(badMonth.status, 400)
        XCTAssertTrue(badMonth.text.contains("body card[exp_month]"), badMonth.text)
        XCTAssertTrue(badMonth.text.contains("body items[0][quantity]"), badMonth.text)
        XCTAssertTrue(badMonth.text.contains("body items[0][price]"), badMonth.text)

        let unknown = try await send("POST", "/charges", contentType: form, body: Data("amount=1&card[number]=1&card[cvc]=123".utf8))
        XCTAssertEqual(unknown.status, 400)
        XCTAssertTrue(unknown.text.contains("body card[cvc]: not a member of PaymentCard"), unknown.text)
        XCTAssertTrue(unknown.text.contains("card[exp_month]"), unknown.text)
    }

    func testNestedDeepObjectQueryIsParsedAndValidated() async throws {
        _ = try await client().findItems(filter: ItemSearch(tags: ["a", "b"], price: PriceRange(gte: 10)))
        let recorded = try XCTUnwrap(sandbox.receivedRequests("findItems").first)
        XCTAssertEqual(recorded.queryItems.map(\.name), ["filter[price][gte]", "filter[tags][0]", "filter[tags][1]"])

        let bad = try await send("GET", "/items/nested-search?filter%5Bprice%5D%5Bgte%5D=cheap&filter%5Btags%5D%5B%5D=a")
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("filter[price][gte]"), bad.text)
        let deep = try await send("GET", "/items/nested-search?" + "filter" + String(repeating: "%5Bx%5D", count: 40) + "=1")
        XCTAssertEqual(deep.status, 400)
        XCTAssertTrue(deep.text.contains("nests more than 32 brackets deep"), deep.text)
    }

    func testMultipartJSONPartIsAcceptedAndValidatedAgainstItsType() async throws {
        let upload = FileUpload(attributes: FileAttributes(name: "a.txt", parent: FolderReference(id: "0")), file: Data([1, 2]))
        let ticket = try await client().uploadFile(body: upload)
        XCTAssertFalse(ticket.filename.isEmpty)

        func body(attributes: String, contentType: String = "application/json") -> Data {
            Data(
                ("--B\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: \(contentType)\r\n\r\n\(attributes)\r\n"
                    + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\nContent-Type: application/octet-stream\r\n\r\nxy\r\n--B--\r\n")
                    .utf8)
        }
        let multipart = "multipart/form-data; boundary=B"
        let wrong = try await send("POST", "/files/content", contentType: multipart, body: body(attributes: #"{"name":"a","parent":{"id":7}}"#))
        XCTAssertEqual(wrong.status, 400)
        XCTAssertTrue(wrong.text.contains("body attributes/parent/id"), wrong.text)
        let text = try await send("POST", "/files/content", contentType: multipart, body: body(attributes: "a.txt", contentType: "text/plain"))
        XCTAssertEqual(text.status, 400)
        XCTAssertTrue(text.text.contains("application/json"), text.text)
    }
}
