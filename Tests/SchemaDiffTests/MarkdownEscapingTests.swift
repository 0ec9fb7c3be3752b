import SchemaDiff
import SchemaModel
import XCTest

/// Issue 25 line 7: `diff --format markdown` writes schema text (wire names, values, patterns, names) as
/// text, so a hostile schema cannot add headings, list items, table rows or formatting to release notes.
final class MarkdownEscapingTests: XCTestCase {
    private let old = """
        api: Mini
        version: "1"
        environments:
          local: { url: "http://127.0.0.1" }
        types:
          Invoice:
            fields:
              number: string
              kind: { type: Kind, optional: true }
          Kind:
            enum: [a, b]
        operations:
          invoice:
            http: GET /invoice
            response: Invoice
        """

    private func hostile(version: String = "2") -> String {
        old.replacingOccurrences(of: "version: \"1\"", with: "version: \"\(version)\"")
            .replacingOccurrences(
                of: "number: string",
                with: #"number: { type: string, wire: "n|x\r\n## Injected heading\n| a | b |\n|---|---|\n- item `code` <b>x</b>" }"#
            )
            .replacingOccurrences(of: "enum: [a, b]", with: #"enum: { a: a, b: b, evil: "c\u2028# Top\n> quote *em* [l](http://x) $x$ &amp; \\" }"#)
    }

    private func markdown(_ old: String, _ new: String) throws -> String {
        DiffReport(old: try schema(old, file: "old.yaml"), oldName: "old.yaml", new: try schema(new, file: "new.yaml"), newName: "new.yaml")
            .rendered(as: .markdown)
    }

    /// The text format goes to a terminal: line breaks and escape sequences in schema text are shown as
    /// `\u{…}`, so every change is still its three lines and nothing reaches the terminal raw.
    func testTheTextFormatShowsControlCharactersInsteadOfSendingThem() throws {
        let escape = old.replacingOccurrences(of: "version: \"1\"", with: "version: \"2\"")
            .replacingOccurrences(of: "number: string", with: #"number: { type: string, wire: "n\e[2J\r\nfake: line" }"#)
        let text = DiffReport(
            old: try schema(old, file: "old.yaml"), oldName: "old.yaml", new: try schema(escape, file: "new.yaml"), newName: "new.yaml"
        ).rendered(as: .text)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 1 + 4 + 1, text)  // the summary, one change (blank line + 3), the final newline
        XCTAssertTrue(text.contains(#"wire name 'number' -> 'n\u{1B}[2J\u{D}\u{A}fake: line'"#), text)
    }

    func testHostileWireNamesAndValuesStayInTheirListItems() throws {
        let text = try markdown(old, hostile())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("#") },
            [
                "# Mini 2", "## Breaking for apps already in the field",
                "## Breaking for servers and payload producers (new clients against old servers, captured payloads)",
                "## Breaking for Swift code that calls the library",
            ], text)
        // The wire-name change in both wire sections, the new case in the source section: three items, and
        // every other line is empty or the one paragraph.
        XCTAssertEqual(lines.filter { $0.hasPrefix("- ") }.count, 3, text)
        XCTAssertEqual(lines.filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("- ") }.count, 1, text)
        XCTAssertFalse(text.contains("\r") || text.contains("\u{2028}"), text)
        XCTAssertEqual(
            lines.first { $0.hasPrefix("- type Invoice") },
            ##"- type Invoice\.field number: wire name 'number' \-\> 'n\|x\u\{D\}\u\{A\}\#\# Injected heading\u\{A\}\| a \| b \|\u\{A\}\|\-\-\-\|\-\-\-\|\u\{A\}\- item \`code\` \<b\>x\</b\>' — the key or parameter is sent and read under a different name. (`field-wire-name-changed`)"##
        )
        XCTAssertEqual(
            lines.first { $0.hasPrefix("- type Kind") },
            ##"- type Kind\.case evil: added \(value 'c\u\{2028\}\# Top\u\{A\}\> quote \*em\* \[l\]\(http://x\) \$x\$ \&amp; \\'\) — an exhaustive switch over the enum misses the new case. (`enum-case-added`)"##
        )
    }

    func testTheTitleEscapesTheVersion() throws {
        let text = try markdown(old, hostile(version: "2\\n# Owned | <script>"))
        XCTAssertTrue(text.hasPrefix(##"# Mini 2\u\{A\}\# Owned \| \<script\>"## + "\n"), text)
    }
}
