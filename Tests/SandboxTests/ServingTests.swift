import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

@available(macOS 14, iOS 17, tvOS 17, *)
final class ServingTests: XCTestCase {
    func testServesWhitelabelPayOnAnEphemeralLoopbackPortUnderTheBasePath() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        let port = sandbox.server.port
        XCTAssertGreaterThan(port, 0)
        XCTAssertEqual(sandbox.server.baseURL.absoluteString, "http://127.0.0.1:\(port)/wlp/v1")
        XCTAssertEqual(sandbox.server.basePath, "/wlp/v1")

        let response = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        let example = TestSchemas.whitelabelPay.operation(named: "getPaymentMeans")!.examples[0].response!.jsonText
        XCTAssertEqual(parsedJSON(response.body), parsedJSON(example))
        XCTAssertEqual((response.json as? [Any])?.count, 2)
        await sandbox.stop()
    }

    func testEveryWhitelabelPayOperationHasARoute() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        let id = "6bac7eea-c120-428d-beb6-910c6f290434"
        let deactivated = try await sandbox.client.send("POST", "/payment-means/\(id)/deactivation", headers: wlpHeaders)
        XCTAssertEqual(deactivated.status, 200)
        XCTAssertEqual(value(deactivated.json, at: "success") as? Bool, true)
        XCTAssertEqual(value(deactivated.json, at: "paymentMean.active") as? Bool, false)
        let reactivated = try await sandbox.client.send("POST", "/payment-means/\(id)/reactivation", headers: wlpHeaders)
        XCTAssertEqual(reactivated.status, 200)
        XCTAssertEqual(value(reactivated.json, at: "paymentMean.active") as? Bool, true)
        let transactions = try await sandbox.client.get("/transactions", headers: wlpHeaders)
        XCTAssertEqual(transactions.status, 200)
        // 7 items (the example's 2, repeated) fit on one page of the default size 20.
        XCTAssertEqual((value(transactions.json, at: "content") as? [Any])?.count, 7)
        XCTAssertEqual(value(transactions.json, at: "totalElements") as? Int, 7)
        XCTAssertEqual(
            sandbox.server.requestCounts(),
            [
                "deactivatePaymentMeans": 1, "reactivatePaymentMeans": 1, "fetchTransactions": 1,
            ])
        await sandbox.stop()
    }

    func testEveryKitchenSinkOperationHasARoute() async throws {
        let schema = TestSchemas.kitchenSink
        let sandbox = try await Running.start(schema)
        let client = sandbox.client
        let item = #"{"sku":"A1","name":"Apple","discontinuedAt":null}"#
        let everything = schema.type(named: "Everything")!.examples[0].value.jsonText
        let calls: [(operation: String, method: String, path: String, headers: [String: String], body: String?, status: Int)] = [
            ("listItems", "GET", "/items", bearer, nil, 200),
            ("searchItems", "POST", "/items/search", bearer, "{}", 200),
            ("itemHistory", "GET", "/items/A1/history", bearer, nil, 200),
            ("getItem", "GET", "/stores/42/items/A1", ["X-Api-Key": "key"], nil, 200),
            // Issue 27: a shared route, told apart by the required `fields`
            ("getItemFields", "GET", "/stores/42/items/A1?fields=name&fields=price", bearer, nil, 200),
            ("createItem", "POST", "/items", bearer, item, 201),
            ("replaceItem", "PUT", "/items/A1", bearer, item, 200),
            ("renameItem", "PATCH", "/items/A1", bearer, item, 200),
            ("deleteItem", "DELETE", "/items/A1", [:], nil, 204),
            ("legacySearch", "GET", "/legacy/search?q=apple&api_key=key", [:], nil, 200),
            ("login", "POST", "/sessions", [:], #"{"phone":"+491701234567","code":"1234"}"#, 200),
            ("whoAmI", "GET", "/me", ["X-Session-Id": "s-1"], nil, 200),
            // Issue 27: a key and a user name together, or a bearer token
            ("actAs", "GET", "/acting-user", ["X-Api-Key": "k", "X-User-Name": "ann"], nil, 200),
            ("refreshToken", "POST", "/tokens/refresh", [:], #"{"accessToken":"a","refreshToken":"r","expiresIn":60}"#, 200),
            ("describeShapes", "GET", "/shapes", bearer, nil, 200),
            ("everything", "POST", "/everything", bearer, everything, 200),
            ("ping", "HEAD", "/ping", [:], nil, 200),
            ("options", "OPTIONS", "/items", [:], nil, 204),
            ("setShareMode", "PUT", "/share-mode?mode=none", [:], nil, 204),
            ("getNamesakes", "GET", "/namesakes", [:], nil, 200),
            (
                "issueToken", "POST", "/oauth2/token", ["Authorization": "Basic aWQ6c2VjcmV0", "Content-Type": "application/x-www-form-urlencoded"],
                "grant_type=client_credentials", 200
            ),
            (
                "uploadDocument", "POST", "/documents", bearer.merging(["Content-Type": "multipart/form-data; boundary=B"]) { $1 },
                "--B\r\nContent-Disposition: form-data; name=\"image\"; filename=\"image\"\r\nContent-Type: image/jpeg\r\n\r\njpeg\r\n"
                    + "--B\r\nContent-Disposition: form-data; name=\"side\"\r\n\r\nM\r\n--B--\r\n", 200
            ),
            ("uploadToURL", "PUT", "/_sandbox/url/uploadToURL", ["Content-Type": "image/jpeg"], "jpeg", 204),
            ("downloadDocument", "GET", "/documents/front.jpg", bearer, nil, 200),
            ("cashbackInfo", "GET", "/cashback?prevMonth=1", bearer, nil, 200),
            ("filterItems", "GET", "/items/filtered?filter%5Bstatus%5D=not_exists", bearer, nil, 200),
            // v3 requests: a nested form, a nested deepObject query, a multipart body with a JSON part
            (
                "createCharge", "POST", "/charges", bearer.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
                "amount=1&card%5Bnumber%5D=4242&card%5Bexp_month%5D=1&card%5Bexp_year%5D=2030&items%5B0%5D%5Bprice%5D=p", 200
            ),
            ("findItems", "GET", "/items/nested-search?filter%5Bprice%5D%5Bgte%5D=1&filter%5Btags%5D%5B0%5D=a", bearer, nil, 200),
            (
                "uploadFile", "POST", "/files/content", bearer.merging(["Content-Type": "multipart/form-data; boundary=B"]) { $1 },
                "--B\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: application/json\r\n\r\n"
                    + #"{"name":"a","parent":{"id":"0"}}"# + "\r\n"
                    + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    + "bytes\r\n--B--\r\n", 200
            ),
            // v2 sessions: wired schemes accept only credentials the sandbox issued.
            ("confirmSmsCode", "POST", "/sms-sessions", [:], #"{"phone":"+79990001122","code":"123456"}"#, 200),
            ("smsAccount", "GET", "/sms-account", ["X-Sms-Session": "made-up"], nil, 401),
            ("endSmsSession", "DELETE", "/sms-sessions/current", ["X-Sms-Session": "made-up"], nil, 401),
            ("signIn", "POST", "/oauth/sign-in", [:], #"{"username":"ann","password":"pw"}"#, 200),
            ("renewTokens", "POST", "/oauth/token", [:], #"{"refreshToken":"made-up"}"#, 401),
            ("profile", "GET", "/oauth/profile", bearer, nil, 401),
            ("signOut", "POST", "/oauth/sign-out", bearer, nil, 401),
            ("libraryVersion", "GET", "/library-version", [:], nil, 200),
            ("transactionHistory", "GET", "/transactions", [:], nil, 200),
            ("checkDevice", "GET", "/devices/kiosk-1/registration", [:], nil, 200),
            ("verifyOtp", "POST", "/otp/verification", [:], #"{"code":"123456"}"#, 204),
            ("fetchRelease", "GET", "/releases/1.0.0", [:], nil, 200),
            ("fetchReleaseNotes", "GET", "/releases/1.0.0/notes", [:], nil, 200),
            // v2 types: unions and formatted dates
            ("getProcessingForm", "GET", "/processing/form", bearer, nil, 200),
            ("listNotices", "GET", "/notices", bearer, nil, 200),
            ("listFormFields", "GET", "/processing/fields", bearer, nil, 200),
            ("sendPushEvent", "POST", "/push-events", bearer, schema.type(named: "PushEvent")!.examples[0].value.jsonText, 200),
            // Finaptic extension: `exclude:`
            ("listReport", "GET", "/reports?sortOrder=ascending", bearer, nil, 200),
            ("runReport", "POST", "/reports", bearer, #"{"order":"descending","priority":10}"#, 200),
            // KD Pay extension: the cache arguments are never sent, so the routes are plain GETs
            ("getStoredAccount", "GET", "/stored/account?short=true", bearer, nil, 200),
            ("getVersionInfo", "GET", "/version-info", bearer, nil, 200),
            // Issue 27: a recursive type, served from its example and validated at every level
            ("getCategory", "GET", "/categories/Apples", bearer, nil, 200),
            ("saveCategory", "PUT", "/categories/Apples", bearer, schema.type(named: "Category")!.examples[0].value.jsonText, 200),
            // v3: untagged unions of any type
            ("complete", "POST", "/completions", bearer, #"{"prompt":"Hi","stop":["END"],"settings":{"n":2}}"#, 200),
            // Issue 27: included fields and members beyond the fields
            ("getNote", "GET", "/notes/N1", bearer, nil, 200),
            ("saveNote", "PUT", "/notes/N1", bearer, schema.type(named: "Note")!.examples[0].value.jsonText, 200),
            // Issue 27: a path's literal query routes among operations of one path
            ("getNoteVersioned", "GET", "/notes/N1?api-version=2020-09-01&lang=de", bearer, nil, 200),
            ("getNoteDraft", "GET", "/notes/N1?api-version=2020-09-01&view=draft%20copy", bearer, nil, 200),
            ("echoNullables", "PUT", "/nullables", bearer, schema.type(named: "Nullables")!.examples[0].value.jsonText, 200),
            // Issue 28: streamed answers
            ("watchOrders", "GET", "/orders/events?region=eu", bearer, nil, 200),
            ("exportItems", "GET", "/items/export", bearer, nil, 200),
            // Issue 28 line 6: streamed request bodies, a whole body here (a JSON Lines line, a JSON Sequence record)
            ("chat", "POST", "/chat", bearer, "{\"text\":\"Hi\"}\n", 200),
            ("importItems", "POST", "/items/import", bearer, "\u{1E}\(item)\n", 200),
        ]
        XCTAssertEqual(Set(calls.map(\.operation)), Set(schema.operations.map(\.name)), "every operation is called once")
        for call in calls {
            let response = try await client.send(call.method, call.path, headers: call.headers, body: call.body.map { Data($0.utf8) })
            XCTAssertEqual(response.status, call.status, "\(call.operation): \(response.text)")
        }
        XCTAssertEqual(sandbox.server.requestCounts(), Dictionary(uniqueKeysWithValues: calls.map { ($0.operation, 1) }))
        await sandbox.stop()
    }

    /// Issue 28: a streamed operation's events, synthesized from its events type: SSE events numbered by
    /// `id:` under their variants' event names, resumed after `Last-Event-ID`, 204 when none is left.
    func testStreamedOperationsAnswerSynthesizedEvents() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        let events = try await sandbox.client.get("/orders/events", headers: bearer)
        XCTAssertEqual(events.status, 200)
        let blocks = events.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        XCTAssertEqual(blocks.count, 5)
        XCTAssertTrue(blocks[0].hasPrefix("retry: 50\nid: 1\nevent: order.created\ndata: {"), blocks[0])
        XCTAssertTrue(blocks[1].hasPrefix("id: 2\nevent: order.shipped\ndata: {"), blocks[1])
        let resumed = try await sandbox.client.get("/orders/events", headers: bearer.merging(["Last-Event-ID": "3"]) { $1 })
        XCTAssertTrue(resumed.text.hasPrefix("retry: 50\nid: 4\n"), resumed.text)
        let exhausted = try await sandbox.client.get("/orders/events", headers: bearer.merging(["Last-Event-ID": "5"]) { $1 })
        XCTAssertEqual(exhausted.status, 204)
        let lines = try await sandbox.client.get("/items/export", headers: bearer)
        XCTAssertEqual(lines.text.split(separator: "\n").count, 5)
        await sandbox.stop()
    }

    func testKitchenSinkBodiesComeFromExamplesOrAreSynthesizedFromTheResponseType() async throws {
        let sandbox = try await Running.start(TestSchemas.kitchenSink)
        XCTAssertEqual(sandbox.server.baseURL.path, "/v2")
        // getItem has no operation example: the Item type's first example is served.
        let item = try await sandbox.client.get("/stores/42/items/A1", headers: bearer)
        XCTAssertEqual(parsedJSON(item.body), parsedJSON(#"{"sku":"A1","name":"Apple","discontinuedAt":null}"#))
        // Shape has no example: one synthesized element, the first union variant with its tag.
        let shapes = try await sandbox.client.get("/shapes", headers: bearer)
        XCTAssertEqual(parsedJSON(shapes.body), parsedJSON(#"[{"kind":"CIRCLE","radius":1}]"#))
        // Session has no example: required fields with sensible values.
        let session = try await sandbox.client.post("/sessions", json: #"{"phone":"+491701234567","code":"1234"}"#)
        XCTAssertEqual(parsedJSON(session.body), parsedJSON(#"{"sessionId":"sample"}"#))
        let me = try await sandbox.client.get("/me", headers: ["X-Session-Id": "s"])
        XCTAssertEqual(me.text, #""sample""#)
        // No response type: an empty body with the success status.
        let deleted = try await sandbox.client.send("DELETE", "/items/A1")
        XCTAssertEqual(deleted.status, 204)
        XCTAssertEqual(deleted.body.count, 0)
        await sandbox.stop()
    }

    func testANamedExampleCanBeChosenPerRequest() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        var headers = wlpHeaders
        headers["X-Sandbox-Example"] = "noneEnrolled"
        let none = try await sandbox.client.get("/payment-means", headers: headers)
        XCTAssertEqual(none.status, 200)
        XCTAssertEqual(none.text, "[]")
        headers["X-Sandbox-Example"] = "missing"
        let unknown = try await sandbox.client.get("/payment-means", headers: headers)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(
            value(unknown.json, at: "message") as? String,
            "X-Sandbox-Example: getPaymentMeans has no example 'missing'; it has noneEnrolled, oneActive")
        await sandbox.stop()
    }

    func testUnknownRouteIs404AndWrongMethodIs405() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        let unknown = try await sandbox.client.get("/nothing-here", headers: wlpHeaders)
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.header("Content-Type"), "application/json")
        XCTAssertEqual(value(unknown.json, at: "code") as? String, "NOT_FOUND")
        XCTAssertEqual(value(unknown.json, at: "message") as? String, "no operation of WhitelabelPay matches GET /wlp/v1/nothing-here")
        XCTAssertEqual(value(unknown.json, at: "status") as? Int, 404)

        // Outside the base path.
        let outside = try await TestClient(baseURL: URL(string: "http://127.0.0.1:\(sandbox.server.port)")!).get("/payment-means", headers: wlpHeaders)
        XCTAssertEqual(outside.status, 404)

        let wrongMethod = try await sandbox.client.send("DELETE", "/payment-means", headers: wlpHeaders)
        XCTAssertEqual(wrongMethod.status, 405)
        XCTAssertEqual(wrongMethod.header("Allow"), "GET")
        XCTAssertEqual(value(wrongMethod.json, at: "code") as? String, "METHOD_NOT_ALLOWED")
        XCTAssertEqual(sandbox.server.requestCounts(), [:], "unrouted requests count for no operation")

        let kitchen = try await Running.start(TestSchemas.kitchenSink)
        let search = try await kitchen.client.get("/items/search", headers: bearer)
        XCTAssertEqual(search.status, 405)
        XCTAssertEqual(search.header("Allow"), "POST, PUT, PATCH, DELETE")
        XCTAssertEqual(value(search.json, at: "error.code") as? String, "METHOD_NOT_ALLOWED")
        await kitchen.stop()
        await sandbox.stop()
    }

    func testTwoSandboxesRunSideBySideAndAStoppedOneIsGone() async throws {
        let first = try await Running.start(TestSchemas.whitelabelPay)
        let second = try await Running.start(TestSchemas.kitchenSink)
        XCTAssertNotEqual(first.server.port, second.server.port)
        let port = first.server.port
        await first.stop()
        do {
            _ = try await TestClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!).get("/wlp/v1/payment-means")
            XCTFail("a stopped sandbox answered")
        } catch {
            XCTAssertTrue(error is URLError, "\(error)")
        }
        let pong = try await second.client.send("HEAD", "/ping")
        XCTAssertEqual(pong.status, 200)
        await second.stop()
    }

    func testAGivenPortIsUsed() async throws {
        let probe = SandboxServer(schema: TestSchemas.kitchenSink)
        try await probe.start()
        let port = probe.port
        await probe.stop()
        let server = SandboxServer(schema: TestSchemas.kitchenSink)
        try await server.start(port: port)
        XCTAssertEqual(server.port, port)
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(port)/v2")
        await server.stop()
    }

    func testAPortInUseIsAnErrorAndAStartedServerCannotStartTwice() async throws {
        let first = SandboxServer(schema: TestSchemas.kitchenSink)
        try await first.start()
        do {
            try await first.start()
            XCTFail("started twice")
        } catch SandboxError.alreadyStarted {
        }
        let second = SandboxServer(schema: TestSchemas.kitchenSink)
        do {
            try await second.start(port: first.port)
            XCTFail("listened on a port in use")
            await second.stop()
        } catch SandboxError.notListening(let reason) {
            XCTAssertFalse(reason.isEmpty)
        }
        XCTAssertEqual(second.port, 0)
        await first.stop()
    }

    func testRefusesNonLoopbackHostsUnlessAllowed() async throws {
        let server = SandboxServer(schema: TestSchemas.whitelabelPay)
        do {
            try await server.start(host: "0.0.0.0")
            XCTFail("listened on 0.0.0.0")
            await server.stop()
        } catch let error as SandboxError {
            guard case .nonLoopbackHost("0.0.0.0") = error else { return XCTFail("\(error)") }
        }
        XCTAssertTrue(SandboxServer.isLoopback("127.0.0.1"))
        XCTAssertTrue(SandboxServer.isLoopback("127.1.2.3"))
        XCTAssertTrue(SandboxServer.isLoopback("::1"))
        XCTAssertTrue(SandboxServer.isLoopback("localhost"))
        XCTAssertFalse(SandboxServer.isLoopback("192.168.1.1"))
        XCTAssertFalse(SandboxServer.isLoopback("127.0.0.1.example.com"))
    }

    func testControlEndpointsReportCountsAndReset() async throws {
        let sandbox = try await Running.start(TestSchemas.whitelabelPay)
        _ = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        _ = try await sandbox.client.get("/payment-means", headers: wlpHeaders)
        let counts = try await sandbox.client.get("/_sandbox/counts")
        XCTAssertEqual(counts.text, #"{"getPaymentMeans":2}"#)
        let reset = try await sandbox.client.send("POST", "/_sandbox/reset")
        XCTAssertEqual(reset.status, 204)
        XCTAssertEqual(sandbox.server.requestCounts(), [:])
        await sandbox.stop()
    }
}
