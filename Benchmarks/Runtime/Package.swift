// swift-tools-version: 6.1
import PackageDescription

import class Foundation.ProcessInfo
import struct Foundation.URL

// Runtime benchmarks of the generated WhitelabelPay client (issue 14, line 4), kept out of the main package
// so that the main package gains no dependency and `swift test` / CI never build them.
// Run them with `Benchmarks/Runtime/run.sh` (Benchmarks/README.md, section "Runtime").

// A `.package(path:)` dependency is named by its folder, which differs between clones (main, a worktree,
// CI's checkout), so the products below name the repository root by its folder name.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let schemaClients = repositoryRoot.lastPathComponent

let package = Package(
    name: "RuntimeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(path: "../.."),
    ],
    targets: [
        // Hand-written Codable structs with the same fields and date handling as the generated models.
        .target(name: "HandWrittenModels", path: "Sources/HandWrittenModels"),
        // The JSON page both models decode.
        .target(name: "BenchmarkFixtures", path: "Sources/BenchmarkFixtures"),
        // A minimal HTTP/1.1 keep-alive server on 127.0.0.1 that answers every request with one fixed body.
        .target(name: "LoopbackServer", path: "Sources/LoopbackServer"),
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: [
                "BenchmarkFixtures",
                "HandWrittenModels",
                "LoopbackServer",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WhitelabelPay", package: schemaClients),
                .product(name: "ClientRuntime", package: schemaClients),
            ],
            path: "Benchmarks/RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Decodes the page once with either model, for instruction counts under valgrind's callgrind
        // (package-benchmark's instruction counter needs perf events, which not every machine has).
        .executableTarget(
            name: "decode-driver",
            dependencies: [
                "BenchmarkFixtures",
                "HandWrittenModels",
                .product(name: "WhitelabelPay", package: schemaClients),
                .product(name: "ClientRuntime", package: schemaClients),
            ],
            path: "Sources/DecodeDriver"
        ),
    ]
)
