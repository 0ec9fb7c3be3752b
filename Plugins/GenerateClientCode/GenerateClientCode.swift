import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-client-code [--target T ...] [--output DIR]`
///
/// Writes the Swift the build plugin would generate for each target that has a
/// `client-generator.json`, to DIR/<target>/ (default `Generated/`), so it can be read and reviewed.
@main
struct GenerateClientCode: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let outputOption = extractor.extractOption(named: "output").last ?? "Generated"
        if !extractor.remainingArguments.isEmpty {
            throw GeneratorConfiguration.Problem.invalid("unexpected arguments \(extractor.remainingArguments); use --target NAME and --output DIR")
        }
        let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        let tool = try context.tool(named: "client-generator-build").url
        let outputRoot = URL(fileURLWithPath: outputOption, relativeTo: context.package.directoryURL).standardizedFileURL
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            // `directoryURL` needs tools 6.1 and `Path.string` is deprecated there; the path's description is
            // the same text without the warning every consumer's build would show.
            let configuration = URL(fileURLWithPath: String(describing: target.directory)).appendingPathComponent(GeneratorConfiguration.fileName)
            guard FileManager.default.fileExists(atPath: configuration.path) else {
                if !targetNames.isEmpty {
                    throw GeneratorConfiguration.Problem.missing("target '\(target.name)' has no \(GeneratorConfiguration.fileName)")
                }
                continue
            }
            let schema = try GeneratorConfiguration.schemaURL(configurationFile: configuration)
            let output = outputRoot.appendingPathComponent(target.name)
            let process = Process()
            process.executableURL = tool
            process.arguments = GeneratorConfiguration.generateArguments(schema: schema, output: output)
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw GeneratorConfiguration.Problem.invalid("generating '\(target.name)' failed (exit \(process.terminationStatus))")
            }
            print("Wrote the \(target.name) client to \(output.path)")
            generated += 1
        }
        if generated == 0 {
            print("No target has a \(GeneratorConfiguration.fileName); nothing generated.")
        }
    }
}
