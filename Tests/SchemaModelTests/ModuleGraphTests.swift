import Foundation
import TestSupport
import XCTest

/// The module graph has no edge that exists only for a helper (issue 26): the generator's modules share the
/// clients' wire formats through WireFormat, never by linking ClientRuntime, and each tool's library builds on
/// SchemaModel alone unless ARCHITECTURE.md draws it on top of another stage of the pipeline.
final class ModuleGraphTests: XCTestCase {
    /// Target name → (folder, the targets and products it depends on), from `swift package dump-package`.
    private func targets() throws -> [String: (path: String, dependencies: [String])] {
        // Its own scratch folder: the package's `.build` is locked by the `swift test` running this.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("module-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try runTool(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--scratch-path", scratch.path, "dump-package"], in: repositoryRoot)
        XCTAssertEqual(dump.status, 0, dump.errors)
        let package = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        var targets: [String: (path: String, dependencies: [String])] = [:]
        for case let target as [String: Any] in package["targets"] as? [Any] ?? [] {
            guard let name = target["name"] as? String, target["type"] as? String != "test" else { continue }
            // Each dependency is {"byName"|"target"|"product": [name, ...]}.
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            targets[name] = (target["path"] as? String ?? "", dependencies)
        }
        return targets
    }

    func testNoGeneratorModuleLinksTheClientRuntime() throws {
        let targets = try targets()
        let generator = targets.filter { $0.value.path.hasPrefix("Generator/") }
        XCTAssertGreaterThan(generator.count, 8, "the generator's targets were read")
        XCTAssertEqual(targets["ClientRuntime"]?.dependencies, ["WireFormat"], "the runtime builds on the shared wire formats alone")
        XCTAssertEqual(targets["WireFormat"]?.dependencies, [], "the wire formats are Foundation only")
        let linking = generator.filter { $0.value.dependencies.contains("ClientRuntime") }.keys.sorted()
        XCTAssertEqual(linking, [], "generator modules that link ClientRuntime instead of WireFormat")
    }

    func testToolLibrariesBuildOnSchemaModelOnly() throws {
        let targets = try targets()
        let libraries = Set(targets.filter { $0.value.path.hasPrefix("Generator/") }.keys)
        // The pipeline's stages ARCHITECTURE.md draws on top of another: generation renders, and traffic
        // checking validates each exchange.
        let stages: [String: Set<String>] = ["ClientGeneration": ["SwiftRenderer"], "TrafficCheck": ["PayloadValidation"]]
        for (name, target) in targets where libraries.contains(name) && !name.contains("-") {
            let onOthers = Set(target.dependencies).intersection(libraries).subtracting(["SchemaModel"])
            XCTAssertEqual(onOthers, stages[name] ?? [], "\(name) depends on another tool's library")
        }
    }
}
