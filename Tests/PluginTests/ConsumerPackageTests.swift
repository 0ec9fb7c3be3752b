import Foundation
import XCTest

/// Builds Tests/Fixtures/ConsumerPackage, a package that depends on this one and generates its own
/// client with the ClientGeneratorPlugin, with the real `swift` command: clean build, no-change
/// rebuild, schema edit, the command plugin and a broken schema. Slow (it builds Yams and the
/// generator once), so it runs only with RUN_PLUGIN_TESTS=1.
final class ConsumerPackageTests: XCTestCase {
    static let target = "consumer-demo"

    /// The root of this package: Tests/PluginTests/ConsumerPackageTests.swift is three levels down.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testConsumerPackageBuildsRebuildsAndReviews() throws {
        guard ProcessInfo.processInfo.environment["RUN_PLUGIN_TESTS"] == "1" else {
            throw XCTSkip("builds a fixture package with `swift build` (a minute or more); run it with RUN_PLUGIN_TESTS=1 swift test --filter PluginTests")
        }
        let fileManager = FileManager.default

        // One temporary folder for every step, so the dependencies are built once.
        let temporary = fileManager.temporaryDirectory.appendingPathComponent("PluginTests-\(UUID().uuidString)")
        try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["KEEP_PLUGIN_TEST_DIR"] == "1" {
            print("PluginTests: keeping \(temporary.path)")
        } else {
            addTeardownBlock { try? FileManager.default.removeItem(at: temporary) }
        }

        // The dependency is a symlink with a fixed name, so its package identity is `schema-clients`
        // whatever folder this checkout lives in.
        let link = temporary.appendingPathComponent("schema-clients")
        try fileManager.createSymbolicLink(at: link, withDestinationURL: Self.packageRoot)
        let package = temporary.appendingPathComponent("ConsumerPackage")
        try fileManager.copyItem(at: Self.packageRoot.appendingPathComponent("Tests/Fixtures/ConsumerPackage"), to: package)
        for leftover in [".build", ".swiftpm", "Package.resolved", "Review"] {
            try? fileManager.removeItem(at: package.appendingPathComponent(leftover))
        }
        let manifest = package.appendingPathComponent("Package.swift")
        let manifestText = try String(contentsOf: manifest, encoding: .utf8)
        let placeholder = #".package(path: "../../..")"#
        XCTAssertTrue(manifestText.contains(placeholder), "the fixture's Package.swift must depend on \(placeholder)")
        try manifestText.replacingOccurrences(of: placeholder, with: ".package(path: \"\(link.path)\")")
            .write(to: manifest, atomically: true, encoding: .utf8)

        let schema = package.appendingPathComponent("Sources/\(Self.target)/petshop.yaml")
        let originalSchema = try String(contentsOf: schema, encoding: .utf8)
        let generatingLine = "Generating the \(Self.target) client from petshop.yaml"
        let executable = package.appendingPathComponent(".build/debug/\(Self.target)")

        // a. Clean build of the target: the plugin generates the client.
        let clean = try run(["swift", "build", "--target", Self.target], in: package, timeout: 2400)
        XCTAssertEqual(clean.status, 0, "clean build failed:\n\(clean.output)")
        XCTAssertTrue(clean.output.contains(generatingLine), "no '\(generatingLine)' in:\n\(clean.output)")
        XCTAssertTrue(clean.output.contains("client-generator: Petshop: 3 types, 2 operations; wrote 35 of 35 files"), clean.output)
        print("PluginTests: clean build of the fixture's target: \(clean.seconds) s")

        // Depending on a client and the plugin resolves only what they need: Yams, the generator's one
        // package; never swift-argument-parser (the commands' parser, whose command plugins SwiftPM would
        // compile in every consumer build) or the sandbox's server stack: Package.swift declares no product
        // that reaches them. Building the target builds only what generating needs: the plugins' tool is
        // `client-generator-build`, without the CLI's other commands.
        let checkouts = try fileManager.contentsOfDirectory(atPath: package.appendingPathComponent(".build/checkouts").path)
        XCTAssertEqual(Set(checkouts), ["Yams"], "the fixture resolved more than the plugin and the client need")
        for foreignPlugin in ["GenerateManual", "GenerateDoccReference"] {
            XCTAssertFalse(clean.output.contains("Compiling plugin \(foreignPlugin)"), "the consumer compiled \(foreignPlugin):\n\(clean.output)")
        }
        // (SwiftPM makes a `<module>.build` folder for every module it plans; a built one holds objects.)
        let buildFolder = package.appendingPathComponent(".build/debug").resolvingSymlinksInPath()
        let builtModules = try fileManager.contentsOfDirectory(atPath: buildFolder.path).filter { folder in
            let objects = fileManager.enumerator(atPath: buildFolder.appendingPathComponent(folder).path)?.contains { ($0 as? String)?.hasSuffix(".o") == true }
            return folder.hasSuffix(".build") && objects == true
        }
        XCTAssertTrue(builtModules.contains { $0.hasPrefix("SwiftRenderer") }, "no SwiftRenderer among the built modules: \(builtModules.sorted())")
        for unneeded in ["ArgumentParser", "SchemaDiff", "SchemaImport", "SchemaExport", "PayloadValidation", "client_generator.", "client_generator-"] {
            XCTAssertFalse(
                builtModules.contains { $0.hasPrefix(unneeded) },
                "building the target built \(unneeded), which generating a client does not need: \(builtModules.sorted())")
        }

