import Foundation
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

#if FUZZING
/// libFuzzer's driver (in libclang_rt.fuzzer, linked by `-sanitize=fuzzer`). SwiftPM links executables
/// with their own `main`, so the target calls the driver from it instead of using libFuzzer's `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
struct SchemaLoaderFuzzDriver {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            SchemaLoaderFuzz.run(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
        exit(status)
    }
}
#else
@main
struct SchemaLoaderFuzzReplay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            data.withUnsafeBytes(SchemaLoaderFuzz.run)
            print("ok: \(path)")
        }
    }
}
#endif
