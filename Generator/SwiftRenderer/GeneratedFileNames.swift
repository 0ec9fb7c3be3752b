/// The names of the files `client-generator generate` writes, and which file each type and operation
/// goes to. Fixed whatever the schema's size, so a build plugin can declare its outputs before the
/// generator runs; the plugins compile this same file (a symlink in Plugins/), so the names they
/// declare are the names the renderer writes.
///
/// The types and the operations are spread over `shardCount` files by a stable hash of a name: each
/// declaration's file is chosen by `ShardPlacement`, which puts it with what uses it. A large API
/// compiles in parallel, and editing one type or operation rewrites only its file, which also holds
/// most of the code that depends on it, so an incremental build recompiles that file.
public enum GeneratedFileNames {
    /// 32 shard files: at 500 operations a shard holds ~20 types and ~16 operations, so a one-type edit
    /// recompiles a few percent of the module; an empty shard costs next to nothing.
    public static let shardCount = 32

    /// The decoding helpers the shards share.
    public static let support = "Types.generated.swift"
    /// The error type and its catalogue.
    public static let errors = "Errors.generated.swift"
    /// The client's core: environments, auth schemes, operation descriptions, credential flows.
    public static let client = "Client.generated.swift"

    /// The types and operations `ShardPlacement` puts in `shard`.
    public static func shardFile(_ shard: Int) -> String { "Shard.\(label(shard)).generated.swift" }

    /// Every file, in the order the renderer returns them.
    public static let all: [String] =
        [support, errors, client] + (0..<shardCount).map(shardFile)

    /// The shard of the declarations whose home (`ShardPlacement`) is `name`: FNV-1a (32-bit) of the
    /// UTF-8 bytes modulo `shardCount`, spelled out because Swift's `Hasher` is seeded per process.
    public static func shard(of name: String) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(shardCount))
    }

    /// Two digits, so the files sort in shard order.
    static func label(_ shard: Int) -> String { shard < 10 ? "0\(shard)" : "\(shard)" }
}
