import Foundation
import SchemaModel

/// `client-generator diff` output formats.
public enum DiffFormat: String, Sendable, CaseIterable {
    case text, json, markdown
}

extension DiffReport {
    public func rendered(as format: DiffFormat) -> String {
        switch format {
        case .text: return TextDiffRenderer.render(self)
        case .json: return JSONDiffRenderer.render(self)
        case .markdown: return MarkdownDiffRenderer.render(self)
        }
    }
}

/// One change per entry: both locations in the compiler's `file:line:col` format, then why. Schema text
/// has its control characters written as `\u{…}` (`MarkdownText.controlsMadeVisible`), so a wire name
/// cannot break a line or send an escape sequence to the terminal.
enum TextDiffRenderer {
    static func render(_ report: DiffReport) -> String {
        let text = MarkdownText.controlsMadeVisible
        var lines = [
            text("\(report.old.file) (\(report.old.api) \(report.old.version)) -> \(report.new.file) (\(report.new.api) \(report.new.version)): ")
                + "\(report.changes.count) change\(report.changes.count == 1 ? "" : "s"); \(report.breaksClients.count) break deployed clients, "
                + "\(report.breaksProducers.count) break servers or payload producers, \(report.breaksSource.count) break Swift source; suggested bump: \(report.suggestedBump.rawValue)"
        ]
        for change in report.changes {
            lines.append("")
            lines.append(
                text(
                    "\(location(change.oldLocation, report.old.file)) -> \(location(change.newLocation, report.new.file)): \(change.rule.rawValue): \(change.subject): \(change.detail)"
                ))
            lines.append(text("    wire: \(change.wire.phrase): \(change.wireReason)"))
            lines.append(text("    source: \(change.source.rawValue): \(change.sourceReason)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-` where the construct does not exist on that side.
    static func location(_ location: SourceLocation?, _ file: String) -> String {
        location.map { "\(file):\($0.line):\($0.column)" } ?? "\(file):-"
    }
}

/// The stable JSON format documented in docs/SchemaDiff.md (`formatVersion` 1).
enum JSONDiffRenderer {
    struct Document: Encodable {
        var formatVersion = 1
        var old: Side
        var new: Side
        var summary: Summary
        var changes: [Change]
    }

    struct Side: Encodable {
        var file: String
        var api: String
        var version: String
    }

    struct Summary: Encodable {
        var changes: Int
        var breaksClients: Int
        var breaksProducers: Int
        var breaksSource: Int
        var suggestedBump: String
    }

    struct Location: Encodable {
        var file: String
        var line: Int
        var column: Int
    }

    struct Axis: Encodable {
        var verdict: String
        var reason: String
    }

    struct Change: Encodable {
        var rule: String
        var subject: String
        var detail: String
        var old: Location?
        var new: Location?
        var wire: Axis
        var source: Axis

        func encode(to encoder: any Encoder) throws {
            // Locations are written as null, not left out, so every change has the same keys.
            enum Keys: String, CodingKey { case rule, subject, detail, old, new, wire, source }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(rule, forKey: .rule)
            try container.encode(subject, forKey: .subject)
            try container.encode(detail, forKey: .detail)
            try container.encode(old, forKey: .old)
            try container.encode(new, forKey: .new)
            try container.encode(wire, forKey: .wire)
            try container.encode(source, forKey: .source)
        }
    }

    static func render(_ report: DiffReport) -> String {
        let document = Document(
            old: Side(file: report.old.file, api: report.old.api, version: report.old.version),
            new: Side(file: report.new.file, api: report.new.api, version: report.new.version),
            summary: Summary(
                changes: report.changes.count, breaksClients: report.breaksClients.count, breaksProducers: report.breaksProducers.count,
                breaksSource: report.breaksSource.count, suggestedBump: report.suggestedBump.rawValue),
            changes: report.changes.map { change in
                Change(
                    rule: change.rule.rawValue, subject: change.subject, detail: change.detail,
                    old: change.oldLocation.map { Location(file: report.old.file, line: $0.line, column: $0.column) },
                    new: change.newLocation.map { Location(file: report.new.file, line: $0.line, column: $0.column) },
                    wire: Axis(verdict: change.wire.rawValue, reason: change.wireReason),
                    source: Axis(verdict: change.source.rawValue, reason: change.sourceReason))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Release notes for the generated library: breaking changes first, by audience, then the rest.
/// Every text that comes from a schema (names, versions, wire names, patterns, reasons that quote them)
/// goes through `MarkdownText.escaped`, so a schema cannot add a heading, a list item, a table row or
/// formatting to the notes.
enum MarkdownDiffRenderer {
    static func render(_ report: DiffReport) -> String {
        let text = MarkdownText.escaped
        var lines = [
            "# \(text(report.new.api)) \(text(report.new.version))", "",
            "Compared with \(text(report.old.api)) \(text(report.old.version)). Suggested version bump of the generated library: **\(report.suggestedBump.rawValue)**.",
            "",
        ]
        if report.changes.isEmpty {
            lines.append("No changes that affect the generated client.")
            return lines.joined(separator: "\n") + "\n"
        }
        section(&lines, "Breaking for apps already in the field", report.breaksClients) { $0.wireReason }
        section(&lines, "Breaking for servers and payload producers (new clients against old servers, captured payloads)", report.breaksProducers) {
            $0.wireReason
        }
        section(&lines, "Breaking for Swift code that calls the library", report.breaksSource) { $0.sourceReason }
        section(&lines, "Compatible changes", report.changes.filter { !$0.isBreaking }) { _ in nil }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One list item per change: subject, detail and the audience's reason (all schema text, escaped),
    /// then the rule's identifier (ours) as code.
    private static func section(_ lines: inout [String], _ title: String, _ changes: [SchemaChange], reason: (SchemaChange) -> String?) {
        guard !changes.isEmpty else { return }
        lines.append("## \(title)")
        lines.append("")
        for change in changes {
            let because = reason(change).map { " — \(MarkdownText.escaped($0))." } ?? ""
            lines.append("- \(MarkdownText.escaped(change.subject)): \(MarkdownText.escaped(change.detail))\(because) (`\(change.rule.rawValue)`)")
        }
        lines.append("")
    }
}

/// Schema text made safe for one line of Markdown (a heading, a list item, a paragraph or a table cell).
enum MarkdownText {
    /// ASCII punctuation is backslash-escaped (CommonMark allows that for all of it, and GitHub's tables
    /// take `\|` as a literal bar), so nothing is read as emphasis, code, math, a link, HTML, an entity, a
    /// table bar, or, at the start of a line, a heading, quote, list marker, thematic break or fence. Only
    /// the characters that mean nothing anywhere (`'`, `"`, `,`, `;`, `:`, `/`, `?`, `@`, `%`) stay as
    /// they are, to keep the notes readable as text. Line breaks and other control characters cannot be
    /// escaped in Markdown: they are written as `\u{…}`, so the text stays on its line and the notes still
    /// show that it was there.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, isPunctuation(scalar), !"'\",;:/?@%".unicodeScalars.contains(scalar) {
                result.append("\\")
                result.unicodeScalars.append(scalar)
            } else if isLineBreakOrControl(scalar) {
                result += "\\u\\{\(String(scalar.value, radix: 16, uppercase: true))\\}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` with only its line breaks and other control characters written as `\u{…}`, for plain text.
    static func controlsMadeVisible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isLineBreakOrControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isLineBreakOrControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value) || (0x5B...0x60).contains(scalar.value)
            || (0x7B...0x7E).contains(scalar.value)
    }

    /// C0 and C1 controls (tab included: it can make an indented code block), DEL, and the Unicode line and
    /// paragraph separators.
    private static func isLineBreakOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