        // The whole package: the executable uses the client. A plain `swift build` builds every executable
        // product of a dependency: there is none, so it builds nothing of the commands either.
        let all = try run(["swift", "build"], in: package, timeout: 2400)
        XCTAssertEqual(all.status, 0, "build failed:\n\(all.output)")
        for foreign in [
            "Compiling plugin GenerateManual", "Compiling plugin GenerateDoccReference", "Compiling ArgumentParser", "Linking client-generator\n",
            "Compiling SchemaImport",
        ] {
            XCTAssertFalse(all.output.contains(foreign), "a plain build of the consumer did \(foreign):\n\(all.output)")
        }

        let expected = """
            pet: 7 Rex dog 129.5 Rexy
            species: dog,cat,bird
            baseURL: https://pets.example/petshop/v1
            error: petNotFound status=404 retryable=false
            error: busy status=503 retryable=true
            operations: listPets,getPet

            """
        let firstRun = try run([executable.path], in: package, timeout: 60)
        XCTAssertEqual(firstRun.status, 0, firstRun.output)
        XCTAssertEqual(firstRun.output, expected)

        // The build right after a clean one may rerun the generator: SwiftPM (6.3) relinks the plugin's
        // tool once, as its tools build and the main build each record it. It must succeed; from then
        // on a build without changes must not run the generator.
        let settle = try run(["swift", "build"], in: package, timeout: 600)
        XCTAssertEqual(settle.status, 0, settle.output)
        print("PluginTests: second build (no change, after the clean build): \(settle.seconds) s")

        let generated = try generatedFolder(in: package)
        // The plugin declares the same 35 names whatever the schema's size (docs/Plugin.md): the core files and
        // 32 shards of types and operations; the generator writes every one of them.
        let generatedNames = try FileManager.default.contentsOfDirectory(atPath: generated.path).filter { $0.hasSuffix(".generated.swift") }.sorted()
        XCTAssertEqual(generatedNames.count, 35, "\(generatedNames)")
        for name in [
            "Types.generated.swift", "Errors.generated.swift", "Client.generated.swift", "Shard.00.generated.swift",
            "Shard.31.generated.swift",
        ] {
            XCTAssertTrue(generatedNames.contains(name), "no \(name) among \(generatedNames)")
        }
        let beforeNoChange = try modificationDates(generatedNames, in: generated)
        let noChange = try run(["swift", "build"], in: package, timeout: 600)
        XCTAssertEqual(noChange.status, 0, noChange.output)
        XCTAssertFalse(noChange.output.contains("Generating the"), "a build with no change ran the generator:\n\(noChange.output)")
        XCTAssertFalse(noChange.output.contains("client-generator:"), noChange.output)
        XCTAssertEqual(try modificationDates(generatedNames, in: generated), beforeNoChange)
        print("PluginTests: no-change rebuild: \(noChange.seconds) s")

