import Foundation

/// Deterministic pseudo-random numbers (SplitMix64) for mutation and fuzz tests, so a failure can be
/// reproduced from its seed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// An executable product of this package, for tests that run a tool as a user does. SwiftPM builds
/// executables into the products folder that holds the test bundle (macOS) or the test executable
/// (Linux, where `Bundle.main` is that folder); the test target must depend on the executable.
public func builtExecutable(named name: String) -> URL {
    #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
    #else
        let products = Bundle.main.bundleURL
    #endif
    return products.appendingPathComponent(name)
}

/// What a tool run printed and how it exited.
public struct ToolRun: Sendable {
    public let status: Int32
    public let output: String
    public let errors: String
}

/// Runs `executable` with `arguments` (in `directory` when given) and collects both output streams.
/// Standard error is read on another thread while standard output is read here, so a tool that
/// fills one pipe while the test waits on the other cannot hang the test.
public func runTool(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> ToolRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorData = ErrorStreamBuffer()
    let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(
        status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
        errors: String(decoding: errorData.wait(), as: UTF8.self))
}

/// The standard error bytes, handed from the reading thread to the caller.
private final class ErrorStreamBuffer: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()
    func set(_ value: Data) {
        data = value
        done.signal()
    }
    func wait() -> Data {
        done.wait()
        return data
    }
}
