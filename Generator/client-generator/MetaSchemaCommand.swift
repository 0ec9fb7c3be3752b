import ArgumentParser
import Foundation
import SchemaExport

struct MetaSchema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meta-schema",
        abstract: "Prints a JSON Schema of the schema language, for editors.",
        discussion: """
            The JSON Schema (draft-07, the dialect yaml-language-server supports) lists every key of every \
            section with its documentation, the kinds of value and the words each key allows, so a YAML \
            editor completes keys, explains them on hover and marks unknown keys and wrong kinds as you \
            type. It checks shape only; `client-generator lint` checks meaning. A copy is committed as \
            Schemas/schema-language.schema.json and every bundled schema points at it with its first line \
            (docs/SchemaLanguage.md, "Editor support"):

              # yaml-language-server: $schema=schema-language.schema.json

            Example:
              client-generator meta-schema --output Schemas/schema-language.schema.json
            """
    )

    @Option(name: .shortAndLong, help: "The file to write; standard output by default.")
    var output: String?

    func run() throws {
        try CommandOutput.write(SchemaLanguageMetaSchema.document().text(), to: output)
    }
}
