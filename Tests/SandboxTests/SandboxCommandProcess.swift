import Foundation
import XCTest

/// The built `sandbox` command, run as a user runs it: launched with arguments, read line by line, and
/// ready once it prints `Serving <API> <version> at <base URL>`.
@available(macOS 14, iOS 17, tvOS 17, *)
struct SandboxCommandProcess {
    let process: Process
    /// Standard output and error, after the banner.
    let lines: LineReader
    /// The base URL from the banner.
    let baseURL: URL

    /// The built `sandbox` binary, next to the test bundle.
    static var binary: URL {
        var directory = Bundle(for: CommandTests.self).bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("sandbox")
    }

    /// Skips the test when the binary was not built.
    static func skipUnlessBuilt() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "no sandbox binary at \(binary.path)")
    }

    /// Launches the command and waits (up to 30 s) for its banner, which must name `api` (`"WhitelabelPay 1.1.0"`).
    /// The caller stops the process.
    static func launch(
        _ arguments: [String], serving api: String,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> SandboxCommandProcess {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let lines = LineReader(output.fileHandleForReading)
        try process.run()
        let banner: String
        do {
            banner = try await lines.next(timeout: 30)
        } catch {
            process.terminate()
            throw error
        }
        let prefix = "Serving \(api) at "
        XCTAssertTrue(banner.hasPrefix(prefix), banner, file: file, line: line)
        guard let baseURL = URL(string: String(banner.dropFirst(prefix.count))) else {
            process.terminate()
            throw URLError(.badURL)
        }
        return SandboxCommandProcess(process: process, lines: lines, baseURL: baseURL)
    }
}
