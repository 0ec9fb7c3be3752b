import Foundation
import FuzzSupport
import SchemaImport

/// Fuzz target (d): `client-generator import` (Generator/SchemaImport), which reads OpenAPI documents
/// downloaded from anywhere: untrusted input. The input is the document (YAML or JSON); the importer
/// translates it and checks the schema it writes as lint does. Any input must give a schema or
/// diagnostics: never a crash, a hang or unbounded memory.
///
/// Built with `-sanitize=fuzzer -DFUZZING` by Tests/Fuzz/run.sh, this is a libFuzzer target. In a
/// normal build it is a small tool that imports the files it is given, to replay fuzz findings by hand.
enum ImportFuzz {
    static func run(_ bytes: UnsafeRawBufferPointer) {
        // The command refuses bytes that are not UTF-8 before the importer sees them.
        guard let text = String(bytes: bytes, encoding: .utf8) else { return }
        _ = OpenAPIImport.importDocument(text: text, file: "fuzz.yaml")
    }
}

@main
struct ImportFuzzMain {
    static func main() throws {
        try FuzzDriver.run(ImportFuzz.run)
    }
}
