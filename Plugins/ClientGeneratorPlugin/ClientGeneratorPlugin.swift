import Foundation
import PackagePlugin

/// Generates a target's client from its schema at build time.
///
/// The target folder holds `client-generator.json`: `{ "schema": "path/to/api.yaml" }`, the path
/// relative to that file. SwiftPM reruns the generator only when the schema, the configuration or the
/// generator itself changed; the generator rewrites only files whose contents changed.
@main
struct ClientGeneratorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // `directoryURL` needs tools 6.1 and `Path.string` is deprecated there; the path's description is
        // the same text without the warning every consumer's build would show.
        let configuration = URL(fileURLWithPath: String(describing: target.directory)).appendingPathComponent(GeneratorConfiguration.fileName)
        return try GeneratorConfiguration.buildCommands(
            configurationFile: configuration,
            targetName: target.name,
            tool: try context.tool(named: "client-generator-build").url,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ClientGeneratorPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            guard let configuration = target.inputFiles.first(where: { $0.url.lastPathComponent == GeneratorConfiguration.fileName }) else {
                throw GeneratorConfiguration.Problem.missing("target '\(target.displayName)' has no \(GeneratorConfiguration.fileName) among its files")
            }
            return try GeneratorConfiguration.buildCommands(
                configurationFile: configuration.url,
                targetName: target.displayName,
                tool: try context.tool(named: "client-generator-build").url,
                workDirectory: context.pluginWorkDirectoryURL
            )
        }
    }
#endif
