import Foundation
import FuzzSupport
import SchemaDiff
import SchemaModel

/// Fuzz target (e): `client-generator diff` (Generator/SchemaDiff), which compares two schema versions,
/// one of them often from someone else's branch, and renders the comparison as text, JSON and the
/// Markdown of release notes. The input is both schemas, the old one, a NUL byte, the new one (without
/// a NUL both sides are the same text). Any pair must give a report in every format: never a crash or a
/// hang; the JSON must parse, and the Markdown must keep every change in one list item under the
/// report's own headings, whatever the schemas' names and values hold (docs/SchemaDiff.md).
///
/// Built with `-sanitize=fuzzer -DFUZZING` by Tests/Fuzz/run.sh, this is a libFuzzer target. In a
/// normal build it is a small tool that diffs the files it is given, to replay fuzz findings by hand;
/// `fuzz-diff --write-seeds <folder>` writes the seeds from Tests/Fixtures/DiffCorpus.
enum DiffFuzz {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let sides = Array(bytes).split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let oldText = String(decoding: sides[0], as: UTF8.self)
        let newText = sides.count > 1 ? String(decoding: sides[1], as: UTF8.self) : oldText
        guard let old = SchemaLoader.load(text: oldText, file: "old.yaml").schema,
            let new = SchemaLoader.load(text: newText, file: "new.yaml").schema
        else { return }
        let report = DiffReport(old: old, oldName: "old.yaml", new: new, newName: "new.yaml")
        _ = report.rendered(as: .text)
        let json = report.rendered(as: .json)
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil else { fatalError("the JSON report does not parse:\n\(json)") }
        if let problem = markdownProblem(report.rendered(as: .markdown), report) { fatalError("\(problem)") }
    }

    /// Why the Markdown is not the report's shape: its title, one paragraph, the section headings, and
    /// one list item per change in each section it belongs to. nil when it is.
    static func markdownProblem(_ markdown: String, _ report: DiffReport) -> String? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let headings = lines.filter { $0.hasPrefix("#") }
        let sections = [report.breaksClients, report.breaksProducers, report.breaksSource, report.changes.filter { !$0.isBreaking }]
        let expectedHeadings = 1 + sections.filter { !$0.isEmpty }.count
        guard headings.count == expectedHeadings else { return "\(headings.count) headings, expected \(expectedHeadings):\n\(markdown)" }
        let items = lines.filter { $0.hasPrefix("- ") }.count
        let expectedItems = sections.map(\.count).reduce(0, +)
        guard items == expectedItems else { return "\(items) list items, expected \(expectedItems):\n\(markdown)" }
        let other = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("- ") }
        let paragraphs = report.changes.isEmpty ? 2 : 1
        guard other.count == paragraphs else { return "\(other.count) other lines, expected \(paragraphs):\n\(markdown)" }
        // A table needs a `|` that is not escaped; a break inside a line is no line break at all.
        guard !lines.contains(where: { $0.contains("\r") || $0.contains("\u{2028}") || $0.contains("\u{2029}") }) else { return "a line break:\n\(markdown)" }
        return nil
    }

    /// Each pair of the diff corpus as one input (old, NUL, new).
    static func seeds() throws -> [(name: String, bytes: [UInt8])] {
        let corpus = root.appendingPathComponent("Tests/Fixtures/DiffCorpus")
        return try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().map { name in
            let folder = corpus.appendingPathComponent(name)
            let old = try Data(contentsOf: folder.appendingPathComponent("old.yaml"))
            let new = try Data(contentsOf: folder.appendingPathComponent("new.yaml"))
            return (name, Array(old) + [0] + Array(new))
        }
    }
}

@main
struct DiffFuzzMain {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--write-seeds", arguments.count > 1 {
            let seeds = try DiffFuzz.seeds()
            for seed in seeds {
                try Data(seed.bytes).write(to: URL(fileURLWithPath: arguments[1]).appendingPathComponent(seed.name))
            }
            print("wrote \(seeds.count) seeds to \(arguments[1])")
            arguments = []
        }
        try FuzzDriver.run(DiffFuzz.run, arguments: arguments)
    }
}
