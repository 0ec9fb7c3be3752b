import Foundation
import TestSupport
import XCTest

/// The repository root, found from this file so tests run from any working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

enum Schemas {
    static let whitelabelPay = repositoryRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path
    static let kitchenSink = repositoryRoot.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
    static let all = [whitelabelPay, kitchenSink]
}

struct CommandResult {
    var status: Int32
    var output: Data
    var errors: String
    var text: String { String(decoding: output, as: UTF8.self) }
}

/// Runs an executable, feeding nothing and collecting both streams (read concurrently, so large
/// outputs cannot fill a pipe and block).
func runProcess(_ executable: URL, _ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = errors.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, output: outData, errors: String(decoding: errData, as: UTF8.self))
}

/// The `client-generator` executable.
let generatorExecutable = builtExecutable(named: "client-generator")

func runGenerator(_ arguments: [String]) throws -> CommandResult {
    try runProcess(generatorExecutable, arguments)
}

/// `python3` from PATH, or nil.
func findPython() -> URL? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}

extension XCTestCase {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schema-export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
