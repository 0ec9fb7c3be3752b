// swift-tools-version: 6.0
import PackageDescription

import struct Foundation.URL

// Issue 28 line 7: 100,000 Server-Sent Events decoded by the client runtime against a hand-written
// parser, throughput and peak memory side by side. A package of its own, so the main package gains
// nothing; run it with `Benchmarks/event-streams/run.sh` (Benchmarks/README.md, "Event streams").
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "EventStreamBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "EventStreamBenchmark",
            dependencies: [.product(name: "ClientRuntime", package: repositoryRoot.lastPathComponent)],
            path: "Sources/EventStreamBenchmark"
        )
    ]
)
