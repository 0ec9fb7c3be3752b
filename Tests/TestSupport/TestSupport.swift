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
    builtProductsFolder.appendingPathComponent(name)
}

/// The products folder of this build: its executables, and the `Modules` folder that holds the compiled
/// modules (ClientRuntime's, against which tests type-check generated code).
public var builtProductsFolder: URL {
    #if os(macOS)
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
    #else
        Bundle.main.bundleURL
    #endif
}

/// What a tool run printed and how it exited.
public struct ToolRun: Sendable {
    public let status: Int32
    public let output: String
    public let errors: String
}

/// Runs `executable` with `arguments` (in `directory` when given, with `standardInput` on its standard
/// input when given) and collects both output streams. Standard error is read on another thread while
/// standard output is read here, so a tool that fills one pipe while the test waits on the other cannot
/// hang the test.
public func runTool(_ executable: URL, _ arguments: [String], in directory: URL? = nil, standardInput: String? = nil) throws -> ToolRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    if standardInput != nil { process.standardInput = input }
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    if let standardInput {
        input.fileHandleForWriting.write(Data(standardInput.utf8))
        try input.fileHandleForWriting.close()
    }
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

/// What a tool took from a stream on its standard input.
public struct StreamedRun: Sendable {
    public let run: ToolRun
    /// Bytes the tool's standard input accepted before the tool closed it (at most a pipe buffer more
    /// than the tool read).
    public let accepted: Int
}

/// Runs `executable` with a pipe on standard input into which up to `total` bytes of `byte` are
/// written as fast as the tool takes them: an input of unknown size, as `producer | tool` gives. A
/// tool that stops reading and exits ends the stream (the writes fail with EPIPE, which this process
/// then ignores instead of dying of SIGPIPE). A tool still running after `timeout` seconds is stopped.
public func runToolStreaming(_ executable: URL, _ arguments: [String], total: Int, of byte: UInt8 = 0x20, timeout: TimeInterval = 120) throws -> StreamedRun {
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Only the tool may hold the read end, so its exit ends the stream.
    try? input.fileHandleForReading.close()
    let accepted = StreamCounter()
    let writer = Thread {
        let chunk = [UInt8](repeating: byte, count: 1 << 16)
        let descriptor = input.fileHandleForWriting.fileDescriptor
        var written = 0
        while written < total {
            let count = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress!, min($0.count, total - written)) }
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            written += count
        }
        try? input.fileHandleForWriting.close()
        accepted.set(written)
    }
    writer.start()
    let errorData = ErrorStreamBuffer()
    let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    timer.cancel()
    let run = ToolRun(
        status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
        errors: String(decoding: errorData.wait(), as: UTF8.self))
    return StreamedRun(run: run, accepted: accepted.wait())
}

/// The writer thread's count, handed to the caller once the writer is done.
private final class StreamCounter: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value = 0
    func set(_ count: Int) {
        value = count
        done.signal()
    }
    func wait() -> Int {
        done.wait()
        return value
    }
}
