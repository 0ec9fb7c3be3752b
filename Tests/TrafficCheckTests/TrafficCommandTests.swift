import Foundation
import TestSupport
import XCTest

/// `schema-check traffic` on HAR captures written by mitmproxy (Tests/Fixtures/Traffic/record.sh: a
/// reverse proxy with `hardump` in front of the sandbox), on hand edits of them (edit.py), and on
/// captures that are not HAR. The recorded URLs keep the sandbox's port, hence `{port}` in the base URL.
final class TrafficCommandTests: XCTestCase {
    private let executable = builtExecutable(named: "schema-check")
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    private var whitelabelpay: String { root.appendingPathComponent("Schemas/whitelabelpay.yaml").path }
    private func fixture(_ name: String) -> String { root.appendingPathComponent("Tests/Fixtures/Traffic/\(name)").path }
    private let baseURL = "http://127.0.0.1:{port}/wlp/v1"

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    private func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let folder = try temporaryFolder()
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        XCTAssertTrue(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: errURL.path, contents: nil))
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            XCTFail("schema-check \(arguments.joined(separator: " ")) did not finish in 60 s", file: file, line: line)
            _ = finished.wait(timeout: .now() + 5)
        }
        try outHandle.close()
        try errHandle.close()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("traffic-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func writeCapture(_ text: String) throws -> String {
        let url = try temporaryFolder().appendingPathComponent("capture.har")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func traffic(_ capture: String, _ extra: [String] = []) throws -> Run {
        try run(["traffic", capture, "--schema", whitelabelpay, "--base-url", baseURL] + extra)
    }

    /// The issues of the JSON report, per entry: "part pointer severity".
    private func issuesByEntry(_ run: Run) throws -> [Int: [String]] {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], run.output)
        var found: [Int: [String]] = [:]
        for exchange in try XCTUnwrap(document["exchanges"] as? [[String: Any]]) {
            let entry = try XCTUnwrap(exchange["entry"] as? Int)
            found[entry] = try XCTUnwrap(exchange["issues"] as? [[String: Any]]).map { issue in
                "\(issue["part"]!) \(issue["pointer"]!) \(issue["severity"]!)"
            }
        }
        return found
    }

    // MARK: Recorded by mitmproxy

    func testEveryExchangeOfTheRecordedDemoCallsIsValid() throws {
        let result = try traffic(fixture("whitelabelpay-valid.har"))
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.errors.contains("checked 9 exchanges of 9: 9 valid, 0 invalid"), result.errors)
        XCTAssertTrue(result.errors.contains("0 operations never seen"), result.errors)
    }

    /// Each demo's flow with the generated client, through mitmdump as a forward proxy: every exchange
    /// valid, including BSA's envelope failure (a 200 carrying rtCode, read as the error body) and
    /// Finaptic's uploads to the URL the sandbox hands out.
    func testEveryDemoCaptureIsValid() throws {
        let expected = ["whitelabelpay": 10, "finaptic": 32, "kdpay": 23, "jumio": 5, "bsa": 12]
        for (api, count) in expected.sorted(by: { $0.key < $1.key }) {
            let base = api == "whitelabelpay" ? baseURL : "http://127.0.0.1:{port}"
            let result = try run([
                "traffic", fixture("\(api)-demo.har"), "--schema", root.appendingPathComponent("Schemas/\(api).yaml").path,
                "--base-url", base, "--format", "json",
            ])
            XCTAssertEqual(result.status, 0, "\(api): \(result.output) \(result.errors)")
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], api)
            let summary = try XCTUnwrap(document["summary"] as? [String: Int], api)
            XCTAssertEqual(summary["checked"], count, api)
            XCTAssertEqual(summary["valid"], count, api)
            XCTAssertEqual(summary["noOperation"], 0, api)
            let exchanges = try XCTUnwrap(document["exchanges"] as? [[String: Any]])
            XCTAssertTrue(exchanges.allSatisfy { $0["operation"] is String }, api)
        }
    }

    func testRequestBodyProblemsAreReportedWithoutSecretValues() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture("finaptic-demo.har")))
        var har = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var log = try XCTUnwrap(har["log"] as? [String: Any])
        var entries = try XCTUnwrap(log["entries"] as? [[String: Any]])
        var request = try XCTUnwrap(entries[0]["request"] as? [String: Any])
        var postData = try XCTUnwrap(request["postData"] as? [String: Any])
        XCTAssertTrue((postData["text"] as? String)?.contains("Password1234!@#$") == true)
        postData["text"] = #"{"credential":{"email":"sample@finaptic.com","password":987654321}}"#
        request["postData"] = postData
        entries[0]["request"] = request
        entries = [entries[0]]
        log["entries"] = entries
        har["log"] = log
        let capture = try writeCapture(String(decoding: try JSONSerialization.data(withJSONObject: har), as: UTF8.self))
        let result = try run([
            "traffic", capture, "--schema", root.appendingPathComponent("Schemas/finaptic.yaml").path,
            "--base-url", "http://127.0.0.1:{port}", "--format", "json",
        ])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertTrue(issues[1]?.contains("request /credential/password error") == true, result.output)
        XCTAssertFalse(result.output.contains("987654321"), result.output)
        XCTAssertTrue(result.output.contains("<redacted>"), result.output)
    }

    func testValidCaptureAsJSONMapsEveryExchangeToItsOperation() throws {
        let result = try traffic(fixture("whitelabelpay-valid.har"), ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let exchanges = try XCTUnwrap(document["exchanges"] as? [[String: Any]])
        XCTAssertEqual(
            exchanges.compactMap { $0["operation"] as? String },
            [
                "getPaymentMeans", "getPaymentMeans", "deactivatePaymentMeans", "deactivatePaymentMeans", "reactivatePaymentMeans",
                "fetchTransactions", "fetchTransactions", "fetchTransactions", "fetchTransactions",
            ])
        XCTAssertEqual(exchanges.map { $0["result"] as? String }, Array(repeating: "checked", count: 9))
        XCTAssertEqual(document["unseenOperations"] as? [String], [])
        let summary = try XCTUnwrap(document["summary"] as? [String: Int])
        XCTAssertEqual(summary["valid"], 9)
        XCTAssertEqual(summary["operationsSeen"], 4)
    }

    /// Operations sharing a route (Box's `GET /files/{file_id}#get_shared_link`): an exchange is the one
    /// whose request it passes, the one requiring more first.
    func testAnExchangeOnASharedRouteIsTheOperationWhoseRequestItPasses() throws {
        let schema = try temporaryFolder().appendingPathComponent("files.yaml")
        try Data(filesSharingARouteSchemaText.utf8).write(to: schema)
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(url: "https://api.example.com/files/F1?fields=shared_link", headers: [], status: 200, body: #"{"id": "F1"}"#),
                Self.entry(url: "https://api.example.com/files/F1", headers: [], status: 200, body: #"{"id": "F1"}"#),
            ]))
        let result = try run(["traffic", capture, "--schema", schema.path, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], result.output)
        let exchanges = try XCTUnwrap(document["exchanges"] as? [[String: Any]])
        XCTAssertEqual(exchanges.compactMap { $0["operation"] as? String }, ["getFileSharedLink", "getFile"])
        XCTAssertEqual(try issuesByEntry(result).values.flatMap { $0 }, [], "each exchange is valid for the operation it was given")
    }

    /// A path's literal query (`?api-version=…`) is part of the route: an exchange is the operation whose
    /// pairs its URL carries, and one without them matches no operation.
    func testAnExchangeIsTheOperationWhoseLiteralQueryItCarries() throws {
        let schema = try temporaryFolder().appendingPathComponent("keys.yaml")
        try Data(
            """
            api: Keys
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            operations:
              signV1:
                http: POST /sign?api-version=2020-09-01
                query: { keyId: string }
              signV2:
                http: POST /sign?api-version=2021-05-01&view=draft%20copy
            """.utf8
        ).write(to: schema)
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(url: "https://api.example.com/sign?view=draft+copy&api-version=2021-05-01", method: "POST", headers: [], status: 204, body: ""),
                Self.entry(url: "https://api.example.com/sign?api-version=2020-09-01&keyId=k1", method: "POST", headers: [], status: 204, body: ""),
                Self.entry(url: "https://api.example.com/sign?keyId=k1", method: "POST", headers: [], status: 204, body: ""),
            ]))
        let result = try run(["traffic", capture, "--schema", schema.path, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], result.output)
        let exchanges = try XCTUnwrap(document["exchanges"] as? [[String: Any]])
        XCTAssertEqual(exchanges.map { $0["operation"] as? String ?? "-" }, ["signV2", "signV1", "-"])
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], [])
        XCTAssertEqual(issues[2], [])
        XCTAssertEqual(issues[3], ["route  error"], "without the literal pair it is no operation")
    }

    /// Issue 28: a browser records a `text/event-stream` body whole as the response's text; each event's
    /// data is checked as the type its event name selects, and an event name the schema does not declare
    /// is a warning (the client keeps it as `.undocumented`).
    func testAnSSEBodyIsCheckedEventByEvent() throws {
        let schema = try temporaryFolder().appendingPathComponent("events.yaml")
        let text = schemaText(
            types: """
                  Event:
                    union:
                      discriminator: kind
                      variants:
                        created: { type: Item, value: item.created }
                """,
            operations: "  watch:\n    http: GET /watch\n    stream: { format: sse, events: Event }\n")
        try Data(text.utf8).write(to: schema)
        let body =
            "retry: 100\nid: 1\nevent: item.created\ndata: {\"id\": \"a\"}\n\nevent: item.created\ndata: {\"id\": 7}\n\nevent: item.renamed\ndata: {}\n\n"
        let capture = try writeCapture(Self.har(entries: [Self.entry(url: "https://api.example.com/watch", headers: [], status: 200, body: body)]))
        let result = try run(["traffic", capture, "--schema", schema.path, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        XCTAssertEqual(try issuesByEntry(result)[1], ["response /1/id error", "response /2 warning"])
    }

    /// Issue 28 line 6: a streamed request body (`requestStream:`) is recorded whole as `postData.text`;
    /// each JSON Lines event is checked against the events type, and a wrong Content-Type is reported.
    func testAJSONLinesRequestBodyIsCheckedEventByEvent() throws {
        let schema = try temporaryFolder().appendingPathComponent("upload.yaml")
        let text = schemaText(
            types: "",
            operations: "  upload:\n    http: POST /upload\n    requestStream: { format: jsonLines, events: Item }\n")
        try Data(text.utf8).write(to: schema)
        let lines = "{\"id\": \"a\"}\n{\"id\": 7}\n\n{\"id\": \"c\"}\n"
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(url: "https://api.example.com/upload", method: "POST", headers: [], status: 204, body: "", request: ("application/jsonl", lines)),
                Self.entry(url: "https://api.example.com/upload", method: "POST", headers: [], status: 204, body: "", request: ("application/json", lines)),
            ]))
        let result = try run(["traffic", capture, "--schema", schema.path, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], ["request /1/id error"], "the second line's id is not a string; the blank line is skipped")
        XCTAssertEqual(issues[2], ["request  error"], "a JSON body is not a stream of JSON Lines events")
    }

    func testSandboxFaultsAndRejectedRequestsAreEachReported() throws {
        let result = try traffic(fixture("whitelabelpay-faults.har"), ["--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], [], "a 503 with the catalogue's error body is valid")
        XCTAssertEqual(issues[2], ["status  warning"], "a closed connection has no response")
        XCTAssertEqual(issues[3], ["response /code warning"], "418 with a code the catalogue lacks")
        XCTAssertEqual(issues[4], ["header X-Tenant-Id error"])
        XCTAssertEqual(issues[5], ["path paymentMeansId error"])
        XCTAssertEqual(issues[6], ["query page error"])
        XCTAssertEqual(issues[7], ["credentials  error"])
        XCTAssertEqual(issues[8], ["route  error"], "an unknown path")
        XCTAssertEqual(issues[9], ["route  error"], "a method the path does not have")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(document["unseenOperations"] as? [String], ["reactivatePaymentMeans"])
        let summary = try XCTUnwrap(document["summary"] as? [String: Int])
        XCTAssertEqual(summary["noOperation"], 2)
        XCTAssertEqual(summary["invalid"], 6)
    }

    func testEveryHandEditIsReportedAtItsPointer() throws {
        let result = try traffic(fixture("whitelabelpay-edited.har"), ["--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], ["response /0/active error"])
        XCTAssertEqual(
            issues[2], ["response /0/id error", "response /0/active error", "response /0/type error", "response /0/createdAt error"],
            "the base64 body is decoded and validated")
        XCTAssertEqual(issues[3], ["header X-Tenant-Id error"])
        XCTAssertEqual(issues[4], ["status  error"])
        XCTAssertEqual(issues[5], ["path paymentMeansId error"])
        XCTAssertEqual(issues[6], ["query page error"])
        XCTAssertEqual(issues[7], ["response  warning"], "a body the capture did not record is not checked")
        XCTAssertEqual(issues[8], ["response  error"], "HTML is not JSON")
        XCTAssertEqual(issues[9], ["credentials  error"])
        XCTAssertEqual(issues[10], [], "another host is skipped")
        XCTAssertEqual(issues[11], ["route  error"])
        XCTAssertEqual(issues[12], ["response /code warning"])
        XCTAssertEqual(issues[13], ["response /code error"])
        XCTAssertEqual(issues[14], ["capture /log/entries/13/request/method error"])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let exchanges = try XCTUnwrap(document["exchanges"] as? [[String: Any]])
        XCTAssertEqual(exchanges[9]["result"] as? String, "otherHost")
        XCTAssertEqual(exchanges[13]["result"] as? String, "unreadable")
    }

    func testTextLinesNameEntryOperationPartAndRule() throws {
        let result = try traffic(fixture("whitelabelpay-edited.har"))
        XCTAssertEqual(result.status, 1)
        let name = "whitelabelpay-edited.har"
        XCTAssertTrue(
            result.output.contains(
                """
                \(fixture(name))#1 GET /wlp/v1/payment-means (getPaymentMeans) 200 response /0/active: error: expected boolean, found string "yes" (rule: \(whitelabelpay):408:7)
                """), result.output)
        XCTAssertTrue(
            result.output.contains(
                "#4 POST /wlp/v1/payment-means/6bac7eea-c120-428d-beb6-910c6f290434/deactivation (deactivatePaymentMeans) 202 status: error: deactivatePaymentMeans answers 200 in the schema (or an error status), the response has 202"
            ), result.output)
        XCTAssertTrue(result.output.contains("#11 GET /wlp/v1/payment-means/all/extra: error: matches no operation of WhitelabelPay"), result.output)
        XCTAssertTrue(
            result.errors.contains("checked 13 exchanges of 14: 2 valid, 11 invalid (1 matching no operation), 2 warnings, 1 to other hosts skipped"),
            result.errors)
    }

    func testCredentialsAndQueriesAreNeverPrinted() throws {
        for capture in ["whitelabelpay-valid.har", "whitelabelpay-faults.har", "whitelabelpay-edited.har"] {
            for format in ["text", "json"] {
                let result = try traffic(fixture(capture), ["--format", format])
                XCTAssertTrue(try String(contentsOfFile: fixture(capture), encoding: .utf8).contains("recorded-token-do-not-print"))
                XCTAssertFalse((result.output + result.errors).contains("recorded-token-do-not-print"), capture)
                XCTAssertFalse((result.output + result.errors).contains("?page="), capture)
            }
        }
    }

    func testASecretHeaderParameterValueIsRedacted() throws {
        let capture = try writeCapture(
            Self.har(
                url: "http://127.0.0.1:1/wlp/v1/payment-means",
                headers: [("X-Tenant-Id", "super-secret-tenant"), ("Authorization", "Bearer abc")],
                status: 200, body: "[]"))
        // X-Tenant-Id is not secret in the schema: its value is quoted; a schema marking it secret hides it.
        let plain = try traffic(capture)
        XCTAssertTrue(plain.output.contains("found value \"super-secret-tenant\""), plain.output)
        let folder = try temporaryFolder()
        let schema = folder.appendingPathComponent("secret.yaml")
        let text = try String(contentsOfFile: whitelabelpay, encoding: .utf8)
            .replacingOccurrences(of: "        wire: X-Tenant-Id\n", with: "        wire: X-Tenant-Id\n        secret: true\n")
        try Data(text.utf8).write(to: schema)
        // The schema's example files, found beside it.
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("whitelabelpay"),
            withDestinationURL: root.appendingPathComponent("Schemas/whitelabelpay"))
        let hidden = try run(["traffic", capture, "--schema", schema.path, "--base-url", baseURL])
        XCTAssertEqual(hidden.status, 1, hidden.output + hidden.errors)
        XCTAssertTrue(hidden.output.contains("X-Tenant-Id: error:"), hidden.output)
        XCTAssertFalse(hidden.output.contains("super-secret-tenant"), hidden.output)
    }

    // MARK: Status classes and default (issue 27 line 3)

    func testAnswersOfAStatusClassOrDefaultAreCheckedAgainstTheirOutcome() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        let base = "https://api.kitchensink.example/v2"
        // fetchRelease declares Content-Version on every normal answer (`responseHeaders:` beside `responses:`).
        let version = [("Content-Version", "1")]
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(url: "\(base)/releases/1.1.0", headers: [], status: 202, body: "", responseHeaders: version),
                Self.entry(url: "\(base)/releases/nope", headers: [], status: 404, body: #"{"title":"No such release"}"#, responseHeaders: version),
                Self.entry(url: "\(base)/releases/nope", headers: [], status: 418, body: #"{"detail":"no title"}"#, responseHeaders: version),
                Self.entry(url: "\(base)/releases/1.0.0", headers: [], status: 302, body: ""),
                Self.entry(url: "\(base)/releases/1.0.0/notes", headers: [], status: 302, body: #"{"title":"Moved"}"#),
                Self.entry(url: "\(base)/releases/1.0.0/notes", headers: [], status: 503, body: "[]"),
                Self.entry(url: "\(base)/releases/0.9.0", headers: [], status: 410, body: ""),
                Self.entry(url: "\(base)/releases/1.0.0", headers: [], status: 503, body: #"{"error":{"code":"INTERNAL_ERROR","message":"Back soon"}}"#),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], [], "a 202 is the 2XX outcome, without a body")
        XCTAssertEqual(issues[2], [], "a 404 is the 4XX outcome's Problem")
        XCTAssertEqual(issues[3], ["response /title error"], "a 418 is checked against Problem too")
        XCTAssertEqual(issues[4], ["status  error"], "fetchRelease declares no 3xx and no default")
        XCTAssertEqual(issues[5], [], "default takes a 302")
        XCTAssertEqual(issues[6], ["response  error"], "default's body is Problem, whatever the status")
        XCTAssertEqual(issues[7], ["responseHeader  error"], "the 410 is a normal answer: it must carry Content-Version")
        XCTAssertEqual(issues[8], [], "the 5XX error outcome is the catalogue's, without the declared headers")
    }

    func testAnErrorAnswerIsCheckedAgainstItsCasesOwnBody() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        let base = "https://api.kitchensink.example/v2"
        let bearer = [("Authorization", "Bearer t")]
        let validation = #"{"message":"Validation failed","problems":[{"field":"name","code":"missing"}]}"#
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(url: "\(base)/items", method: "POST", headers: bearer, status: 422, body: validation),
                Self.entry(url: "\(base)/items", method: "POST", headers: bearer, status: 422, body: #"{"error":{"code":"X"}}"#),
                Self.entry(url: "\(base)/items/A1", method: "PATCH", headers: bearer, status: 422, body: #"{"title":"Bad name"}"#),
                Self.entry(url: "\(base)/items/A1", method: "PATCH", headers: bearer, status: 422, body: validation),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result).mapValues { $0.filter { $0.hasPrefix("response") } }
        XCTAssertEqual(issues[1], [], "createItem's 422 is invalidItem's ValidationProblem")
        XCTAssertNotEqual(issues[2], [], "the catalogue's ErrorBody is not a ValidationProblem")
        XCTAssertEqual(issues[3], [], "renameItem's 422 is invalidName's Problem")
        XCTAssertNotEqual(issues[4], [], "a ValidationProblem has no title")
    }

    /// Null list elements, map values and named types, and constraints of list elements and union
    /// variants (issue 27 line 3, kitchensink.yaml `Nullables`), in captured requests and answers.
    func testNullsAndElementConstraintsAreCheckedInCapturedTraffic() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        let base = "https://api.kitchensink.example/v2"
        let bearer = [("Authorization", "Bearer t")]
        let valid = #"{"expiry":null,"history":[null],"scores":[100,null],"files":{"b":null},"stop":null}"#
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(url: "\(base)/nullables", method: "PUT", headers: bearer, status: 200, body: valid, request: ("application/json", valid)),
                Self.entry(
                    url: "\(base)/nullables", method: "PUT", headers: bearer, status: 200,
                    body: #"{"expiry":null,"history":[],"scores":[101],"files":{},"stop":"\#(String(repeating: "x", count: 21))"}"#,
                    request: ("application/json", #"{"expiry":null,"history":[],"scores":[],"files":{},"stop":null,"codes":[null]}"#)),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], [], "nulls where the schema allows them")
        XCTAssertEqual(
            Set(issues[2] ?? []), ["request /codes/0 error", "response /scores/0 error", "response /stop error"],
            "a null element of a list that is not nullable, an element above its maximum, a variant beyond its maxLength")
    }

    func testDeclaredResponseHeadersAreChecked() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        func entry(_ headers: [(String, String)]) -> String {
            let list = headers.map { "{\"name\": \"\($0.0)\", \"value\": \"\($0.1)\"}" }.joined(separator: ", ")
            return """
                {"request": {"method": "DELETE", "url": "https://api.kitchensink.example/v2/items/A1", "headers": []},
                 "response": {"status": 204, "headers": [\(list)], "content": {"size": 0, "mimeType": "application/json", "text": ""}}}
                """
        }
        func createEntry(_ headers: [(String, String)]) -> String {
            let list = headers.map { "{\"name\": \"\($0.0)\", \"value\": \"\($0.1)\"}" }.joined(separator: ", ")
            return """
                {"request": {"method": "POST", "url": "https://api.kitchensink.example/v2/items", "headers": [{"name": "Authorization", "value": "Bearer t"}]},
                 "response": {"status": 201, "headers": [\(list)], "content": {"size": 2, "mimeType": "application/json", "text": "{}"}}}
                """
        }
        let capture = try writeCapture(
            Self.har(entries: [
                entry([]),
                entry([("x-request-id", "6bac7eea-c120-428d-beb6-910c6f290434")]),
                entry([("X-Request-Id", "super-secret-token")]),
                createEntry([("Location", "/items/A1"), ("X-RateLimit-Remaining", "7"), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")]),
                createEntry([("X-RateLimit-Remaining", "many")]),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let headerIssues = try issuesByEntry(result).mapValues { $0.filter { $0.hasPrefix("responseHeader") } }
        XCTAssertEqual(headerIssues[1], [], "an optional header may be absent")
        XCTAssertEqual(headerIssues[2], [], "names ignore case")
        XCTAssertEqual(headerIssues[3], ["responseHeader  error"], "not a UUID")
        XCTAssertEqual(headerIssues[4], [])
        XCTAssertEqual(headerIssues[5], ["responseHeader  error", "responseHeader  error"], "Location missing, X-RateLimit-Remaining not an int32")
        XCTAssertFalse(result.output.contains("super-secret-token"), "a header's value is never printed")
        XCTAssertTrue(result.output.contains("the response has no Location header"), result.output)
    }

    /// `actAs` needs the API key and the user name together, or a bearer token (issue 27 line 3): captured
    /// traffic with only one of the pair is reported like a request without credentials.
    func testACombinedRequirementNeedsEveryCredentialOfOneAlternative() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        func entry(_ headers: [(String, String)]) -> String {
            let list = headers.map { "{\"name\": \"\($0.0)\", \"value\": \"\($0.1)\"}" }.joined(separator: ", ")
            return """
                {"request": {"method": "GET", "url": "https://api.kitchensink.example/v2/acting-user", "headers": [\(list)]},
                 "response": {"status": 200, "headers": [], "content": {"size": 5, "mimeType": "application/json", "text": "\\"ann\\""}}}
                """
        }
        let capture = try writeCapture(
            Self.har(entries: [
                entry([("X-Api-Key", "k-1")]),
                entry([("X-Api-Key", "k-1"), ("X-User-Name", "ann")]),
                entry([("Authorization", "Bearer t")]),
                entry([("X-User-Name", "ann")]),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], ["credentials  error"], "a key without its user name")
        XCTAssertEqual(issues[2], [])
        XCTAssertEqual(issues[3], [], "the other alternative")
        XCTAssertEqual(issues[4], ["credentials  error"], "a user name without its key")
        XCTAssertTrue(result.output.contains("and the header"), "the message names the pair: \(result.output)")
    }

    /// An environment whose variable holds the origin (`partner: {server}/api/v2`) routes by its default.
    func testAnOriginVariableRoutesByItsDefault() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        let capture = try writeCapture(
            Self.har(entries: [
                """
                {"request": {"method": "GET", "url": "https://partner.kitchensink.example/api/v2/acting-user",
                  "headers": [{"name": "X-Api-Key", "value": "k"}, {"name": "X-User-Name", "value": "ann"}]},
                 "response": {"status": 200, "headers": [], "content": {"size": 5, "mimeType": "application/json", "text": "\\"ann\\""}}}
                """
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let exchanges = try XCTUnwrap(document["exchanges"] as? [[String: Any]])
        XCTAssertEqual(exchanges.first?["operation"] as? String, "actAs")
    }

    // MARK: Routing

    func testEnvironmentURLsMatchAnyHostAndOtherHostsAreSkipped() throws {
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(url: "https://tenant-7.paymenttools.example/wlp/v1/payment-means", status: 200, body: "[]"),
                Self.entry(url: "https://cdn.example.com/app.js", status: 200, body: "x"),
            ]))
        let result = try run(["traffic", capture, "--schema", whitelabelpay])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertTrue(
            result.errors.contains(
                "checked 1 exchange of 2: 1 valid, 0 invalid (0 matching no operation), 0 warnings, 1 to other hosts skipped, 3 operations never seen"),
            result.errors)
        XCTAssertTrue(
            result.output.contains("3 of 4 operations of WhitelabelPay never seen: deactivatePaymentMeans, reactivatePaymentMeans, fetchTransactions"),
            result.output)
    }

    func testACaptureOfAnotherHostSaysWhichBaseURLsWereTried() throws {
        let result = try run(["traffic", fixture("kdpay-demo.har"), "--schema", root.appendingPathComponent("Schemas/kdpay.yaml").path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.errors.contains("checked 0 exchanges of 23"), result.errors)
        XCTAssertTrue(
            result.errors.contains("schema-check: note: no exchange is under the base URL https://{host}; give the one in the capture with --base-url"),
            result.errors)
    }

    // MARK: Bad input

    func testCapturesThatAreNotHARAreUsageErrors() throws {
        let cases: [(String, String)] = [
            ("", "not a HAR file: invalid JSON at line 1, column 1"),
            ("{\"log\": ", "not a HAR file: invalid JSON"),
            ("[1, 2]", "not a HAR file: the top level has no \"log\" object"),
            ("{\"log\": {\"version\": \"1.2\"}}", "not a HAR file: \"log\" has no \"entries\" array"),
            ("PK\u{0}\u{3}binary", "not a HAR file: a binary file"),
            (String(repeating: "[", count: 100_000), "not a HAR file: invalid JSON"),
        ]
        for (text, message) in cases {
            let result = try traffic(try writeCapture(text))
            XCTAssertEqual(result.status, 2, "\(text.prefix(20)): \(result.errors)")
            XCTAssertTrue(result.errors.contains(message), "\(text.prefix(20)): \(result.errors)")
            XCTAssertEqual(result.output, "")
        }
        let missing = try traffic("/nonexistent/capture.har")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.errors.contains("cannot read /nonexistent/capture.har: No such file or directory"), missing.errors)
    }

    func testOversizedCaptureIsRefusedBeforeParsing() throws {
        let padding = String(repeating: " ", count: 2 << 20)
        let capture = try writeCapture("{\"log\": {\"entries\": []}}" + padding)
        let result = try traffic(capture, ["--max-size", "1"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("more than the limit of 1048576 bytes (--max-size)"), result.errors)
    }

    /// The capture is read one entry at a time, never held as a tree: a capture of a million `{}` entries
    /// (3 MB) took 240 MB that way, 80 bytes per byte, and 200 MB of them more than 10 GB. The peak memory
    /// of this one run is what GNU time reports for it (`getrusage` of all children would also count the
    /// other tests' tools, which read up to 16 MiB on purpose).
    func testAMillionEmptyEntriesAreEachReportedInBoundedMemory() throws {
        let time = URL(fileURLWithPath: "/usr/bin/time")
        guard FileManager.default.isExecutableFile(atPath: time.path) else { throw XCTSkip("needs GNU time at /usr/bin/time") }
        let capture = try writeCapture("{\"log\": {\"entries\": [" + Array(repeating: "{}", count: 1_000_000).joined(separator: ",") + "]}}")
        let result = try runTool(
            time, ["-f", "peak-kilobytes=%M", executable.path, "traffic", capture, "--schema", whitelabelpay, "--base-url", baseURL, "--quiet"])
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertTrue(result.errors.contains("checked 1000000 exchanges of 1000000: 0 valid, 1000000 invalid"), result.errors)
        let peak = try XCTUnwrap(
            result.errors.split(separator: "\n").last { $0.hasPrefix("peak-kilobytes=") }.flatMap { Int($0.dropFirst("peak-kilobytes=".count)) },
            result.errors)
        XCTAssertLessThan(peak >> 10, 150, "schema-check's peak memory in MB for a 3 MB capture")
    }

    /// Entries are checked only once the whole file is known to be a HAR capture: invalid JSON after
    /// valid entries is a usage error with nothing reported.
    func testInvalidJSONAfterTheEntriesReportsNoEntry() throws {
        let good = Self.entry(url: "http://127.0.0.1:9/wlp/v1/payment-means", status: 200, body: "[]")
        let capture = try writeCapture(String(Self.har(entries: [good, "{}"]).dropLast(2)) + "} trailing")
        let result = try traffic(capture)
        XCTAssertEqual(result.status, 2, result.errors)
        XCTAssertTrue(result.errors.contains("not a HAR file: invalid JSON"), result.errors)
        XCTAssertEqual(result.output, "")
    }

    /// A capture streamed on standard input (`producer | schema-check traffic -`) is left one byte past
    /// `--max-size`: the producer's 16 MB are not read into memory before the size is checked.
    func testAStreamedCaptureIsLeftAtTheSizeLimit() throws {
        let streamed = try runToolStreaming(executable, ["traffic", "-", "--schema", whitelabelpay, "--max-size", "1"], total: 16 << 20)
        XCTAssertEqual(streamed.run.status, 2)
        XCTAssertTrue(streamed.run.errors.contains("-: the input is more than the limit of 1048576 bytes (--max-size)"), streamed.run.errors)
        XCTAssertEqual(streamed.run.output, "")
        XCTAssertGreaterThan(streamed.accepted, 1 << 20)
        XCTAssertLessThan(streamed.accepted, 2 << 20, "reading stopped near the limit")
    }

    func testMalformedEntriesAreReportedAndTheRestStillChecked() throws {
        let good = Self.entry(url: "http://127.0.0.1:9/wlp/v1/payment-means", status: 200, body: "[]")
        let capture = try writeCapture(
            Self.har(entries: [
                "{\"request\": {\"method\": \"GET\", \"url\": \"http://127.0.0.1:9/wlp/v1/payment-means\", \"headers\": 5}, \"response\": {\"status\": 200}}",
                "{\"request\": {\"method\": \"GET\", \"url\": \"http://127.0.0.1:9/wlp/v1/payment-means\", \"headers\": []}, \"response\": {\"status\": \"OK\"}}",
                "{\"request\": {\"method\": \"GET\", \"url\": \"http://127.0.0.1:9/wlp/v1/payment-means\", \"headers\": []}, \"response\": {\"status\": 200, \"content\": {\"text\": \"!!!\", \"encoding\": \"base64\"}}}",
                "{\"request\": {\"method\": \"GET\", \"url\": \"http://127.0.0.1:9/wlp/v1/payment-means\", \"headers\": []}, \"response\": {\"status\": 200, \"content\": {\"text\": \"W10=\", \"encoding\": \"gzip\"}}}",
                "7",
                good,
            ]))
        let result = try traffic(capture, ["--format", "json"])
        XCTAssertEqual(result.status, 1, result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], ["capture /log/entries/0/request/headers error"])
        XCTAssertEqual(issues[2], ["capture /log/entries/1/response/status error"])
        XCTAssertEqual(issues[3], ["capture /log/entries/2/response/content error"])
        XCTAssertEqual(issues[4], ["capture /log/entries/3/response/content error"])
        XCTAssertEqual(issues[5], ["capture /log/entries/4/request error"])
        XCTAssertEqual(issues[6], [])
    }

    /// Every member of the first entries replaced by values of the wrong type (null, numbers, strings,
    /// lists, objects): never a crash, always a verdict (0 or 1, with a JSON document) or a clear usage
    /// error (2).
    func testEntriesWithMembersOfTheWrongTypeNeverCrash() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture("whitelabelpay-edited.har")))
        let original = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try XCTUnwrap(((original["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.first)
        let replacements: [Any] = [NSNull(), -1, 1e300, "", "%%", [Any](), ["text": 5], true]
        var paths: [[String]] = []
        func collect(_ node: Any, _ prefix: [String]) {
            guard let object = node as? [String: Any] else { return }
            for (key, value) in object {
                paths.append(prefix + [key])
                collect(value, prefix + [key])
            }
        }
        collect(entry, [])
        func replacing(_ node: Any, at path: ArraySlice<String>, with value: Any) -> Any {
            guard let key = path.first, var object = node as? [String: Any] else { return value }
            object[key] = path.count == 1 ? value : replacing(object[key] ?? [String: Any](), at: path.dropFirst(), with: value)
            return object
        }
        var runs = 0
        for (index, path) in paths.sorted(by: { $0.joined(separator: "/") < $1.joined(separator: "/") }).enumerated() where index % 2 == 0 {
            let mutated = replacing(entry, at: path[...], with: replacements[index % replacements.count])
            let har = ["log": ["version": "1.2", "entries": [mutated, entry]]]
            let capture = try writeCapture(String(decoding: try JSONSerialization.data(withJSONObject: har), as: UTF8.self))
            let result = try traffic(capture, ["--format", "json"])
            runs += 1
            XCTAssertTrue([0, 1].contains(result.status), "\(path): \(result.status) \(result.errors)")
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(result.output.utf8)), "\(path): \(result.output)")
        }
        XCTAssertGreaterThan(runs, 10)
    }

    func testBadOptionsAndSchemasAreUsageErrors() throws {
        let capture = fixture("whitelabelpay-valid.har")
        let noSchema = try run(["traffic", capture])
        XCTAssertEqual(noSchema.status, 2)
        XCTAssertTrue(noSchema.errors.contains("--schema"), noSchema.errors)
        let badURL = try run(["traffic", capture, "--schema", whitelabelpay, "--base-url", "/wlp/v1"])
        XCTAssertEqual(badURL.status, 2)
        XCTAssertTrue(badURL.errors.contains("--base-url /wlp/v1 is not a URL"), badURL.errors)
        let folder = try temporaryFolder()
        let broken = folder.appendingPathComponent("broken.yaml")
        try Data("api: X\nversion: 1\noperations: 5\n".utf8).write(to: broken)
        let badSchema = try run(["traffic", capture, "--schema", broken.path])
        XCTAssertEqual(badSchema.status, 2)
        XCTAssertTrue(badSchema.errors.contains("the schema \(broken.path) has errors; nothing was checked"), badSchema.errors)
    }

    // MARK: Forms, multipart bodies and query objects

    /// The KitchenSink schema's form body (issueToken), multipart body (uploadDocument) and deep-object
    /// query (filterItems): a valid and a broken exchange of each, checked member by member as the
    /// sandbox checks such requests (the same RequestValidator).
    func testFormMultipartAndDeepObjectRequestsAreChecked() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        let form = "application/x-www-form-urlencoded"
        let boundary = "proof-boundary"
        func multipart(_ parts: [(name: String, contentType: String?, text: String)]) -> String {
            parts.map { part in
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"\(part.contentType == nil ? "" : "; filename=\"scan.jpg\"")\r\n"
                    + (part.contentType.map { "Content-Type: \($0)\r\n" } ?? "") + "\r\n\(part.text)\r\n"
            }.joined() + "--\(boundary)--\r\n"
        }
        let multipartType = "multipart/form-data; boundary=\(boundary)"
        let token = #"{"access_token":"a","expires_in":60}"#
        let ticket = #"{"filename":"scan.jpg","uploadUrl":"https://uploads.example/1"}"#
        let basic = [("Authorization", "Basic aWQ6c2VjcmV0")]
        let bearer = [("Authorization", "Bearer t")]
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(
                    url: "http://127.0.0.1:9/oauth2/token", method: "POST", headers: basic, status: 200, body: token,
                    request: (form, "grant_type=client_credentials&scope=read&scope=write")),
                Self.entry(
                    url: "http://127.0.0.1:9/oauth2/token", method: "POST", headers: basic, status: 200, body: token,
                    request: (form, "scope=read&colour=red")),
                Self.entry(
                    url: "http://127.0.0.1:9/documents", method: "POST", headers: bearer, status: 200, body: ticket,
                    request: (multipartType, multipart([("side", nil, "M"), ("image", "image/jpeg", "JPEG"), ("note", nil, "front")]))),
                Self.entry(
                    url: "http://127.0.0.1:9/documents", method: "POST", headers: bearer, status: 200, body: ticket,
                    request: (multipartType, multipart([("image", "text/plain", "JPEG")]))),
                Self.entry(
                    url: "http://127.0.0.1:9/documents", method: "POST", headers: bearer, status: 200, body: ticket,
                    request: (multipartType, "not multipart at all")),
                Self.entry(
                    url: "http://127.0.0.1:9/items/filtered?filter%5Bstatus%5D=not_exists&filter%5BmaxPrice%5D=9.5&labels%5Bcolour%5D=red&page=2",
                    headers: bearer, status: 200, body: #"{"a":"b"}"#),
                Self.entry(
                    url: "http://127.0.0.1:9/items/filtered?filter%5BmaxPrice%5D=cheap&filter%5Bcolour%5D=red",
                    headers: bearer, status: 200, body: #"{"a":"b"}"#),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--base-url", "http://127.0.0.1:{port}", "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], [], "a valid form body")
        XCTAssertEqual(issues[2]?.sorted(), ["request colour error", "request grant_type error"], "a form without its required field and with an unknown one")
        XCTAssertEqual(issues[3], [], "a valid multipart body")
        XCTAssertEqual(issues[4]?.sorted(), ["request image error", "request side error"], "a file part of the wrong type, a required text part missing")
        XCTAssertEqual(issues[5], ["request  error"], "a body that is not multipart")
        XCTAssertEqual(issues[6], [], "a valid deep-object query")
        XCTAssertEqual(issues[7]?.sorted(), ["query filter[colour] error", "query filter[maxPrice] error"], "a member of the wrong type, an unknown member")
    }

    /// KitchenSink's nested form (createCharge), nested deepObject query (findItems) and multipart body
    /// with a JSON part (uploadFile): bracket paths and JSON pointers name what is wrong, as the sandbox
    /// names it.
    func testNestedFormsNestedQueriesAndMultipartJSONPartsAreChecked() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        let form = "application/x-www-form-urlencoded"
        let bearer = [("Authorization", "Bearer t")]
        let multipartType = "multipart/form-data; boundary=B"
        func upload(_ attributes: String) -> String {
            "--B\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: application/json\r\n\r\n\(attributes)\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\nContent-Type: application/octet-stream\r\n\r\nxy\r\n--B--\r\n"
        }
        let ticket = #"{"filename":"f","uploadUrl":"https://uploads.example/1"}"#
        let capture = try writeCapture(
            Self.har(entries: [
                Self.entry(
                    url: "http://127.0.0.1:9/charges", method: "POST", headers: bearer, status: 200, body: #"{"id":"ch_1"}"#,
                    request: (
                        form,
                        "amount=5&card%5Bnumber%5D=4242&card%5Bexp_month%5D=12&card%5Bexp_year%5D=2030&expand%5B0%5D=customer&items%5B0%5D%5Bprice%5D=p"
                    )),
                Self.entry(
                    url: "http://127.0.0.1:9/charges", method: "POST", headers: bearer, status: 200, body: #"{"id":"ch_1"}"#,
                    request: (form, "amount=5&card[number]=4242&card[exp_month]=13&card[exp_year]=2030&items[0][quantity]=1")),
                Self.entry(
                    url: "http://127.0.0.1:9/items/nested-search?filter%5Bprice%5D%5Bgte%5D=10&filter%5Btags%5D%5B0%5D=a", headers: bearer, status: 200,
                    body: #"{"a":"b"}"#),
                Self.entry(
                    url: "http://127.0.0.1:9/items/nested-search?filter%5Bprice%5D%5Bgte%5D=cheap", headers: bearer, status: 200, body: #"{"a":"b"}"#),
                Self.entry(
                    url: "http://127.0.0.1:9/files/content", method: "POST", headers: bearer, status: 200, body: ticket,
                    request: (multipartType, upload(#"{"name":"a","parent":{"id":"0"}}"#))),
                Self.entry(
                    url: "http://127.0.0.1:9/files/content", method: "POST", headers: bearer, status: 200, body: ticket,
                    request: (multipartType, upload(#"{"name":"a","parent":{}}"#))),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--base-url", "http://127.0.0.1:{port}", "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1], [], "a valid nested form")
        XCTAssertEqual(
            issues[2]?.sorted(), ["request card[exp_month] error", "request items[0][price] error"], "a member out of range, a required nested one missing")
        XCTAssertEqual(issues[3], [], "a valid nested query")
        XCTAssertEqual(issues[4], ["query filter[price][gte] error"])
        XCTAssertEqual(issues[5], [], "a valid JSON part")
        XCTAssertEqual(issues[6], ["request attributes/parent/id error"])
    }

    // MARK: Channels

    /// Issue 28 line 1 (channels): a WebSocket connection as Chrome records it (`_webSocketMessages`) is checked
    /// frame by frame: sent frames against the channel's `send` type, received ones against `receive`, a
    /// binary frame is an error, and the opening request's credentials as an operation's.
    func testWebSocketMessagesAreCheckedAgainstTheChannelsTypes() throws {
        let kitchenSink = root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        func connection(_ frames: [(String, Int, String)], authorized: Bool = true) -> String {
            let messages = frames.map { type, opcode, data in
                let text = String(data: try! JSONSerialization.data(withJSONObject: [data]), encoding: .utf8)!.dropFirst().dropLast()
                return "{\"type\": \"\(type)\", \"time\": 1.5, \"opcode\": \(opcode), \"data\": \(text)}"
            }
            let headers = authorized ? "[{\"name\": \"Authorization\", \"value\": \"Bearer t\"}]" : "[]"
            return """
                {"_resourceType": "websocket",
                 "request": {"method": "GET", "url": "wss://api.kitchensink.example/v2/orders/o-1/desk?locale=de", "headers": \(headers)},
                 "response": {"status": 101, "headers": [], "content": {"size": 0, "mimeType": "x-unknown"}},
                 "_webSocketMessages": [\(messages.joined(separator: ", "))]}
                """
        }
        let capture = try writeCapture(
            Self.har(entries: [
                connection([
                    ("send", 1, #"{"type":"say","text":"Where is my order?"}"#),
                    ("receive", 1, #"{"type":"said","text":"On its way","from":"desk"}"#),
                    ("receive", 1, #"{"type":"order.refunded","orderId":"o-1"}"#),
                ]),
                connection([
                    ("send", 1, #"{"type":"say","text":""}"#),
                    ("receive", 1, #"{"type":"said","text":"On its way"}"#),
                    ("send", 2, "AAEC"),
                ]),
                connection([], authorized: false),
            ]))
        let result = try run(["traffic", capture, "--schema", kitchenSink, "--format", "json"])
        XCTAssertEqual(result.status, 1, result.output + result.errors)
        let issues = try issuesByEntry(result)
        XCTAssertEqual(issues[1]?.filter { $0.hasSuffix("error") }, [], "a valid conversation; an unknown kind received is a warning at most")
        XCTAssertEqual(issues[2]?.sorted(), ["message /0/text error", "message /1/from error", "message /2 error"])
        XCTAssertEqual(issues[3], ["credentials  error"])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let operations = try XCTUnwrap(document["exchanges"] as? [[String: Any]]).map { $0["operation"] as? String }
        XCTAssertEqual(operations, ["orderDesk", "orderDesk", "orderDesk"])
    }

    // MARK: Builders

    /// One HAR entry; `request` (content type, text) adds a request body and its Content-Type header.
    static func entry(
        url: String, method: String = "GET",
        headers: [(String, String)] = [("X-Tenant-Id", "0f7e1b46-2297-4872-96ab-7c1d213e9f0a"), ("Authorization", "Bearer t")],
        status: Int, body: String, request: (contentType: String, text: String)? = nil, responseHeaders: [(String, String)] = []
    ) -> String {
        func quoted(_ text: String) -> Substring {
            String(data: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), encoding: .utf8)!.dropFirst().dropLast()
        }
        let headerList = (headers + (request.map { [("Content-Type", $0.contentType)] } ?? [])).map { "{\"name\": \"\($0.0)\", \"value\": \"\($0.1)\"}" }
            .joined(separator: ", ")
        let responseHeaderList = responseHeaders.map { "{\"name\": \"\($0.0)\", \"value\": \"\($0.1)\"}" }.joined(separator: ", ")
        let text = quoted(body)
        let postData = request.map { ", \"postData\": {\"mimeType\": \(quoted($0.contentType)), \"text\": \(quoted($0.text))}" } ?? ""
        return """
            {"request": {"method": "\(method)", "url": "\(url)", "headers": [\(headerList)]\(postData)},
             "response": {"status": \(status), "headers": [\(responseHeaderList)], "content": {"size": \(body.utf8.count), "mimeType": "application/json", "text": \(text)}}}
            """
    }

    static func har(entries: [String]) -> String {
        "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"test\", \"version\": \"1\"}, \"entries\": [\(entries.joined(separator: ",\n"))]}}"
    }

    static func har(url: String, headers: [(String, String)], status: Int, body: String) -> String {
        har(entries: [entry(url: url, headers: headers, status: status, body: body)])
    }
}
