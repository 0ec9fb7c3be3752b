import Foundation
import SchemaModel

/// The repository root, found from this file so tests run from any working directory.
public let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A minimal valid schema; tests splice one mistake (or one construct) into it. The model's diagnostics
/// tests and the renderer's snippet tests share it, so a line number in one reads the same in the other.
public func schemaText(types: String = "", operations: String = "", extra: String = "") -> String {
    """
    api: Test
    version: "1"
    environments:
      production: { url: "https://api.example.com" }
    \(extra)
    types:
      Item:
        fields:
          id: string
    \(types)
    operations:
      getItem:
        http: GET /items/{id}
        path:
          id: string
        response: Item
    \(operations)
    """
}

/// Loads schema text and returns its diagnostics as printed (`file:line:column: error: message`).
public func diagnostics(_ text: String, file: String = "test.yaml") -> [String] {
    SchemaLoader.load(text: text, file: file).diagnostics.map(\.description)
}

/// "Billion laughs": 8 levels of 10 aliases, 10^8 nodes once expanded, in under 600 bytes. The loader
/// must refuse it at the alias that crosses its budget (SchemaModelTests), and so must the commands.
public let billionLaughsSchema: String = {
    var lines = ["api: Bomb", #"a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#]
    for level in 1...8 {
        lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
    }
    return lines.joined(separator: "\n") + "\n"
}()
