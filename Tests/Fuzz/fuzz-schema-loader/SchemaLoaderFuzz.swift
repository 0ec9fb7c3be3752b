import Foundation
import FuzzSupport
import SchemaModel

/// Fuzz target (a): the YAML schema loader and validator (`SchemaLoader.load(text:file:)`), which the
/// generator, its build plugin, schema-check and the sandbox all run on schema files. Any input must
/// give a schema or diagnostics: never a crash, a hang or unbounded memory.
///
/// Built with `-sanitize=fuzzer -DFUZZING` by Tests/Fuzz/run.sh, this is a libFuzzer target. In a
/// normal build it is a small tool that loads the files it is given, to replay fuzz findings by hand.
enum SchemaLoaderFuzz {
    static func run(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = SchemaLoader.load(text: text, file: "fuzz.yaml")
    }
}

@main
struct SchemaLoaderFuzzMain {
    static func main() throws {
        try FuzzDriver.run(SchemaLoaderFuzz.run)
    }
}
