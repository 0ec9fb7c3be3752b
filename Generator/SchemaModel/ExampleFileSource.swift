import Foundation

/// Where a schema's `{ $file: relative/path.json }` examples are read from: next to the schema on disk by
/// default; `client-generator diff` reads them from the same git revision as the schema itself.
public struct ExampleFileSource: Sendable {
    /// Returns the file's text (nil when it cannot be read) and where it looked, for diagnostics.
    public let read: @Sendable (_ relativePath: String) -> (text: String?, lookedAt: String)

    public init(read: @escaping @Sendable (_ relativePath: String) -> (text: String?, lookedAt: String)) {
        self.read = read
    }

    /// Files in the schema file's folder on disk.
    public static func nextTo(schemaFile: String) -> ExampleFileSource {
        ExampleFileSource { relative in
            let url = URL(fileURLWithPath: schemaFile).deletingLastPathComponent().appendingPathComponent(relative)
            return (try? String(contentsOf: url, encoding: .utf8), url.path)
        }
    }
}
