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

/// Box's `GET /files/{file_id}` and `GET /files/{file_id}#get_shared_link` in the language: two
/// operations of one route (placeholder names aside) that a server tells apart by the required `fields`
/// query parameter, and another method on the route. The router, traffic and round-trip tests share it.
public let filesSharingARouteSchemaText = """
    api: Files
    version: "1"
    environments:
      production: { url: "https://api.example.com" }
    types:
      File: { fields: { id: string } }
    operations:
      getFile:
        http: GET /files/{fileId}
        path: { fileId: string }
        query: { fields: { type: string, optional: true } }
        response: File
      getFileSharedLink:
        http: GET /files/{id}
        path: { id: string }
        query: { fields: string }
        response: File
      deleteFile:
        http: DELETE /files/{fileId}
        path: { fileId: string }
    """

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
