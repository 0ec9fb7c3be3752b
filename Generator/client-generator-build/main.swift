import ClientGeneration
import Foundation

// The build plugins' tool: `client-generator generate` alone, without the CLI's other commands and their
// dependencies (swift-argument-parser, export, import, diff, payload validation), so a package that
// applies the plugin builds and plans only what generation needs. Same arguments as `generate`.
let usage = "usage: client-generator-build generate <schema> --output <folder>"
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 4, arguments[0] == "generate", arguments[2] == "--output" || arguments[2] == "-o" else {
    FileHandle.standardError.write(Data("client-generator-build: unexpected arguments\n\(usage)\n".utf8))
    exit(2)
}
do {
    print(try ClientGeneration.run(schemaPath: arguments[1], outputPath: arguments[3]))
} catch let failure as ClientGeneration.SchemaFailure {
    exit(failure.exitCode)
} catch {
    FileHandle.standardError.write(Data("client-generator-build: \(error)\n".utf8))
    exit(1)
}
