import Foundation
import XCTest

/// Runs the `sandbox` command as a user would: it prints where it serves, logs each request and stops on SIGTERM.
@available(macOS 14, iOS 17, tvOS 17, *)
final class CommandTests: XCTestCase {
    private var binary: URL { SandboxCommandProcess.binary }

    func testServesLogsRequestsWithoutSecretsAndStopsOnSIGTERM() async throws {
        try SandboxCommandProcess.skipUnlessBuilt()
        let sandbox = try await SandboxCommandProcess.launch(
            [
                packageRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path, "--port", "0",
                "--fail", "1", "--fail-status", "503", "--operation", "getPaymentMeans",
            ],
            serving: "WhitelabelPay 1.1.0")
        let (process, lines, base) = (sandbox.process, sandbox.lines, sandbox.baseURL)
        defer { if process.isRunning { process.terminate() } }

        XCTAssertEqual(base.host, "127.0.0.1")
        XCTAssertEqual(base.path, "/wlp/v1")

        let client = TestClient(baseURL: base)
        let failed = try await client.get("/payment-means?secret=query-secret", headers: ["Authorization": "Bearer token-secret", "X-Tenant-Id": tenantId])
        XCTAssertEqual(failed.status, 503)
        let served = try await client.get("/payment-means", headers: ["Authorization": "Bearer token-secret", "X-Tenant-Id": tenantId])
        XCTAssertEqual(served.status, 200)

        let first = try await lines.next(timeout: 10)
        let second = try await lines.next(timeout: 10)
        XCTAssertTrue(first.hasPrefix("GET /wlp/v1/payment-means 503 "), first)
        XCTAssertTrue(first.hasSuffix("[getPaymentMeans] fault: 503"), first)
        XCTAssertTrue(second.hasPrefix("GET /wlp/v1/payment-means 200 "), second)
        XCTAssertFalse((first + second).contains("secret"))

        process.terminate()
        let stopping = try await lines.next(timeout: 10)
        XCTAssertEqual(stopping, "Received SIGTERM, stopping")
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertFalse(process.isRunning)
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// By default the command accepts an enum value the schema does not list (schema-check's verdict);
    /// `--strict-enums` rejects it.
    func testStrictEnumsFlag() async throws {
        try SandboxCommandProcess.skipUnlessBuilt()
        for (flags, expected) in [([String](), 200), (["--strict-enums"], 400)] {
            let sandbox = try await SandboxCommandProcess.launch(
                [
                    packageRoot.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path,
                    "--port", "0", "--no-auth", "--quiet",
                ] + flags,
                serving: "KitchenSink 2.0")
            defer { if sandbox.process.isRunning { sandbox.process.terminate() } }
            let base = sandbox.baseURL
            let response = try await TestClient(baseURL: base).get("/items?status=NOT_A_KNOWN_VALUE")
            XCTAssertEqual(response.status, expected, "\(flags): \(response.text)")
            sandbox.process.terminate()
            sandbox.process.waitUntilExit()
        }
    }

    /// Its diagnostics as every other command prints them (issue 26 line 1: `SchemaReport`), on standard error.
    func testASchemaWithErrorsExitsWithStatus2() throws {
        try SandboxCommandProcess.skipUnlessBuilt()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let broken = root.appendingPathComponent("Tests/Fixtures/Lint/broken.yaml").path
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).yaml").path
        for (schema, line) in [
            (broken, "\(broken):8:11: error: unknown type 'strin'; did you mean 'string'?\n"),
            (missing, "\(missing): error: cannot read the schema: No such file or directory\n"),
        ] {
            let process = Process()
            process.executableURL = binary
            process.arguments = [schema]
            let errors = Pipe()
            let output = Pipe()
            process.standardError = errors
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 2)
            XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), line)
            XCTAssertEqual(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "")
        }
    }
}

/// Reads lines from a pipe as they arrive.
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var buffer = Data()
    private var lines: [String] = []
    private var closed = false

    init(_ handle: FileHandle) {
        self.handle = handle
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.append(data)
        }
    }

    deinit {
        handle.readabilityHandler = nil
    }

    private func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        if data.isEmpty {
            closed = true
            handle.readabilityHandler = nil
            return
        }
        buffer.append(data)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
            buffer.removeSubrange(buffer.startIndex...newline)
        }
    }

    struct Timeout: Error {}

    func next(timeout: TimeInterval) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let line: String? = lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
            if let line { return line }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        throw Timeout()
    }
}
