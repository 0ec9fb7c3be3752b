import Foundation

/// The `main` of both fuzz targets.
///
/// Built with `-sanitize=fuzzer -DFUZZING` (Tests/Fuzz/run.sh), it hands `target` to libFuzzer's driver,
/// which feeds it mutated inputs; SwiftPM links executables with their own `main`, so the targets call
/// the driver (`LLVMFuzzerRunDriver`, in libclang_rt.fuzzer) instead of using libFuzzer's `main`. In a
/// normal build it replays the files named on the command line, so a finding can be rerun by hand.
public enum FuzzDriver {
    public static func run(
        _ target: @escaping (UnsafeRawBufferPointer) -> Void,
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) throws {
        #if FUZZING
            FuzzDriver.target = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    FuzzDriver.target?(UnsafeRawBufferPointer(start: data, count: size))
                    return 0
                })
        #else
            for path in arguments {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                data.withUnsafeBytes(target)
                print("ok: \(path)")
            }
        #endif
    }

    #if FUZZING
        /// The C callback cannot capture a context, so the target waits here (set once, before the driver runs).
        nonisolated(unsafe) private static var target: ((UnsafeRawBufferPointer) -> Void)?
    #endif
}

#if FUZZING
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The C entry point libFuzzer exports, under its own name.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
