import ClientProof
import Foundation
import SchemaModel
import SwiftRenderer

/// The diff proof's `ClientPackage`: for every corpus pair, the client generated from the old schema and
/// the one generated from the new schema (modules `<Pair>Old` and `<Pair>New`, each with its
/// `ProofCallerWriter` caller). Built once, so the proof costs one build. It lives in .build/diff-proof
/// so reruns are incremental.
struct ProofPackage {
    struct Side {
        var module: String
        var schema: Schema
        /// The caller as one source (the source check compiles it against the other module) and as the
        /// module's files.
        var caller: String
        var callerFiles: [GeneratedFile]

        init(module: String, schema: Schema) {
            let writer = ProofCallerWriter(schema: schema)
            (self.module, self.schema, caller, callerFiles) = (module, schema, writer.render(), writer.files())
        }
    }

    struct Pair {
        var corpus: CorpusPair
        var old: Side
        var new: Side
    }

    let root = packageRoot.appendingPathComponent(".build/diff-proof")
    var pairs: [Pair] = []

    init(corpus: [CorpusPair]) throws {
        pairs = try corpus.map { pair in
            let base = ClientPackage.moduleName(pair.name, prefix: "P")
            let old = try SchemaLoader.loadOrThrow(path: pair.old.path)
            let new = try SchemaLoader.loadOrThrow(path: pair.new.path)
            return Pair(
                corpus: pair,
                old: Side(module: "\(base)Old", schema: old),
                new: Side(module: "\(base)New", schema: new))
        }
    }

    private var package: ClientPackage {
        ClientPackage(
            name: "DiffProof", root: root, repository: packageRoot,
            modules: pairs.flatMap { [$0.old, $0.new] }.map { ClientPackage.Module(name: $0.module, schema: $0.schema, caller: $0.callerFiles) })
    }

    /// Writes the package (files whose contents did not change are left alone, keeping builds incremental).
    func write() throws { try package.write() }

    /// `swift build` of the package; returns the folder of the built products.
    func build() throws -> URL { try package.build() }
}
