import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--output` of export, describe, import and meta-schema writes to what the path names and never
/// replaces something that is not a regular file: run as root, an atomic write to `-o /dev/null` once
/// replaced the machine's null device with a regular file. Every case runs all four commands, which
/// share one writer.
final class OutputPathTests: XCTestCase {
    private var folder: URL!
    /// Each command's arguments without `--output`, with the text it prints to standard output.
    private var commands: [(name: String, arguments: [String], expected: Data)] = []

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let openAPI = folder.appendingPathComponent("whitelabelpay.openapi.json")
        let export = try runGenerator(["export", Schemas.whitelabelPay, "--format", "openapi"])
        XCTAssertEqual(export.status, 0, export.errors)
        try export.output.write(to: openAPI)
        for (name, arguments) in [
            ("export", ["export", Schemas.whitelabelPay, "--format", "openapi"]),
            ("describe", ["describe", Schemas.whitelabelPay, "--json"]),
            ("meta-schema", ["meta-schema"]),
            ("import", ["import", openAPI.path, "--quiet"]),
        ] {
            let run = try runGenerator(arguments)
            XCTAssertEqual(run.status, 0, "\(name): \(run.errors)")
            XCTAssertFalse(run.output.isEmpty, name)
            commands.append((name, arguments, run.output))
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The file type lstat reports (a link is a link, not what it names).
    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    func testASymbolicLinkKeepsPointingAtTheFileItNames() throws {
        for command in commands {
            let target = path("\(command.name).target")
            let link = path("\(command.name).link")
            try Data("old".utf8).write(to: URL(fileURLWithPath: target))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let run = try runGenerator(command.arguments + ["--output", link])
            XCTAssertEqual(run.status, 0, "\(command.name): \(run.errors)")
            XCTAssertEqual(fileType(link), S_IFLNK, "\(command.name): the link is still a link")
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target, command.name)
            XCTAssertEqual(FileManager.default.contents(atPath: target), command.expected, "\(command.name): the target got the text")
        }
    }

    /// A FIFO stays a FIFO and its reader gets the whole text. The reader opens it without blocking
    /// first, so a tool that replaced the FIFO instead of opening it cannot hang the test.
    func testAFIFOIsWrittenThroughNotReplaced() throws {
        for command in commands {
            let fifo = path("\(command.name).fifo")
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            XCTAssertGreaterThanOrEqual(reader, 0)
            defer { close(reader) }
            let finished = Flag()
            nonisolated(unsafe) var run: CommandResult?
            let arguments = command.arguments + ["--output", fifo]
            DispatchQueue.global().async {
                run = try? runGenerator(arguments)
                finished.set()
            }
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let done = finished.isSet
                let count = read(reader, &buffer, buffer.count)
                if count > 0 {
                    received.append(contentsOf: buffer[0..<count])
                } else if done {
                    break
                } else {
                    usleep(5000)
                }
            }
            XCTAssertEqual(run?.status, 0, "\(command.name): \(run?.errors ?? "did not run")")
            XCTAssertEqual(fileType(fifo), S_IFIFO, "\(command.name): the FIFO is still a FIFO")
            XCTAssertEqual(received, command.expected, "\(command.name): the FIFO's reader got the text")
        }
    }

    /// A character device is written through and stays a device. As root the test makes its own null
    /// device node (so a regression replaces that node, not /dev/null); otherwise it uses /dev/null,
    /// which a user cannot replace.
    func testADeviceIsWrittenThroughNotReplaced() throws {
        let ownNode = path("null")
        let device: String
        if getuid() == 0 {
            var null = stat()
            XCTAssertEqual(stat("/dev/null", &null), 0)
            XCTAssertEqual(mknod(ownNode, S_IFCHR | 0o666, null.st_rdev), 0, "mknod of a null device")
            device = ownNode
        } else {
            device = "/dev/null"
        }
        var before = stat()
        XCTAssertEqual(stat(device, &before), 0)
        for command in commands {
            let run = try runGenerator(command.arguments + ["--output", device])
            XCTAssertEqual(run.status, 0, "\(command.name): \(run.errors)")
            var after = stat()
            XCTAssertEqual(lstat(device, &after), 0)
            XCTAssertEqual(after.st_mode & S_IFMT, S_IFCHR, "\(command.name): \(device) is still a character device")
            XCTAssertEqual(after.st_rdev, before.st_rdev, command.name)
        }
    }

    /// `-o` through a link to /dev/stdout (a stream, here a pipe) writes to standard output.
    func testALinkToStandardOutputWritesToStandardOutput() throws {
        let link = path("stdout")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/stdout")
        for command in commands {
            let run = try runGenerator(command.arguments + ["--output", link])
            XCTAssertEqual(run.status, 0, "\(command.name): \(run.errors)")
            XCTAssertEqual(run.output.prefix(command.expected.count), command.expected, command.name)
            XCTAssertEqual(fileType(link), S_IFLNK, "\(command.name): the link is still a link")
        }
    }

    /// A folder, a link to nothing and a path in a missing folder are refused with a clear message
    /// and exit status 1; nothing is created or replaced.
    func testFoldersAndMissingTargetsAreRefused() throws {
        let directory = path("folder")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let dangling = path("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: path("missing"))
        for command in commands {
            let intoFolder = try runGenerator(command.arguments + ["--output", directory])
            XCTAssertEqual(intoFolder.status, 1, command.name)
            XCTAssertEqual(intoFolder.errors, "error: cannot write --output \(directory): it is a folder; give a file name\n", command.name)
            XCTAssertEqual(fileType(directory), S_IFDIR)

            let throughDangling = try runGenerator(command.arguments + ["--output", dangling])
            XCTAssertEqual(throughDangling.status, 1, command.name)
            XCTAssertTrue(throughDangling.errors.contains("it is a symbolic link to '\(path("missing"))', which does not exist"), throughDangling.errors)
            XCTAssertEqual(fileType(dangling), S_IFLNK, "\(command.name): the link is left alone")
            XCTAssertNil(fileType(path("missing")), command.name)

            let inMissingFolder = try runGenerator(command.arguments + ["--output", path("nowhere/out")])
            XCTAssertEqual(inMissingFolder.status, 1, command.name)
            XCTAssertTrue(inMissingFolder.errors.contains("the folder '\(path("nowhere"))' does not exist"), inMissingFolder.errors)
        }
    }

    /// A regular file (new or existing) is still replaced as a whole.
    func testARegularFileIsReplaced() throws {
        for command in commands {
            let file = path("\(command.name).out")
            try Data("old".utf8).write(to: URL(fileURLWithPath: file))
            let run = try runGenerator(command.arguments + ["--output", file])
            XCTAssertEqual(run.status, 0, "\(command.name): \(run.errors)")
            XCTAssertEqual(FileManager.default.contents(atPath: file), command.expected, command.name)
            let fresh = path("\(command.name).new")
            XCTAssertEqual(try runGenerator(command.arguments + ["--output", fresh]).status, 0)
            XCTAssertEqual(FileManager.default.contents(atPath: fresh), command.expected, command.name)
        }
    }
}

/// Set once by the thread running the tool, read by the test's loop.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
