@_spi(Generated) import ClientRuntime
import Foundation
import KitchenSink
import TestHTTPServer
import XCTest

/// Bodies that are not JSON, binary downloads, URLs given at call time, Basic auth, object-valued query
/// parameters and run-time base URLs (issue 8 items 3, 6, 8): the exact bytes and headers on the wire.
final class RequestShapesTests: XCTestCase {
    private func makeClient(_ server: TestHTTPServer, credentials: [String: String]? = nil) -> KitchenSinkClient {
        KitchenSinkClient(environment: .local(host: "127.0.0.1:\(server.port)"), credentials: credentials.map { StaticCredentials($0) })
    }

    private func onlyRequest(_ server: TestHTTPServer, file: StaticString = #filePath, line: UInt = #line) throws -> TestHTTPServer.Request {
        XCTAssertEqual(server.receivedRequests.count, 1, file: file, line: line)
        return try XCTUnwrap(server.receivedRequests.first, file: file, line: line)
    }

    // MARK: Form bodies and Basic auth

    func testFormBodyFollowsTheWHATWGRulesAndBasicAuthIsBase64OfIdColonSecret() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"access_token":"at","expires_in":3600}"#) }
        defer { server.shutdown() }
        let secret = try BasicCredentials.secret(id: "client-1", secret: "s3:cr et")

        let grant = try await makeClient(server, credentials: ["clientCredentials": secret, "bearer": "unused"])
            .issueToken(body: TokenRequest(grantType: "client_credentials", scope: ["read write", "a&b=c+d"], audience: "ü*~/"))

        XCTAssertEqual(grant, TokenGrant(accessToken: "at", expiresIn: 3600))
        let request = try onlyRequest(server)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/oauth2/token")
        XCTAssertEqual(request.headers["content-type"], "application/x-www-form-urlencoded")
        // Members sorted by wire name; space is '+', '*' stays, everything else outside [A-Za-z0-9*-._] is %XX.
        XCTAssertEqual(request.bodyText, "audience=%C3%BC*%7E%2F&grant_type=client_credentials&scope=read+write&scope=a%26b%3Dc%2Bd")
        XCTAssertEqual(request.headers["authorization"], "Basic " + Data("client-1:s3:cr et".utf8).base64EncodedString())
        XCTAssertEqual(request.headers["authorization"], "Basic Y2xpZW50LTE6czM6Y3IgZXQ=")
    }

    func testFormEncodingOmitsNilMembers() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"access_token":"at","expires_in":1}"#) }
        defer { server.shutdown() }
        _ = try await makeClient(server).issueToken(body: TokenRequest(grantType: "client_credentials"))
        XCTAssertEqual(try onlyRequest(server).bodyText, "grant_type=client_credentials")
    }

    func testBasicCredentialsRefuseAnIdWithAColonOrControlCharacters() {
        XCTAssertThrowsError(try BasicCredentials.secret(id: "a:b", secret: "s"))
        XCTAssertThrowsError(try BasicCredentials.secret(id: "a", secret: "s\r\nX-Injected: 1"))
        XCTAssertEqual(try BasicCredentials.secret(id: "a", secret: "b:c"), "a:b:c", "the secret may contain colons")
    }

    func testBasicAuthorizationIsRedactedInRequestDescriptions() async throws {
        let recorder = RequestRecorder()
        let client = KitchenSinkClient(
            environment: .init(baseURL: URL(string: "http://127.0.0.1:9")!), transport: recorder,
            credentials: StaticCredentials(["clientCredentials": "id:supersecret"]))
        _ = try? await client.issueToken(body: TokenRequest(grantType: "client_credentials"))
        let sent = try XCTUnwrap(recorder.requests.first)
        XCTAssertEqual(sent.headers["Authorization"], "Basic aWQ6c3VwZXJzZWNyZXQ=")
        XCTAssertFalse(sent.description.contains("aWQ6c3VwZXJzZWNyZXQ="), sent.description)
        XCTAssertFalse(String(reflecting: sent).contains("aWQ6c3VwZXJzZWNyZXQ="))
    }

    // MARK: Multipart

    func testMultipartBodyHasOneTextPartPerMemberAndTheBinaryMemberAsAFilePart() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"filename":"f-1","uploadUrl":"https://storage.example/f-1?sig=x"}"#) }
        defer { server.shutdown() }
        let image = Data([0xFF, 0xD8, 0x00, 0x0D, 0x0A, 0x2D, 0x2D])

        let ticket = try await makeClient(server, credentials: ["bearer": "t"])
            .uploadDocument(body: DocumentUpload(side: .m, image: image, note: "front \"side\""))

        XCTAssertEqual(ticket.filename, "f-1")
        let request = try onlyRequest(server)
        let contentType = try XCTUnwrap(request.headers["content-type"])
        XCTAssertTrue(contentType.hasPrefix("multipart/form-data; boundary=Boundary-"), contentType)
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"image\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        expected.append(image)
        expected.append(Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nfront \"side\"\r\n".utf8))
        expected.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"side\"\r\n\r\nM\r\n--\(boundary)--\r\n".utf8))
        XCTAssertEqual(request.body, expected)
    }

    func testMultipartEscapesQuotesAndLineBreaksInNames() {
        let body = MultipartFormData.encode([.init(name: "a\"b\r\nc", data: Data("v".utf8))], boundary: "B")
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "--B\r\nContent-Disposition: form-data; name=\"a%22b%0D%0Ac\"\r\n\r\nv\r\n--B--\r\n")
    }

    // MARK: Raw bodies to URLs given at call time

    func testRawUploadGoesToTheGivenURLOnAnotherOriginWithoutCredentials() async throws {
        let api = try TestHTTPServer { _ in .json(200, "{}") }
        defer { api.shutdown() }
        let storage = try TestHTTPServer { _ in TestHTTPServer.Response(status: 200) }
        defer { storage.shutdown() }
        let bytes = Data([0x00, 0xFF, 0x7B, 0x0D, 0x0A])
        let presigned = URL(string: "http://127.0.0.1:\(storage.port)/bucket/f-1?X-Signature=a%2Fb%3D&expires=60")!

        try await makeClient(api, credentials: ["bearer": "t0ken", "apiKey": "k3y", "queryKey": "q"])
            .uploadToURL(uploadUrl: presigned, body: bytes)

        XCTAssertTrue(api.receivedRequests.isEmpty)
        let request = try onlyRequest(storage)
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.target, "/bucket/f-1?X-Signature=a%2Fb%3D&expires=60", "the pre-signed query is kept byte for byte")
        XCTAssertEqual(request.body, bytes)
        XCTAssertEqual(request.headers["content-type"], "image/jpeg")
        XCTAssertNil(request.headers["authorization"])
        XCTAssertNil(request.headers["x-api-key"])
    }

    /// The runtime rule holds for any operation, whatever the schema says: credentials are attached only
    /// when the request's origin is the base URL's.
    func testClientCoreAttachesCredentialsOnlyToTheBaseURLsOrigin() async throws {
        let api = try TestHTTPServer { _ in TestHTTPServer.Response(status: 204) }
        defer { api.shutdown() }
        let other = try TestHTTPServer { _ in TestHTTPServer.Response(status: 204) }
        defer { other.shutdown() }
        let bearer = AuthScheme(name: "bearer", kind: .bearer)
        let operation = OperationInfo(name: "upload", method: .put, pathTemplate: "{url}", successStatus: 204, auth: [bearer])
        let core = ClientCore(
            configuration: ClientConfiguration(
                baseURL: api.baseURL.appendingPathComponent("v1"),
                credentials: StaticCredentials(["bearer": "t0ken"])))
        for target in [other.baseURL, api.baseURL] {
            var builder = RequestBuilder(operation: operation, baseURL: core.configuration.baseURL)
            builder.setAbsoluteURL(target.appendingPathComponent("file"))
            _ = try await core.perform(builder, output: NoContent.self, failure: KitchenSinkError.self)
        }
        XCTAssertNil(try onlyRequest(other).headers["authorization"], "another port is another origin")
        XCTAssertEqual(try onlyRequest(api).headers["authorization"], "Bearer t0ken", "the same origin gets them")
    }

    func testAnUnusableCallTimeURLIsAnInvalidRequestAndNothingIsSent() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }
        for text in ["ftp://127.0.0.1:\(server.port)/f", "http://user:pw@127.0.0.1:\(server.port)/f", "/relative/path", "mailto:a@b.c"] {
            do {
                try await makeClient(server).uploadToURL(uploadUrl: URL(string: text)!, body: Data([1]))
                XCTFail("\(text) was accepted")
            } catch KitchenSinkError.invalidRequest(let error) {
                XCTAssertEqual(error as? RequestBuildError, .invalidAbsoluteURL, text)
            }
        }
        XCTAssertTrue(server.receivedRequests.isEmpty)
    }

    // MARK: Binary downloads

    func testBinaryDownloadReturnsTheBytesAndContentTypeAndAsksForThem() async throws {
        let bytes = Data([0xFF, 0xD8, 0xFF, 0x00, 0x7B])
        let server = try TestHTTPServer { _ in TestHTTPServer.Response(status: 200, headers: ["Content-Type": "image/jpeg"], body: bytes) }
        defer { server.shutdown() }

        let download = try await makeClient(server, credentials: ["bearer": "t"]).downloadDocument(filename: "f 1.jpg")

        XCTAssertEqual(download.data, bytes)
        XCTAssertEqual(download.contentType, "image/jpeg")
        let request = try onlyRequest(server)
        XCTAssertEqual(request.target, "/documents/f%201.jpg")
        XCTAssertEqual(request.headers["accept"], "image/jpeg")
    }

    func testBinaryDownloadErrorsStillMapToTheCatalogue() async throws {
        let server = try TestHTTPServer { _ in .json(409, #"{"error":{"code":"OUT_OF_STOCK"}}"#) }
        defer { server.shutdown() }
        do {
            _ = try await makeClient(server).downloadDocument(filename: "x")
            XCTFail("a 409 was returned as bytes")
        } catch KitchenSinkError.outOfStock(let response) {
            XCTAssertEqual(response.status, 409)
        }
    }

    // MARK: Object-valued query parameters

    func testFreeFormMapIsOneItemPerKeySortedAndStrictlyEncoded() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"cashback":"5%"}"#) }
        defer { server.shutdown() }

        let info = try await makeClient(server, credentials: ["bearer": "t"])
            .cashbackInfo(params: ["scenario": "x y&z=1", "prevMonth": "1", "ü": "+", "collapsed": "true"])

        XCTAssertEqual(info, ["cashback": "5%"])
        XCTAssertEqual(try onlyRequest(server).target, "/cashback?collapsed=true&prevMonth=1&scenario=x%20y%26z%3D1&%C3%BC=%2B")
    }

    func testEmptyMapAddsNoItems() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }
        _ = try await makeClient(server).cashbackInfo(params: [:])
        XCTAssertEqual(try onlyRequest(server).target, "/cashback")
    }

    func testDeepObjectsAreNameBracketKeyWithEncodedBrackets() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }

        _ = try await makeClient(server).filterItems(
            filter: ItemFilter(status: .kycInProgress, maxPrice: 9.5),
            labels: ["k]ey": "v&w", "a": "1"], page: 2)

        let request = try onlyRequest(server)
        XCTAssertEqual(
            request.target, "/items/filtered?filter%5BmaxPrice%5D=9.5&filter%5Bstatus%5D=KYC%20In%20Progress&labels%5Ba%5D=1&labels%5Bk%5Dey%5D=v%26w&page=2")
        XCTAssertEqual(request.queryItems.map(\.name), ["filter[maxPrice]", "filter[status]", "labels[a]", "labels[k]ey]", "page"])
    }

    // MARK: Nested forms, nested deepObject queries and multipart JSON parts

    func testNestedFormBodyIsStripesBracketsWithIndexedListsAndEncodedBrackets() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"id":"ch_1"}"#) }
        defer { server.shutdown() }

        let receipt = try await makeClient(server, credentials: ["bearer": "t"]).createCharge(
            body: ChargeRequest(
                amount: 2000, card: PaymentCard(number: "4242 4242", expMonth: 12, expYear: 2030),
                metadata: ["order_id": "6735", "a&b": "x=y"], expand: ["customer", "invoice"],
                items: [ChargeItem(price: "p_1", quantity: 2), ChargeItem(price: "p_2")]))

        XCTAssertEqual(receipt.id, "ch_1")
        let request = try onlyRequest(server)
        XCTAssertEqual(request.headers["content-type"], "application/x-www-form-urlencoded")
        // Members sorted by wire name at every level, list elements by index, brackets percent-encoded.
        XCTAssertEqual(
            request.bodyText,
            "amount=2000&card%5Bexp_month%5D=12&card%5Bexp_year%5D=2030&card%5Bnumber%5D=4242+4242"
                + "&expand%5B0%5D=customer&expand%5B1%5D=invoice"
                + "&items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&items%5B1%5D%5Bprice%5D=p_2"
                + "&metadata%5Ba%26b%5D=x%3Dy&metadata%5Border_id%5D=6735")
    }

    func testNestedFormLeavesOutNilMembersAndEmptyLists() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"id":"ch_2"}"#) }
        defer { server.shutdown() }
        _ = try await makeClient(server, credentials: ["bearer": "t"]).createCharge(
            body: ChargeRequest(amount: 1, card: PaymentCard(number: "1", expMonth: 1, expYear: 2031), expand: []))
        XCTAssertEqual(try onlyRequest(server).bodyText, "amount=1&card%5Bexp_month%5D=1&card%5Bexp_year%5D=2031&card%5Bnumber%5D=1")
    }

    func testDeepObjectQueryNestsObjectsAndIndexesLists() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }

        _ = try await makeClient(server, credentials: ["bearer": "t"]).findItems(
            filter: ItemSearch(tags: ["a b", "c"], price: PriceRange(gte: 10, lte: 99.5), status: .kycInProgress), page: 3)

        let request = try onlyRequest(server)
        XCTAssertEqual(
            request.target,
            "/items/nested-search?filter%5Bprice%5D%5Bgte%5D=10&filter%5Bprice%5D%5Blte%5D=99.5&filter%5Bstatus%5D=KYC%20In%20Progress"
                + "&filter%5Btags%5D%5B0%5D=a%20b&filter%5Btags%5D%5B1%5D=c&page=3")
        XCTAssertEqual(
            request.queryItems.map(\.name),
            ["filter[price][gte]", "filter[price][lte]", "filter[status]", "filter[tags][0]", "filter[tags][1]", "page"])
    }

    func testMultipartObjectFieldsAreJSONParts() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"filename":"f-2","uploadUrl":"https://storage.example/f-2"}"#) }
        defer { server.shutdown() }
        let file = Data([0x00, 0x0D, 0x0A, 0xFF])

        _ = try await makeClient(server, credentials: ["bearer": "t"]).uploadFile(
            body: FileUpload(
                attributes: FileAttributes(name: "a \"b\".txt", parent: FolderReference(id: "0")), file: file,
                tags: [FolderReference(id: "7")], note: "n"))

        let request = try onlyRequest(server)
        let contentType = try XCTUnwrap(request.headers["content-type"])
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        var expected = Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: application/json\r\n\r\n"
                + #"{"name":"a \"b\".txt","parent":{"id":"0"}}"# + "\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"file\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .utf8)
        expected.append(file)
        expected.append(Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nn\r\n".utf8))
        expected.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"tags\"\r\nContent-Type: application/json\r\n\r\n"
                    + #"[{"id":"7"}]"# + "\r\n--\(boundary)--\r\n").utf8))
        XCTAssertEqual(request.body, expected, String(decoding: request.body, as: UTF8.self))
    }

    // MARK: Base URLs given whole at run time

    func testWholeURLEnvironmentAcceptsAnAbsoluteHTTPURLAndKeepsItsPath() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }
        let environment = try KitchenSinkClient.Environment.custom(serverUrl: " http://127.0.0.1:\(server.port)/bsa/api/ ")
        XCTAssertEqual(environment.baseURL.absoluteString, "http://127.0.0.1:\(server.port)/bsa/api/")
        _ = try await KitchenSinkClient(environment: environment).cashbackInfo(params: ["a": "b"])
        XCTAssertEqual(try onlyRequest(server).target, "/bsa/api/cashback?a=b")
    }

    func testWholeURLEnvironmentRejectsBadInputWithAClearError() {
        let cases: [(String, BaseURLError)] = [
            ("", .notAnAbsoluteURL),
            ("bsa.example.com/api", .notAnAbsoluteURL),
            ("not a url", .notAnAbsoluteURL),
            ("https://", .notAnAbsoluteURL),
            ("ftp://bsa.example.com", .unsupportedScheme("ftp")),
            ("javascript:alert(1)", .unsupportedScheme("javascript")),
            ("https://bsa.example.com/api?x=1", .hasQueryOrFragment),
            ("https://bsa.example.com/api#top", .hasQueryOrFragment),
            ("https://bsa.example.com/api?", .hasQueryOrFragment),
            ("https://admin:pw@bsa.example.com", .hasUserInfo),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try KitchenSinkClient.Environment.custom(serverUrl: text), text) { error in
                XCTAssertEqual(error as? BaseURLError, expected, text)
                XCTAssertFalse("\(error)".contains("pw"), "the description never repeats the URL")
            }
        }
    }
}

/// A transport that records requests and answers 200 `{}`.
private final class RequestRecorder: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HTTPRequest] = []
    var requests: [HTTPRequest] { lock.withLock { stored } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { stored.append(request) }
        return HTTPResponse(status: 200, body: Data("{}".utf8))
    }
}
