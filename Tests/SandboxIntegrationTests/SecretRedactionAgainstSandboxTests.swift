import ClientRuntime
import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Values the schema marks `secret: true` (kitchensink.yaml: `Credentials.code`, the SMS code, and
/// `legacySearch`'s `signature` query item, neither of which looks like a credential by name) reach the
/// server intact but never a log line, an error description, a validation report or a sandbox record.
final class SecretRedactionAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private let smsCode = "493817"
    private let signature = "sig-7f3a9c1e"

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func client(_ log: LogRecorder) -> KitchenSinkClient {
        KitchenSinkClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [LoggingMiddleware(logger: log.logger, includeBodies: true)],
            credentials: StaticCredentials(["queryKey": "k3y-value"]))
    }

    func testSecretsReachTheServerButNoLogOrRecordDescription() async throws {
        let log = LogRecorder()
        let client = client(log)
        _ = try await client.login(body: Credentials(phone: "+4912345678", code: smsCode))
        _ = try await client.legacySearch(q: "shoes", signature: signature)

        let login = try XCTUnwrap(sandbox.receivedRequests("login").first)
        XCTAssertTrue(String(decoding: login.body, as: UTF8.self).contains(smsCode), "the code itself is sent")
        let search = try XCTUnwrap(sandbox.receivedRequests("legacySearch").first)
        XCTAssertEqual(search.query("signature"), signature, "the signature itself is sent")

        XCTAssertTrue(log.text.contains(#""code":"<redacted>""#), log.text)
        XCTAssertTrue(log.text.contains("signature=<redacted>"), log.text)
        XCTAssertTrue(log.text.contains("+4912345678"), "non-secret fields stay visible")
        for text in [log.text, login.description, search.description, String(reflecting: login), dumped(search)] {
            XCTAssertFalse(text.contains(smsCode), text)
            XCTAssertFalse(text.contains(signature), text)
            XCTAssertFalse(text.contains("k3y-value"), text)
        }
        XCTAssertTrue(login.description.contains(#""code":"<redacted>""#), login.description)
    }

    func testGeneratedModelHidesItsSecretFieldFromPrintAndDump() {
        let credentials = Credentials(phone: "+4912345678", code: smsCode)
        for text in [String(describing: credentials), String(reflecting: credentials), dumped(credentials), "\(credentials)"] {
            XCTAssertFalse(text.contains(smsCode), text)
            XCTAssertTrue(text.contains("+4912345678"), text)
        }
        XCTAssertEqual(KitchenSinkClient.Operations.login.secretNames, ["code"])
        XCTAssertEqual(KitchenSinkClient.Operations.legacySearch.secretNames, ["signature", "api_key"], "the query key's item too")
    }

    func testValidationReportAndErrorDescriptionDoNotEchoTheSecret() async throws {
        let log = LogRecorder()
        let tooShort = "93"  // minLength 4: the sandbox answers 400 with a validation report
        do {
            _ = try await client(log).login(body: Credentials(phone: "+4912345678", code: tooShort + "x"))
            XCTFail("a 3-character code breaks minLength 4")
        } catch let error as KitchenSinkError {
            let response = try XCTUnwrap(error.response)
            XCTAssertEqual(response.status, 400)
            let report = String(decoding: response.rawBody, as: UTF8.self)
            XCTAssertTrue(report.contains("/code"), "the report names the field: \(report)")
            for text in [report, "\(error)", String(reflecting: error), response.description, log.text] {
                XCTAssertFalse(text.contains(tooShort + "x"), text)
            }
        }
    }

    /// A transport failure's error carries the URL as sent (`legacySearch`'s signature in its query): the
    /// `[error]` log line and the API error's description, debug description and dump must hide it as the
    /// request line does.
    func testATransportFailureNeitherLogsNorDescribesTheSecretQueryItem() async throws {
        let log = LogRecorder()
        sandbox.inject(.closeConnection(count: 1), for: "legacySearch")
        do {
            _ = try await client(log).legacySearch(q: "shoes", signature: signature)
            XCTFail("the sandbox closed the connection")
        } catch let error as KitchenSinkError {
            let errorLine = try XCTUnwrap(log.events.first { $0.kind == .error }?.message, log.text)
            XCTAssertTrue(errorLine.contains("legacy"), "the failing URL is still named: \(errorLine)")
            XCTAssertTrue(errorLine.contains("signature=<redacted>"), errorLine)
            guard case .transport(let underlying) = error else { return XCTFail("\(error)") }
            for text in [log.text, "\(error)", String(reflecting: error), dumped(error), "\(underlying)", dumped(underlying)] {
                XCTAssertFalse(text.contains(signature), text)
            }
        }
    }

    private func dumped<T>(_ value: T) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}
