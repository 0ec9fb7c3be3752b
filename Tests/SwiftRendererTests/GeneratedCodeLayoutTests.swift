import Foundation
import SchemaModel
import TestSupport
import XCTest

@testable import SwiftRenderer

/// The generated code is easy to navigate: the client's file says where each type and operation is, and
/// every line of every bundled and test schema's code fits the formatter's width (.swift-format
/// `lineLength`).
final class GeneratedCodeLayoutTests: XCTestCase {
    /// Every schema the package generates code from: the bundled APIs and the test modules.
    static let schemaPaths: [String] = {
        let fileManager = FileManager.default
        let bundled = (try? fileManager.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Schemas").path)) ?? []
        let modules = (try? fileManager.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Tests/GeneratedModules").path)) ?? []
        let tests = modules.flatMap { module in
            ((try? fileManager.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Tests/GeneratedModules/\(module)").path)) ?? [])
                .filter { $0.hasSuffix(".yaml") }.map { "Tests/GeneratedModules/\(module)/\($0)" }
        }
        return (bundled.filter { $0.hasSuffix(".yaml") }.map { "Schemas/\($0)" } + tests).sorted()
    }()

    /// Lines the writer cannot break without changing the code, by schema: none today. A line listed here
    /// must say why it cannot be broken.
    static let unbreakableLines: [String: Int] = [:]

    private func render(_ path: String) throws -> [GeneratedFile] {
        let schema = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent(path).path)
        return SwiftRenderer.render(schema, schemaFileName: URL(fileURLWithPath: path).lastPathComponent)
    }

    func testEveryGeneratedLineFitsTheFormattersWidth() throws {
        let configuration = try String(contentsOf: repositoryRoot.appendingPathComponent(".swift-format"), encoding: .utf8)
        XCTAssertTrue(configuration.contains("\"lineLength\": \(LineWrapping.width),"), "LineWrapping.width is .swift-format's lineLength")
        XCTAssertGreaterThanOrEqual(Self.schemaPaths.count, 8, "\(Self.schemaPaths)")
        for path in Self.schemaPaths {
            var long: [String] = []
            for file in try render(path) {
                for (number, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.count > LineWrapping.width {
                    long.append("\(file.name):\(number + 1) (\(line.count) columns): \(line.prefix(80))…")
                }
            }
            XCTAssertEqual(long.count, Self.unbreakableLines[path] ?? 0, "\(path):\n" + long.joined(separator: "\n"))
        }
    }

    func testTheClientFileSaysWhichFileHoldsEachTypeAndOperation() throws {
        for path in Self.schemaPaths {
            let schema = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent(path).path)
            let files = Dictionary(uniqueKeysWithValues: try render(path).map { ($0.name, $0.contents) })
            let client = try XCTUnwrap(files[GeneratedFileNames.client])
            let index = client.split(separator: "\n").drop { !$0.hasPrefix("// Where each declaration is") }.prefix { $0.hasPrefix("//") }
            // Section by section: an operation may share a type's name.
            var listedTypes: [String: String] = [:]
            var listedOperations: [String: String] = [:]
            var inOperations = false
            for line in index {
                if line.hasPrefix("// Operations") { inOperations = true }
                let columns = line.dropFirst(5).split(separator: " ")
                guard line.hasPrefix("//   "), let file = columns.last, file.hasPrefix("Shard.") else { continue }
                if inOperations { listedOperations[String(columns[0])] = String(file) } else { listedTypes[String(columns[0])] = String(file) }
            }
            func declares(_ file: String?, _ pattern: String) -> Bool {
                guard let contents = file.flatMap({ files[$0] }) else { return false }
                return contents.range(of: pattern, options: .regularExpression) != nil
            }
            for type in schema.types {
                let name = SwiftNaming.typeName(type.name, api: schema.api)
                let file = listedTypes[name]
                XCTAssertTrue(declares(file, #"(struct|enum|typealias) \#(name)\b"#), "\(path): type \(name) listed in \(file ?? "no file")")
            }
            for operation in schema.operations {
                let name = SwiftNaming.bare(SwiftNaming.operationName(operation.name, api: schema.api))
                let file = listedOperations[name]
                // A streamed request's method is generic over its events' sequence (`func chat<RequestEvents: …>(`).
                XCTAssertTrue(declares(file, #"func `?\#(name)`?(<[^>]*>)?\("#), "\(path): operation \(name) listed in \(file ?? "no file")")
            }
            XCTAssertEqual(listedTypes.count, schema.types.count, path)
            XCTAssertEqual(listedOperations.count, schema.operations.count, path)
            // The index names the empty shard files (its lines joined, as the writer may have wrapped them),
            // and each of them says it is empty.
            let text = index.map { $0.dropFirst(2) }.joined()
            let marker = "Empty for this API: Shard.NN.generated.swift for NN = "
            let named =
                text.range(of: marker).map { text[$0.upperBound...].prefix { $0 != "." } }.map {
                    Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                } ?? []
            for shard in 0..<GeneratedFileNames.shardCount {
                let contents = try XCTUnwrap(files[GeneratedFileNames.shardFile(shard)])
                let isEmpty = !contents.contains("\npublic ") && !contents.contains("\nextension ")
                XCTAssertEqual(contents.contains("// No type or operation of this API falls in this file"), isEmpty, "\(path) shard \(shard)")
                XCTAssertEqual(named.contains(GeneratedFileNames.label(shard)), isEmpty, "\(path) shard \(shard): \(text)")
            }
        }
    }

    func testTheIndexIsCommentLinesWhateverTheSchemasNamesHold() throws {
        let files = try render("Tests/GeneratedModules/Hostile/hostile.yaml")
        let client = try XCTUnwrap(files.first { $0.name == GeneratedFileNames.client }?.contents)
        let lines = client.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("// Where each declaration is") })
        let end = try XCTUnwrap(lines[start...].firstIndex { $0.isEmpty })
        XCTAssertTrue(lines[start..<end].allSatisfy { $0.hasPrefix("//") })
        XCTAssertTrue(lines[start..<end].contains { $0.hasPrefix("//   init_ (schema: init)") }, lines[start..<end].joined(separator: "\n"))
        XCTAssertEqual(SwiftRenderer.sanitizedComment("a\nb */ c\u{2028}d"), "a b */ c d")
    }
}
