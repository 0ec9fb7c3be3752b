import ArgumentParser
import SchemaModel
import TrafficCheck

/// `--max-size`, shared by `validate` and `traffic`: no input (a file, or an endless pipe) makes
/// schema-check hold more than this much memory. Reading stops one byte past the limit.
struct InputSizeLimit: ParsableArguments {
    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp("Refuse an input (a file or standard input) larger than this many megabytes.", valueName: "MB"))
    var megabytes = HARReader.defaultMaxBytes >> 20

    var bytes: Int { megabytes << 20 }

    func validate() throws {
        guard megabytes > 0, megabytes <= 1 << 20 else { throw usageFailure("--max-size must be between 1 and 1048576 (MB)") }
    }

    /// Why `name` was refused, for a `tooLarge` read.
    func refusal(of name: String, size: Int?) -> String {
        "\(name): the input is \(size.map { "\($0) bytes, " } ?? "")more than the limit of \(bytes) bytes (--max-size)"
    }
}
