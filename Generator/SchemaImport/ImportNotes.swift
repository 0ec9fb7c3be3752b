import Foundation
import SchemaModel

/// `docs`, `deprecated` and `modelled` from an OpenAPI `description` (and `summary`, `deprecated`).
/// This project's export writes deprecation messages and modelled notes as their own paragraphs
/// (`Deprecated: …`, `Modelled: …`), so they are taken back out of the description.
enum ImportNotes {
    static func read(_ stripped: StrippedSchema, into builder: inout MapBuilder, extraModelled: String?) {
        read(description: stripped["description"]?.scalar?.text, deprecated: stripped["deprecated"], into: &builder)
        if let extraModelled { appendModelled(extraModelled, into: &builder) }
    }

    static func read(description: String?, deprecated: YAMLNode?, into builder: inout MapBuilder) {
        var docs: [String] = []
        var message: String?
        var modelled: [String] = []
        for paragraph in (description ?? "").components(separatedBy: "\n\n") {
            let trimmed = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("Deprecated: ") {
                message = String(trimmed.dropFirst("Deprecated: ".count))
            } else if trimmed.hasPrefix("Modelled: ") {
                modelled.append(String(trimmed.dropFirst("Modelled: ".count)))
            } else {
                docs.append(paragraph)
            }
        }
        if !docs.isEmpty { builder.set("docs", docs.joined(separator: "\n\n").trimmingCharacters(in: .whitespacesAndNewlines)) }
        if let message {
            builder.set("deprecated", message)
        } else if deprecated?.scalar?.text == "true" {
            builder.set("deprecated", .bool(true))
        }
        if !modelled.isEmpty { builder.set("modelled", modelled.joined(separator: " ")) }
    }

    static func appendModelled(_ note: String, into builder: inout MapBuilder) {
        if let existing = builder.members.first(where: { $0.0 == "modelled" }), case .string(let text) = existing.1 {
            builder.set("modelled", text + " " + note)
        } else {
            builder.set("modelled", note)
        }
    }
}
