import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// The v2 error catalogue of kitchensink.yaml in generated code: code families and their match order,
/// per-operation `errors:` lists, client-side cases, `KitchenSinkErrorCode`, and outcome mapping.
final class ErrorCatalogueV2Tests: XCTestCase {
    private func response(_ status: Int, code: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"],
            body: Data(#"{"error":{"code":"\#(code)"}}"#.utf8))
    }

    // MARK: Code families (item 2a)

    func testPatternFamilyMatchesAndKeepsTheConcreteCode() {
        let error = KitchenSinkError(response: response(400, code: "A12345"))
        guard case .scanNetworkProblem(let details) = error else { return XCTFail("expected scanNetworkProblem, got \(error)") }
        XCTAssertEqual(details.status, 400)
        XCTAssertEqual(error.rawCode, "A12345", "the concrete code stays readable")
        XCTAssertEqual(error.code, .scanNetworkProblem)
        XCTAssertTrue(error.isRetryable)
    }

    func testPatternIsAnchoredAsWritten() {
        // ^A[0-9]{5}$: six digits or a trailing letter are not in the family.
        for code in ["A123456", "A1234X", "xA12345"] {
            guard case .undocumented = KitchenSinkError(response: response(418, code: code)) else {
                return XCTFail("\(code) must not match the A family")
            }
        }
    }

    func testPrefixFamilyMatches() {
        let error = KitchenSinkError(response: response(401, code: "B01234"))
        guard case .scanAuthFailed = error else { return XCTFail("expected scanAuthFailed, got \(error)") }
        XCTAssertEqual(error.rawCode, "B01234")
    }

    func testExactCodeWinsOverAFamilyThatAlsoMatchesIt() {
        // A10000 is in the A family, but exact codes are tried first.
        guard case .scanCancelled = KitchenSinkError(response: response(400, code: "A10000")) else {
            return XCTFail("the exact code must win")
        }
        guard case .scanUnavailable = KitchenSinkError(response: response(503, code: "F00000")) else {
            return XCTFail("the exact code must win over the 503 status case")
        }
    }

    func testFamiliesComeBeforeStatusOnlyCases() {
        // 429 alone is rateLimited, but the code says what the error is.
        guard case .scanNetworkProblem = KitchenSinkError(response: response(429, code: "A00001")) else {
            return XCTFail("a family match must win over a status-only case")
        }
        guard case .rateLimited = KitchenSinkError(response: response(429, code: "ZZZ")) else {
            return XCTFail("an unknown code falls back to the status")
        }
    }

    // MARK: Narrowing by the operation's errors (item 2d)

    func testOperationErrorsNarrowMatching() {
        let outOfStock = response(409, code: "OUT_OF_STOCK")
        guard case .outOfStock = KitchenSinkError(response: outOfStock, operation: KitchenSinkClient.Operations.getItem) else {
            return XCTFail("getItem lists outOfStock")
        }
        let narrowed = KitchenSinkError(response: outOfStock, operation: KitchenSinkClient.Operations.checkDevice)
        guard case .undocumented(let details) = narrowed else { return XCTFail("checkDevice does not list outOfStock: \(narrowed)") }
        XCTAssertEqual(details.status, 409, "status and body are kept")
        XCTAssertEqual(narrowed.rawCode, "OUT_OF_STOCK")
        // An operation without a list documents every case.
        guard case .outOfStock = KitchenSinkError(response: outOfStock, operation: KitchenSinkClient.Operations.replaceItem) else {
            return XCTFail("replaceItem has no errors list")
        }
    }

    func testNarrowingStillMatchesTheListedCasesByTheirOwnRules() {
        let locked = KitchenSinkError(response: response(423, code: "RESOURCE_LOCKED"), operation: KitchenSinkClient.Operations.checkDevice)
        guard case .resourceLocked = locked else { return XCTFail("checkDevice lists resourceLocked: \(locked)") }
        // rateLimited (429) is not listed by checkDevice, so a bare 429 is undocumented there.
        guard case .undocumented = KitchenSinkError(response: response(429, code: "ZZZ"), operation: KitchenSinkClient.Operations.checkDevice) else {
            return XCTFail("a status-only case not listed must not match")
        }
    }

    // MARK: Client-side cases (item 2c)

    func testTransportConditionsMapToTheirCases() {
        let offline = KitchenSinkError(transportFailure: URLError(.notConnectedToInternet))
        guard case .noConnection(let underlying) = offline else { return XCTFail("expected noConnection, got \(offline)") }
        XCTAssertEqual((underlying as? URLError)?.code, .notConnectedToInternet)
        XCTAssertNil(offline.status)
        XCTAssertNil(offline.response)
        XCTAssertEqual(offline.code, .noConnection)

        guard case .deadlineExceeded = KitchenSinkError(transportFailure: TransportError.callTimedOut(seconds: 1)) else {
            return XCTFail("a call timeout is deadlineExceeded")
        }
        guard case .deadlineExceeded = KitchenSinkError(transportFailure: URLError(.timedOut)) else {
            return XCTFail("a request timeout is deadlineExceeded")
        }
        guard case .transport = KitchenSinkError(transportFailure: TransportError.tooManyRedirects(limit: 3)) else {
            return XCTFail("other failures stay transport")
        }
        XCTAssertTrue(KitchenSinkError(transportFailure: URLError(.timedOut)).description.hasPrefix("KitchenSinkError.deadlineExceeded: "))
    }

    // MARK: KitchenSinkErrorCode (item 2e)

    /// The Finaptic document's `switch error.code` compiles against the generated error type.
    private func advice(for error: KitchenSinkError) -> String {
        switch error.code {
        case .noConnection:
            return "Check your internet connection and try again"
        case .deadlineExceeded:
            return "Operation couldn't complete in the default timeout. Try again."
        case .outOfStock:
            return "Gone"
        default:
            return "Error: \(error.name)"
        }
    }

    func testSwitchOnTheErrorCode() {
        XCTAssertEqual(advice(for: KitchenSinkError(transportFailure: URLError(.cannotConnectToHost))), "Check your internet connection and try again")
        XCTAssertEqual(
            advice(for: KitchenSinkError(transportFailure: TransportError.callTimedOut(seconds: 2))),
            "Operation couldn't complete in the default timeout. Try again.")
        XCTAssertEqual(advice(for: KitchenSinkError(response: response(409, code: "OUT_OF_STOCK"))), "Gone")
        XCTAssertEqual(advice(for: KitchenSinkError(response: response(418, code: "TEAPOT"))), "Error: undocumented")
        XCTAssertEqual(KitchenSinkError(response: response(418, code: "TEAPOT")).code, .undocumented, "the unknown fallback")
        XCTAssertEqual(KitchenSinkErrorCode(rawValue: "deadlineExceeded"), .deadlineExceeded)
        XCTAssertTrue(KitchenSinkErrorCode.allCases.contains(.transport))
    }

    // MARK: Outcomes and error envelopes (items 4, 2f)

    private func outcome(_ status: Int, _ body: String = "") throws -> KitchenSinkClient.CheckDeviceOutcome {
        try .init(response: HTTPResponse(status: status, body: Data(body.utf8)), operation: KitchenSinkClient.Operations.checkDevice)
    }

    func testEachDeclaredOutcomeDecodes() throws {
        XCTAssertEqual(
            try outcome(200, #"{"rtCode":"0000","deviceName":"Kiosk"}"#),
            .registered(DeviceRegistration(rtCode: "0000", resultMessage: nil, deviceName: "Kiosk")))
        XCTAssertEqual(try outcome(404), .notRegistered)
    }

    func testErrorEnvelopeInA200IsThrownAsItsCase() throws {
        XCTAssertThrowsError(try outcome(200, #"{"rtCode":"E103","resultMessage":"Blocked"}"#)) { error in
            guard case .deviceBlocked(let details) = error as? KitchenSinkError else { return XCTFail("expected deviceBlocked, got \(error)") }
            XCTAssertEqual(details.status, 200)
            XCTAssertEqual(details.bodyText, #"{"rtCode":"E103","resultMessage":"Blocked"}"#)
        }
        // Any other rtCode in a 200 is the catch-all error outcome.
        XCTAssertThrowsError(try outcome(200, #"{"rtCode":"E999"}"#)) { error in
            guard case .internalError = error as? KitchenSinkError else { return XCTFail("expected internalError, got \(error)") }
        }
    }

    func testUndeclaredStatusesFailClearly() throws {
        XCTAssertThrowsError(try outcome(201, "{}")) { error in
            guard case .invalidResponse(let response, let cause) = error as? KitchenSinkError else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.status, 201)
            XCTAssertEqual(cause as? UndeclaredOutcome, UndeclaredOutcome(operation: "checkDevice", status: 201))
        }
        XCTAssertThrowsError(try outcome(423, #"{"error":{"code":"RESOURCE_LOCKED"}}"#)) { error in
            guard case .resourceLocked = error as? KitchenSinkError else { return XCTFail("an error status goes to the catalogue: \(error)") }
        }
        XCTAssertThrowsError(try outcome(200, #"{"rtCode":"0000","deviceName":5}"#)) { error in
            guard case .invalidResponse = error as? KitchenSinkError else { return XCTFail("a body that does not decode: \(error)") }
        }
    }

    // MARK: Status classes and default (issue 27 line 3)

    private func release(_ status: Int, _ body: String = "") throws -> KitchenSinkClient.FetchReleaseOutcome {
        try .init(response: HTTPResponse(status: status, body: Data(body.utf8)), operation: KitchenSinkClient.Operations.fetchRelease)
    }

    func testExactStatusBeatsItsClassWhateverTheOrderWritten() throws {
        // `processing: 2XX` and `problem: 4XX` are written before `found: 200` and `gone: 410`.
        XCTAssertEqual(try release(200, #"{"version":"1.0.0"}"#), .found(Release(version: "1.0.0")))
        XCTAssertEqual(try release(410), .gone)
    }

    func testAClassCarriesTheStatusReceived() throws {
        XCTAssertEqual(try release(202), .processing(status: 202))
        XCTAssertEqual(try release(204), .processing(status: 204))
        XCTAssertEqual(try release(404, #"{"title":"No such release"}"#), .problem(status: 404, Problem(title: "No such release")))
        XCTAssertEqual(try release(429, #"{"title":"Slow down"}"#), .problem(status: 429, Problem(title: "Slow down")))
    }

    func testAnErrorClassThrowsItsCatalogueCase() throws {
        XCTAssertThrowsError(try release(503, #"{"error":{"code":"MAINTENANCE"}}"#)) { error in
            guard case .internalError(let details) = error as? KitchenSinkError else { return XCTFail("expected internalError, got \(error)") }
            XCTAssertEqual(details.status, 503)
        }
        // A class's body that does not decode is an invalid response, not a crash or a wrong case.
        XCTAssertThrowsError(try release(404, #"{"detail":"no title"}"#)) { error in
            guard case .invalidResponse(let response, _) = error as? KitchenSinkError else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.status, 404)
        }
    }

    func testDefaultTakesEveryStatusNoOtherOutcomeDeclares() throws {
        func notes(_ status: Int, _ body: String) throws -> KitchenSinkClient.FetchReleaseNotesOutcome {
            try .init(response: HTTPResponse(status: status, body: Data(body.utf8)), operation: KitchenSinkClient.Operations.fetchReleaseNotes)
        }
        XCTAssertEqual(try notes(200, #"{"version":"1.0.0"}"#), .notes(Release(version: "1.0.0")))
        XCTAssertEqual(try notes(503, #"{"title":"Maintenance"}"#), .unexpected(status: 503, Problem(title: "Maintenance")))
        XCTAssertEqual(try notes(201, #"{"title":"Created?"}"#), .unexpected(status: 201, Problem(title: "Created?")))
    }
}