        // b. Editing the schema regenerates on the next build; only the changed file (the shard that holds
        // the edited enum) is rewritten.
        let edited = originalSchema.replacingOccurrences(of: "enum: [dog, cat, bird]", with: "enum: [dog, cat, bird, fish]")
        XCTAssertNotEqual(edited, originalSchema, "the fixture schema no longer has the Species enum this test edits")
        try edited.write(to: schema, atomically: true, encoding: .utf8)
        let beforeEdit = try modificationDates(generatedNames, in: generated)
        let editBuild = try run(["swift", "build"], in: package, timeout: 600)
        XCTAssertEqual(editBuild.status, 0, editBuild.output)
        XCTAssertTrue(editBuild.output.contains(generatingLine), "editing the schema did not rerun the generator:\n\(editBuild.output)")
        XCTAssertTrue(editBuild.output.contains("client-generator: Petshop: 3 types, 2 operations; wrote 1 of 35 files"), editBuild.output)
        let afterEdit = try modificationDates(generatedNames, in: generated)
        let speciesFile = try XCTUnwrap(
            generatedNames.first { name in
                (try? String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8))?.contains("public enum Species:") == true
            }, "no generated file declares Species")
        XCTAssertTrue(speciesFile.hasPrefix("Shard."), speciesFile)
        for name in generatedNames {
            if name == speciesFile {
                XCTAssertNotEqual(afterEdit[name], beforeEdit[name], "\(name) holds the edited enum but was not rewritten")
            } else {
                XCTAssertEqual(afterEdit[name], beforeEdit[name], "\(name) was rewritten although the edit does not touch it")
            }
        }
        print("PluginTests: rebuild after editing the schema: \(editBuild.seconds) s")

        let secondRun = try run([executable.path], in: package, timeout: 60)
        XCTAssertEqual(secondRun.status, 0, secondRun.output)
        XCTAssertEqual(secondRun.output, expected.replacingOccurrences(of: "species: dog,cat,bird\n", with: "species: dog,cat,bird,fish\n"))

        // c. And again without a change: the generator does not run, its files are untouched.
        let noChangeAfterEdit = try run(["swift", "build"], in: package, timeout: 600)
        XCTAssertEqual(noChangeAfterEdit.status, 0, noChangeAfterEdit.output)
        XCTAssertFalse(noChangeAfterEdit.output.contains("Generating the"), "a build with no change ran the generator:\n\(noChangeAfterEdit.output)")
        XCTAssertEqual(try modificationDates(generatedNames, in: generated), afterEdit)
        print("PluginTests: no-change rebuild after the edit: \(noChangeAfterEdit.seconds) s")

        // d. The command plugin writes the same code to a folder for review.
        let review = try run(
            [
                "swift", "package", "--allow-writing-to-package-directory", "generate-client-code",
                "--target", Self.target, "--output", "Review",
            ], in: package, timeout: 900)
        XCTAssertEqual(review.status, 0, review.output)
        XCTAssertTrue(review.output.contains("Wrote the \(Self.target) client to"), review.output)
        let reviewFolder = package.appendingPathComponent("Review/\(Self.target)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: reviewFolder.path).sorted(), generatedNames)
        var allReviewed = ""
        for name in generatedNames {
            let reviewed = try String(contentsOf: reviewFolder.appendingPathComponent(name), encoding: .utf8)
            allReviewed += reviewed
            let built = try String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(reviewed, built, "\(name) written for review differs from the one the build compiled")
        }
        for declaration in [
            "public struct Pet:", "public enum Species:", "case fish", "public enum PetshopError:", "case petNotFound(",
            "public struct PetshopClient:", "func getPet(", "func listPets(",
        ] {
            XCTAssertTrue(allReviewed.contains(declaration), "the code written for review has no '\(declaration)'")
        }

        // e. A schema mistake fails the build with a compiler-style diagnostic pointing into the schema.
        var lines = edited.components(separatedBy: "\n")
        let summaryIndex = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("summary:") }, "the fixture schema has no top-level summary")
        lines[summaryIndex] = lines[summaryIndex].replacingOccurrences(of: "summary:", with: "sumary:")
        try lines.joined(separator: "\n").write(to: schema, atomically: true, encoding: .utf8)
        let broken = try run(["swift", "build"], in: package, timeout: 600)
        XCTAssertNotEqual(broken.status, 0, "a build with a broken schema succeeded:\n\(broken.output)")
        let diagnostic = "petshop.yaml:\(summaryIndex + 1):1: error: unknown key 'sumary'"
        XCTAssertTrue(broken.output.contains("/\(Self.target)/\(diagnostic)"), "no '\(diagnostic)' in:\n\(broken.output)")

        // Fixing the schema makes the build succeed again.
        try edited.write(to: schema, atomically: true, encoding: .utf8)
        let fixed = try run(["swift", "build"], in: package, timeout: 600)
        XCTAssertEqual(fixed.status, 0, fixed.output)
    }

    // MARK: Helpers

    struct Outcome {
        var status: Int32
        var output: String
        var seconds: String
    }

    /// Runs a command through /usr/bin/env, standard output and error together, and waits at most
    /// `timeout` seconds.
    func run(_ arguments: [String], in directory: URL, timeout: TimeInterval) throws -> Outcome {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("PluginTests-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        let started = Date()
        try process.run()
        let deadline = started.addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            XCTFail("\(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s:\n\(output)")
            return Outcome(status: -1, output: output, seconds: "timeout")
        }
        process.waitUntilExit()
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        let output = try String(contentsOf: log, encoding: .utf8)
        return Outcome(status: process.terminationStatus, output: output, seconds: seconds)
    }

    /// The folder the build-tool plugin generates the fixture target's client into (under
    /// .build/plugins/outputs; SwiftPM chooses the rest of the path).
    func generatedFolder(in package: URL) throws -> URL {
        let outputs = package.appendingPathComponent(".build/plugins/outputs")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil))
        var found: [URL] = []
        for case let url as URL in enumerator where url.lastPathComponent == "Client.generated.swift" {
            if url.pathComponents.contains(Self.target) { found.append(url.deletingLastPathComponent()) }
        }
        XCTAssertEqual(found.count, 1, "expected one generated folder for \(Self.target) under \(outputs.path), found \(found)")
        return try XCTUnwrap(found.first)
    }

    func modificationDates(_ names: [String], in folder: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for name in names {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            dates[name] = try XCTUnwrap(attributes[.modificationDate] as? Date, name)
        }
        return dates
    }
}
