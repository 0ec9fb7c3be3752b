import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// The v2 error catalogue and operation outcomes of kitchensink.yaml over HTTP against the sandbox on
/// 127.0.0.1: retry by what the error is (request counts), narrowed errors, client-side cases on a
/// closed port and a slow server, and every declared outcome of checkDevice and verifyOtp.
final class ErrorsAndOutcomesAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func client(example: String? = nil, retry: RetryPolicy = .fast, baseURL: URL? = nil) -> KitchenSinkClient {
        var middlewares: [any ClientMiddleware] = [RetryMiddleware(policy: retry)]
        if let example { middlewares.append(SandboxExampleChoice(example)) }
        return KitchenSinkClient(environment: .init(baseURL: baseURL ?? sandbox.baseURL), middlewares: middlewares)
    }

    // MARK: Retry by what the error is (item 2b)

    func testCaseMarkedRetryableIsRetriedAlthoughItsStatusIsNot() async throws {
        // 423 is in no retry policy; the catalogue's resourceLocked (code RESOURCE_LOCKED) is retryable.
        XCTAssertFalse(RetryPolicy.fast.retryableStatuses.contains(423))
        sandbox.inject(.failures(count: 2, status: 423), for: "checkDevice")
        let outcome = try await client().checkDevice(deviceId: "kiosk-1")
        XCTAssertEqual(outcome, .registered(DeviceRegistration(rtCode: "0000", resultMessage: "OK", deviceName: "Kiosk")))
        XCTAssertEqual(sandbox.requestCount("checkDevice"), 3)
    }

    func testRetryableCaseIsStillNotRepeatedForAnOperationThatIsNotSafeToRepeat() async throws {
        // verifyOtp is a POST without an idempotency key: a retryable case does not make it safe.
        sandbox.inject(.failures(count: 2, status: 423), for: "verifyOtp")
        do {
            _ = try await client().verifyOtp(body: OtpCheck(code: "123456"))
            XCTFail("the 423 must surface")
        } catch let error as KitchenSinkError {
            guard case .resourceLocked = error else { return XCTFail("expected resourceLocked, got \(error)") }
            XCTAssertTrue(error.isRetryable)
        }
        XCTAssertEqual(sandbox.requestCount("verifyOtp"), 1)
    }

    func testCaseMarkedNotRetryableIsFinalAlthoughItsStatusIsTransient() async throws {
        XCTAssertTrue(RetryPolicy.fast.retryableStatuses.contains(500))
        sandbox.inject(.failures(count: 2, status: 500), for: "checkDevice")
        do {
            _ = try await client().checkDevice(deviceId: "kiosk-1")
            XCTFail("the 500 must surface")
        } catch let error as KitchenSinkError {
            guard case .internalError = error else { return XCTFail("expected internalError, got \(error)") }
            XCTAssertEqual(error.rawCode, "INTERNAL_ERROR")
        }
        XCTAssertEqual(sandbox.requestCount("checkDevice"), 1, "not retried")
    }

    func testStatusStillDecidesForCasesThatDoNotSay() async throws {
        // 503 is the status-only `unavailable` (retryable): retried as before.
        sandbox.inject(.failures(count: 2, status: 503), for: "checkDevice")
        _ = try await client().checkDevice(deviceId: "kiosk-1")
        XCTAssertEqual(sandbox.requestCount("checkDevice"), 3)
    }

    // MARK: Narrowed errors (item 2d)

    func testAnErrorTheOperationDoesNotListIsUndocumented() async throws {
        sandbox.inject(.failures(count: 1, status: 409), for: "checkDevice")
        do {
            _ = try await client().checkDevice(deviceId: "kiosk-1")
            XCTFail("the 409 must surface")
        } catch let error as KitchenSinkError {
            guard case .undocumented = error else { return XCTFail("checkDevice does not list outOfStock: \(error)") }
            XCTAssertEqual(error.rawCode, "OUT_OF_STOCK")
        }
    }

    // MARK: Client-side cases (item 2c)

    func testClosedPortIsNoConnection() async throws {
        let closed = sandbox.baseURL
        await sandbox.stop()
        do {
            _ = try await client(retry: .init(maxAttempts: 1), baseURL: closed).checkDevice(deviceId: "kiosk-1")
            XCTFail("nothing listens there")
        } catch let error as KitchenSinkError {
            guard case .noConnection = error else { return XCTFail("expected noConnection, got \(error)") }
            XCTAssertEqual(error.code, .noConnection)
        }
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    func testSlowServerIsDeadlineExceeded() async throws {
        sandbox.inject(.latency(milliseconds: 2_000), for: "checkDevice")
        let started = Date()
        do {
            _ = try await client().checkDevice(deviceId: "kiosk-1", options: RequestOptions(callTimeout: 0.3))
            XCTFail("the call must time out")
        } catch let error as KitchenSinkError {
            guard case .deadlineExceeded = error else { return XCTFail("expected deadlineExceeded, got \(error)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
    }

    // MARK: Outcomes over HTTP (items 4, 2f)

    func testEveryOutcomeOfCheckDevice() async throws {
        let registered = try await client().checkDevice(deviceId: "kiosk-1")
        XCTAssertEqual(registered, .registered(DeviceRegistration(rtCode: "0000", resultMessage: "OK", deviceName: "Kiosk")), "the default example")
        let notRegistered = try await client(example: "notRegistered").checkDevice(deviceId: "kiosk-1")
        XCTAssertEqual(notRegistered, .notRegistered)
        XCTAssertEqual(sandbox.receivedRequests("checkDevice").last?.status, 404)

        do {
            _ = try await client(example: "blocked").checkDevice(deviceId: "kiosk-1")
            XCTFail("rtCode E102 in a 200 is an error")
        } catch let error as KitchenSinkError {
            guard case .deviceBlocked(let details) = error else { return XCTFail("expected deviceBlocked, got \(error)") }
            XCTAssertEqual(details.status, 200)
        }
        do {
            _ = try await client(example: "broken").checkDevice(deviceId: "kiosk-1")
            XCTFail("an unexpected rtCode in a 200 is an error")
        } catch let error as KitchenSinkError {
            guard case .internalError = error else { return XCTFail("expected internalError, got \(error)") }
        }
    }

    func testEveryOutcomeOfVerifyOtp() async throws {
        let valid = try await client().verifyOtp(body: OtpCheck(code: "123456"))
        XCTAssertEqual(valid, .valid)
        XCTAssertEqual(sandbox.receivedRequests("verifyOtp").last?.status, 204)
        let invalid = try await client(example: "invalid").verifyOtp(body: OtpCheck(code: "000000"))
        XCTAssertEqual(invalid, .invalid(OtpRejection(attemptsLeft: 2)))
        let request = try XCTUnwrap(sandbox.receivedRequests("verifyOtp").last)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), #"{"code":"000000"}"#)
    }

    // MARK: Status classes and default (issue 27 line 3)

    func testSandboxAnswersWithStatusesOfAClassAndTheClientMapsThem() async throws {
        let found = try await client().fetchRelease(version: "1.0.0")
        XCTAssertEqual(found, .found(Release(version: "1.0.0", notes: "First release.")))
        XCTAssertEqual(sandbox.receivedRequests("fetchRelease").last?.status, 200, "the exact 200 is served, not the 2XX written first")

        let processing = try await client(example: "processing").fetchRelease(version: "1.1.0")
        XCTAssertEqual(processing, .processing(status: 202))
        XCTAssertEqual(sandbox.receivedRequests("fetchRelease").last?.status, 202)

        let problem = try await client(example: "problem").fetchRelease(version: "nope")
        XCTAssertEqual(problem, .problem(status: 404, Problem(title: "No such release", detail: "nope")))
        XCTAssertEqual(sandbox.receivedRequests("fetchRelease").last?.status, 404)

        let gone = try await client(example: "gone").fetchRelease(version: "0.9.0")
        XCTAssertEqual(gone, .gone)

        do {
            _ = try await client(example: "unavailable", retry: .noRetries).fetchRelease(version: "1.0.0")
            XCTFail("a 5XX is the error outcome")
        } catch let error as KitchenSinkError {
            guard case .internalError(let details) = error else { return XCTFail("expected internalError, got \(error)") }
            XCTAssertEqual(details.status, 503)
        }
    }

    func testDefaultOutcomeOverHTTP() async throws {
        let notes = try await client().fetchReleaseNotes(version: "1.0.0")
        XCTAssertEqual(notes, .notes(Release(version: "1.0.0", notes: "First release.")))
        let unexpected = try await client(example: "unexpected", retry: .noRetries).fetchReleaseNotes(version: "1.0.0")
        XCTAssertEqual(unexpected, .unexpected(status: 503, Problem(title: "Maintenance")))
    }
}
