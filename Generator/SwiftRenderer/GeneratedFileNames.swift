/// The names of the files `client-generator generate` writes, and which file each type and operation
/// goes to. A build plugin must declare its outputs before the generator runs, so the names follow from
/// one number the plugin can know without loading the schema: the shard count, chosen from the schema
/// file's size (`shardCount(schemaBytes:)`) and passed to the generator (`--shards`). The plugins compile
/// this same file (a symlink in Plugins/), so the names they declare are the names the renderer writes.
///
/// The types and the operations are spread over the shard files by a stable hash of a name: each
/// declaration's file is chosen by `ShardPlacement`, which puts it with what uses it. A large API
/// compiles in parallel, and editing one type or operation rewrites only its file, which also holds
/// most of the code that depends on it, so an incremental build recompiles that file.
public enum GeneratedFileNames {
    /// At most 32 shard files: at 500 operations a shard holds ~20 types and ~16 operations, so a one-type
    /// edit recompiles a few percent of the module.
    public static let maximumShardCount = 32

    /// One shard per this many bytes of schema, about 330 generated lines (50-140 lines per KiB of the
    /// bundled and imported schemas), what a shard held at 100 operations when there were always 32. A
    /// file costs the module's compile even when it declares nothing (~40 ms of CPU), so a small API gets
    /// one to three files instead of 32 mostly empty ones; an API of 128 KiB or more still gets 32, whose
    /// one-type edits recompile little and which compile in parallel. Benchmarks/README.md, "Shard files
    /// by the schema's size", has the measurements that chose it.
    public static let schemaBytesPerShard = 4 * 1024

    /// The shard count for a schema file of `schemaBytes` bytes: 1 to `maximumShardCount`.
    public static func shardCount(schemaBytes: Int) -> Int {
        min(max((schemaBytes + schemaBytesPerShard - 1) / schemaBytesPerShard, 1), maximumShardCount)
    }

    /// The shard counts `generate --shards` takes.
    public static let shardCounts = 1...maximumShardCount

    /// The decoding helpers the shards share.
    public static let support = "Types.generated.swift"
    /// The error type and its catalogue.
    public static let errors = "Errors.generated.swift"
    /// The client's core: environments, auth schemes, operation descriptions, credential flows.
    public static let client = "Client.generated.swift"

    /// The types and operations `ShardPlacement` puts in `shard`.
    public static func shardFile(_ shard: Int) -> String { "Shard.\(label(shard)).generated.swift" }

    /// Every file of a layout of `shardCount` shards, in the order the renderer returns them.
    public static func all(shardCount: Int) -> [String] {
        [support, errors, client] + (0..<shardCount).map(shardFile)
    }

    /// The shard of the declarations whose home (`ShardPlacement`) is `name`: FNV-1a (32-bit) of the
    /// UTF-8 bytes modulo `shardCount`, spelled out because Swift's `Hasher` is seeded per process.
    public static func shard(of name: String, shardCount: Int) -> Int {
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
