// swift-tools-version: 6.0
import PackageDescription

import struct Foundation.URL

// Issue 28 line 7: 100,000 Server-Sent Events decoded by the client runtime against a hand-written
// parser, throughput and peak memory side by side (`run.sh`); line 2: peak memory over a 1 GB stream
// (`large-stream.sh`). A package of its own, so the main package gains nothing (Benchmarks/README.md,
// "Event streams").
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "EventStreamBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../.."),
        // LargeStreamBenchmark's `nio` reader: AsyncHTTPClientTransport, whose file it links as an app copies it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(
            name: "EventStreamBenchmark",
            dependencies: [.product(name: "ClientRuntime", package: repositoryRoot.lastPathComponent)],
            path: "Sources/EventStreamBenchmark"
        ),
        // Issue 28 line 2: a 1 GB stream over 127.0.0.1, peak memory at full speed and with a slow
        // reader; run it with `Benchmarks/event-streams/large-stream.sh`. Its AsyncHTTPClientTransport.swift is
        // a symbolic link to the HTTPTransportNIO target's file, which has no product to depend on.
        .executableTarget(
            name: "LargeStreamBenchmark",
            dependencies: [
                .product(name: "ClientRuntime", package: repositoryRoot.lastPathComponent),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Sources/LargeStreamBenchmark"
        ),
    ]
)
