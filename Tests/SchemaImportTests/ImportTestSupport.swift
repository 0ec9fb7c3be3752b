import Foundation
import SchemaExport
import SchemaImport
import SchemaModel
import XCTest

/// The repository root, found from this file so tests run from any working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every bundled schema: the five APIs and the KitchenSink that uses every construct.
var bundledSchemas: [URL] {
    let folder = repositoryRoot.appendingPathComponent("Schemas")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0) }
        + [repositoryRoot.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")]
}

/// `describe --json` of two schemas as lines `path: original -> imported`, one per leaf that
/// differs. Lists of named things (operations, types, fields…) are matched by name, so one renamed
/// field is one difference, not a shifted list.
enum InventoryDifference {
    static func lines(_ original: Schema, _ imported: Schema) -> [String] {
        var result: [String] = []
        compare(Inventory.json(original), Inventory.json(imported), path: "", into: &result)
        return result
    }

    private static func compare(_ lhs: OrderedJSON?, _ rhs: OrderedJSON?, path: String, into result: inout [String]) {
        switch (lhs, rhs) {
        case (.object(let left)?, .object(let right)?):
            var keys = left.map(\.0)
            for (key, _) in right where !keys.contains(key) { keys.append(key) }
            for key in keys { compare(lhs?[key], rhs?[key], path: path + "/" + key, into: &result) }
        case (.array(let left)?, .array(let right)?) where named(left) && named(right):
            var names = left.compactMap(name)
            for item in right { if let itemName = name(item), !names.contains(itemName) { names.append(itemName) } }
            for itemName in names {
                compare(left.first { name($0) == itemName }, right.first { name($0) == itemName }, path: path + "/" + itemName, into: &result)
            }
        default:
            let left = lhs.map { $0.text(compact: true) } ?? "(none)"
            let right = rhs.map { $0.text(compact: true) } ?? "(none)"
            if left != right { result.append("\(path): \(left) -> \(right)") }
        }
    }

    private static func named(_ elements: [OrderedJSON]) -> Bool {
        !elements.isEmpty && elements.allSatisfy { name($0) != nil }
    }

    private static func name(_ element: OrderedJSON) -> String? {
        if case .string(let text)? = element["name"] { return text }
        return nil
    }
}
