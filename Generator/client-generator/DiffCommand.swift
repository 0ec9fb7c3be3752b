import ArgumentParser
import Foundation
import SchemaDiff
import SchemaModel

extension DiffFormat: ExpressibleByArgument {}
extension FailurePolicy: ExpressibleByArgument {}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lists what changed between two versions of a schema and what each change breaks.",
        discussion: """
            Every change is shown with its location in both files and two verdicts: wire (breaks deployed \
            clients / breaks servers or payload producers / compatible) and Swift source (breaking / \
            compatible), each with its reason, plus the semantic version bump the generated library needs. \
            A construct marked `renamedFrom: oldName` is reported as a rename; otherwise a rename is a removal \
            and an addition. The rules and the JSON format: docs/SchemaDiff.md.

            Each schema is a file, or REVISION:PATH for the file in a git revision (the path relative to \
            the repository root, as `git show` takes it; a revision cannot start with -).

            Exit status: 0 when the comparison ran (whatever changed), 1 when --fail-on finds a breaking \
            change, 2 when a schema cannot be read or has errors (the diagnostics of both are printed).

            Examples:
              client-generator diff main:Schemas/finaptic.yaml Schemas/finaptic.yaml
              client-generator diff old.yaml new.yaml --format markdown > RELEASE-NOTES.md
              client-generator diff v1.2.0:Schemas/bsa.yaml Schemas/bsa.yaml --fail-on wire
            """
    )

    @Argument(help: "The previous schema: a file or REVISION:PATH.")
    var old: String

    @Argument(help: "The new schema: a file or REVISION:PATH.")
    var new: String

    @Option(help: "Output format: text, json or markdown (release notes).")
    var format: DiffFormat = .text

    @Option(name: .customLong("fail-on"), help: "Exit with status 1 when a change breaks: wire, source or any (either).")
    var failOn: FailurePolicy?

    func run() throws {
        // Both are loaded (and their diagnostics printed) before either failure stops the command.
        let oldSchema = SchemaReport.load(SchemaSource.input(old), exitCode: 2)
        let newSchema = SchemaReport.load(SchemaSource.input(new), exitCode: 2)
        guard case .success(let before) = oldSchema, case .success(let after) = newSchema else { throw ExitCode(2) }
        let report = DiffReport(old: before.schema, oldName: old, new: after.schema, newName: new)
        FileHandle.standardOutput.write(Data(report.rendered(as: format).utf8))
        if let failOn, failOn.fails(report.changes) { throw ExitCode(1) }
    }
}

/// Reads a schema from a file or from a git revision (`main:Schemas/x.yaml`).
enum SchemaSource {
    static func input(_ argument: String) -> SchemaInput {
        if FileManager.default.fileExists(atPath: argument) { return .file(path: argument) }
        guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else {
            return .unreadable(file: argument, message: "cannot read the schema: no such file (for a git revision write REVISION:PATH)")
        }
        if let problem = GitObject.problem(revision: argument[..<colon]) {
            return .unreadable(file: argument, message: "cannot read the schema from git: \(problem)")
        }
        switch gitBlob(argument) {
        case .success(let text):
            return .text(text, file: argument, exampleFiles: exampleFiles(besideGitObject: argument))
        case .failure(let message):
            return .unreadable(file: argument, message: "cannot read the schema from git: \(message)")
        }
    }

    /// `$file` examples of a schema read from git come from the same revision, next to the schema there.
    private static func exampleFiles(besideGitObject object: String) -> ExampleFileSource {
        let colon = object.firstIndex(of: ":")!
        let revision = object[..<colon]
        let schemaPath = String(object[object.index(after: colon)...])
        return ExampleFileSource { relative in
            let folder = (schemaPath as NSString).deletingLastPathComponent
            let path = ((folder as NSString).appendingPathComponent(relative) as NSString).standardizingPath
            let location = "\(revision):\(path)"
            if case .success(let text) = gitBlob(location) { return (text, location) }
            return (nil, location)
        }
    }

    private enum GitResult {
        case success(String)
        case failure(String)
    }

    /// The blob `REVISION:PATH` in the current directory (`git cat-file blob`, which prints the file's bytes
    /// as `git show` does for a file). The revision was checked by `GitObject.problem`, and
    /// `--end-of-options` makes git read the object as an object whatever it looks like.
    private static func gitBlob(_ object: String) -> GitResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "cat-file", "blob", "--end-of-options", object]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure("cannot run git: \(error.localizedDescription)")
        }
        // Read before waiting so a large file cannot fill the pipe and block git.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(errorText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard let text = String(data: data, encoding: .utf8) else { return .failure("the file is not UTF-8 text") }
        return .success(text)
    }
}

/// What a `REVISION:PATH` argument may name. The revision goes to git as an argument, so it must never
/// be read as an option (`--output=/tmp/x:y.yaml` once made `git show` write a file).
enum GitObject {
    /// Why `revision` cannot be a git revision, or nil when it can be passed to git.
    static func problem(revision: Substring) -> String? {
        if revision.hasPrefix("-") {
            return "the revision '\(revision)' starts with '-', which git would read as an option; no revision name starts with '-'"
        }
        if revision.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the revision contains a control character"
        }
        return nil
    }
}
