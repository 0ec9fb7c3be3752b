import ArgumentParser
import SchemaModel
import TrafficCheck

/// The options `validate` and `traffic` share: how findings are judged and reported, and `--max-size`, so no
/// input (a file, or an endless pipe) makes schema-check hold more than that much memory (reading stops one
/// byte past the limit).
struct CheckOptions: ParsableArguments {
    @Flag(help: "Report unknown enum values and union tags as errors instead of warnings.")
    var strictEnums = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(name: .shortAndLong, help: "Text: print only the summary. JSON: list only the inputs (payloads, exchanges) with issues.")
    var quiet = false

    @Option(help: "Colour: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorMode = .auto

    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp("Refuse an input (a file or standard input) larger than this many megabytes.", valueName: "MB"))
    var maxMegabytes = HARReader.defaultMaxBytes >> 20

    var maxBytes: Int { maxMegabytes << 20 }

    func validate() throws {
        guard maxMegabytes > 0, maxMegabytes <= 1 << 20 else { throw usageFailure("--max-size must be between 1 and 1048576 (MB)") }
    }

    /// Why `name` was refused, for a `tooLarge` read.
    func refusal(of name: String, size: Int?) -> String {
        "\(name): the input is \(size.map { "\($0) bytes, " } ?? "")more than the limit of \(maxBytes) bytes (--max-size)"
    }
}
