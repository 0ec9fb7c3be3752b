import SchemaModel

/// The table at the top of `Client.generated.swift` saying which file holds each type and operation.
/// The types and operations are spread over shard files by a hash (`ShardPlacement`), so without it a
/// reader would search 35 files, most of them empty for a small API.
///
/// `//` lines, each name through `SwiftRenderer.sanitizedComment`; sorted by Swift name (ignoring case,
/// then exactly), so the same schema gives the same table. One line per declaration, no more than a sort.
struct FileIndexRenderer {
    let schema: Schema
    let placement: ShardPlacement

    /// Names up to this wide are padded so the file names line up; longer ones are followed by two spaces.
    private static let nameColumn = 40

    func render(into writer: inout SwiftWriter) {
        let api = schema.api
        let types = schema.types.map { type in
            entry(swiftName: SwiftNaming.typeName(type.name, api: api), schemaName: type.name, shard: placement.shard(of: type))
        }
        let operations = schema.operations.map { operation in
            entry(
                swiftName: SwiftNaming.bare(SwiftNaming.operationName(operation.name, api: api)), schemaName: operation.name,
                shard: placement.shard(of: operation))
        }
        let used = Set(types.map(\.shard) + operations.map(\.shard))
        let empty = (0..<GeneratedFileNames.shardCount).filter { !used.contains($0) }

        writer.line("// Where each declaration is:")
        writer.line("//")
        writer.line("//   \(padded(GeneratedFileNames.client))`\(clean(api))Client`: environments, auth schemes, `Operations`, credential flows; this index")
        writer.line("//   \(padded(GeneratedFileNames.errors))`\(clean(api))Error` and its catalogue")
        writer.line("//   \(padded(GeneratedFileNames.support))the decoding helpers the types share")
        section("Types (\(types.count)), by Swift name", types, into: &writer)
        section("Operations (\(operations.count)), by client method; each with its outcome type and page sequences", operations, into: &writer)
        if !empty.isEmpty {
            writer.line("//")
            writer.line(
                "// Empty for this API: Shard.NN.generated.swift for NN = "
                    + empty.map(GeneratedFileNames.label).joined(separator: ", ")
                    + ". They exist because a build plugin must declare its output files before the generator runs, so the file names are"
                    + " the same \(GeneratedFileNames.all.count) whatever the schema's size (docs/Plugin.md, \"The files\").")
        }
    }

    private struct Entry {
        let label: String
        let name: String
        let lowercasedName: String
        let shard: Int

        /// By Swift name ignoring case, then exactly. Two strings compared directly: comparing arrays of
        /// them (`lexicographicallyPrecedes`) is generic code the debug build runs unspecialized.
        func precedes(_ other: Entry) -> Bool {
            lowercasedName == other.lowercasedName ? name < other.name : lowercasedName < other.lowercasedName
        }
    }

    private func entry(swiftName: String, schemaName: String, shard: Int) -> Entry {
        let name = clean(swiftName)
        let label = name + (swiftName == schemaName ? "" : " (schema: \(clean(schemaName)))")
        return Entry(label: label, name: name, lowercasedName: name.lowercased(), shard: shard)
    }

    private func section(_ title: String, _ entries: [Entry], into writer: inout SwiftWriter) {
        guard !entries.isEmpty else { return }
        writer.line("//")
        writer.line("// \(title):")
        let sorted = entries.sorted { $0.precedes($1) }
        for entry in sorted {
            writer.line("//   \(padded(entry.label))\(GeneratedFileNames.shardFile(entry.shard))")
        }
    }

    /// `text` and enough spaces to reach the file name column, at least two.
    private func padded(_ text: String) -> String {
        text + String(repeating: " ", count: max(2, Self.nameColumn - text.count))
    }

    private func clean(_ text: String) -> String { SwiftRenderer.sanitizedComment(text) }
}
