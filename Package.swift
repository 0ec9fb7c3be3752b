// swift-tools-version: 6.0
import PackageDescription

// Layout (ARCHITECTURE.md, "The folders"): every target's folder is its name, so `swift run schema-check`
// lives in Generator/schema-check. Generator/ holds the build-time tools: one CamelCase folder per library
// (the model, the renderer, ...) and one kebab-case folder per command; Plugins/ the SwiftPM plugins that run
// the generator; Sources/ what an app links at its top level (ClientRuntime and one module per API, whose code
// the build-tool plugin generates from Schemas/), and the developer tools beside them in Sources/Sandbox and
// Sources/Demos; Tests/ one <Module>Tests folder per tested module, the fuzz targets in Tests/Fuzz.
// Client products depend on nothing but Foundation. Scripts/check-target-folders.sh checks the naming.
let package = Package(
    name: "SchemaClients",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    // Products are what a depending package can use, and SwiftPM resolves the packages behind every product a
    // dependency declares, compiles their plugins on every build and builds every executable product in a plain
    // `swift build`. So the products are only the client libraries and the plugins: a consumer resolves and
    // builds Yams alone, never swift-argument-parser (whose two command plugins it would compile) nor the
    // sandbox's server stack. The commands (`swift run client-generator`, `swift run schema-check`), the sandbox
    // and the demos are executable targets, run from a checkout of this package (README, "Depending on
    // SchemaClients").
    products: [
        .library(name: "ClientRuntime", targets: ["ClientRuntime"]),
        .library(name: "WhitelabelPay", targets: ["WhitelabelPay"]),
        .library(name: "Finaptic", targets: ["Finaptic"]),
        .library(name: "KDPay", targets: ["KDPay"]),
        .library(name: "Jumio", targets: ["Jumio"]),
        .library(name: "BSA", targets: ["BSA"]),
        .plugin(name: "ClientGeneratorPlugin", targets: ["ClientGeneratorPlugin"]),
        .plugin(name: "GenerateClientCode", targets: ["GenerateClientCode"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The sandbox server only (Hummingbird and the packages its API exposes); no product reaches them.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The sandbox serves the schemas' channels over WebSocket (and its tests connect with WSClient).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Channels' opt-in SwiftNIO transport (swift-websocket's client); no product reaches it either.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // HTTP's opt-in SwiftNIO transport (streamed bodies with real backpressure on Linux); no product reaches it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // MARK: Generator (build-time tools; never linked into a client)
        .target(
            name: "SchemaModel",
            // WireFormat (Foundation only, the clients' own date parsers): lint checks `format:` date patterns with
            // the parser generated models run, and `DateFormat.wireFormat` hands it to the exports, validator and sandbox.
            dependencies: [.product(name: "Yams", package: "Yams"), "WireFormat"],
            path: "Generator/SchemaModel"
        ),
        .target(
            name: "SwiftRenderer",
            dependencies: ["SchemaModel"],
            path: "Generator/SwiftRenderer"
        ),
        .target(
            name: "PayloadValidation",
            // WireFormat: the parsers generated models decode dates, days and UUIDs with define what they accept.
            dependencies: ["SchemaModel", "WireFormat"],
            path: "Generator/PayloadValidation"
        ),
        // JSON Schema / OpenAPI exports and the `describe` inventory.
        // WireFormat: a date pattern's JSON Schema `pattern` is the regular expression its parser derives.
        .target(name: "SchemaExport", dependencies: ["SchemaModel", "WireFormat"], path: "Generator/SchemaExport"),
        .testTarget(
            name: "SchemaExportTests",
            dependencies: ["SchemaExport", "SchemaModel", "PayloadValidation", "client-generator", "TestSupport"],
            path: "Tests/SchemaExportTests"
        ),
        // `client-generator import`: an OpenAPI 3.0/3.1 document as a schema (docs/Import.md).
        .target(name: "SchemaImport", dependencies: ["SchemaModel"], path: "Generator/SchemaImport"),
        .testTarget(
            name: "SchemaImportTests",
            dependencies: [
                "SchemaImport", "SchemaExport", "SchemaModel", "SchemaSandbox", "client-generator", "TestSupport", "CompileHarness", "ClientProof",
                "ClientRuntime", "WireFormat",
            ],
            path: "Tests/SchemaImportTests",
            // The expected round-trip differences and the corpus's classified json places, read by
            // RoundTripTests and CorpusImportTests from the source tree.
            exclude: ["RoundTripDifferences.txt", "CorpusUntypedPlaces.txt"]
        ),
        // `client-generator diff`: the changes between two schemas and what each breaks (docs/SchemaDiff.md).
        .target(name: "SchemaDiff", dependencies: ["SchemaModel"], path: "Generator/SchemaDiff"),
        .testTarget(
            name: "SchemaDiffTests",
            dependencies: [
                "SchemaDiff", "SchemaModel", "SwiftRenderer", "PayloadValidation", "SchemaSandbox", "client-generator", "TestSupport", "ClientProof",
            ],
            path: "Tests/SchemaDiffTests"
        ),
        // `generate`: load, render, write the changed files; shared by the CLI and the plugins' tool.
        .target(name: "ClientGeneration", dependencies: ["SchemaModel", "SwiftRenderer"], path: "Generator/ClientGeneration"),
        // The build plugins' tool: `generate` alone, so a consumer builds neither swift-argument-parser nor the
        // CLI's other commands (README, "Depending on SchemaClients").
        .executableTarget(name: "client-generator-build", dependencies: ["ClientGeneration"], path: "Generator/client-generator-build"),
        .executableTarget(
            name: "client-generator",
            dependencies: [
                "SchemaModel", "SwiftRenderer", "ClientGeneration", "SchemaExport", "PayloadValidation", "SchemaDiff", "SchemaImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Generator/client-generator"
        ),
        // `schema-check`: validates JSON payloads against a schema, lints schemas (docs/SchemaCheck.md).
        .executableTarget(
            name: "schema-check",
            dependencies: [
                "SchemaModel", "PayloadValidation", "TrafficCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Generator/schema-check"
        ),
        // `schema-check traffic`'s HAR reader, routing and exchange checks (a library, so its fuzz target links it).
        .target(
            name: "TrafficCheck",
            // WireFormat: a captured event stream is cut into events by the clients' own framing.
            dependencies: ["SchemaModel", "PayloadValidation", "WireFormat"],
            path: "Generator/TrafficCheck"
        ),

        // MARK: Plugins
        .plugin(
            name: "ClientGeneratorPlugin",
            capability: .buildTool(),
            dependencies: ["client-generator-build"],
            path: "Plugins/ClientGeneratorPlugin"
        ),
        .plugin(
            name: "GenerateClientCode",
            capability: .command(
                intent: .custom(
                    verb: "generate-client-code",
                    description: "Writes the Swift generated from a target's schema to a folder for review."
                ),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift to the folder you name.")]
            ),
            dependencies: ["client-generator-build"],
            path: "Plugins/GenerateClientCode"
        ),

        // MARK: Client libraries (Foundation only)
        // What a generated client's payloads look like on the wire (RFC 3339, date patterns, `date`, canonical UUIDs),
        // shared with the generator's tools so they read payloads exactly as clients do. All `@_spi(Generated)`:
        // ClientRuntime re-exports it to generated code, an app does not see it.
        .target(name: "WireFormat", path: "Sources/WireFormat"),
        .target(name: "ClientRuntime", dependencies: ["WireFormat"], path: "Sources/ClientRuntime"),
        .target(
            name: "WhitelabelPay",
            dependencies: ["ClientRuntime"],
            path: "Sources/WhitelabelPay",
            plugins: ["ClientGeneratorPlugin"]
        ),
        .target(
            name: "Finaptic",
            dependencies: ["ClientRuntime"],
            path: "Sources/Finaptic",
            plugins: ["ClientGeneratorPlugin"]
        ),
        .target(
            name: "KDPay",
            dependencies: ["ClientRuntime"],
            path: "Sources/KDPay",
            plugins: ["ClientGeneratorPlugin"]
        ),

        // Channels over SwiftNIO (swift-websocket's client), for Linux, where URLSession has no WebSockets, and for
        // tests. A target without a product: SwiftPM resolves the packages behind every product a package declares,
        // so as a product it would make every consumer of a client library fetch SwiftNIO and its TLS stack. A Linux
        // app copies its one file or depends on swift-websocket itself (README, "Dependencies").
        .target(
            name: "ChannelTransportNIO",
            dependencies: [
                "ClientRuntime",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/ChannelTransportNIO"
        ),
        // HTTP over SwiftNIO (AsyncHTTPClient), for Linux, where FoundationNetworking cannot pause a streamed body,
        // cannot read an answer while a streamed request waits for its next event, and acts late on a cancel.
        // Without a product for the same reason as ChannelTransportNIO: a Linux app copies its one file or depends
        // on async-http-client itself (README, "Dependencies").
        .target(
            name: "HTTPTransportNIO",
            dependencies: [
                "ClientRuntime",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/HTTPTransportNIO"
        ),

        // MARK: Sandbox server (developer tool on Hummingbird; no client product depends on it)
        .target(
            name: "SchemaSandbox",
            dependencies: [
                // ClientRuntime: the sandbox hands demos and tests a client middleware (`SandboxExampleChoice`) and a
                // transport (`SandboxCallTimeURLRouting`), and redacts its request log as the client's logging does.
                "SchemaModel", "PayloadValidation", "WireFormat", "ClientRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Sandbox/SchemaSandbox",
            exclude: ["README.md"]
        ),
        // What every `<api>-demo` shares: the sandbox in-process, numbered steps, the wire log, request counts.
        .target(
            name: "DemoSupport",
            dependencies: ["ClientRuntime", "SchemaSandbox", "SchemaModel"],
            path: "Sources/Demos/DemoSupport"
        ),
        // `swift run whitelabelpay-demo`: the sandbox in-process, driven by the generated client.
        .executableTarget(
            name: "whitelabelpay-demo",
            dependencies: ["WhitelabelPay", "DemoSupport", "SchemaSandbox"],
            path: "Sources/Demos/whitelabelpay-demo"
        ),
        // `swift run finaptic-demo`: the Finaptic onboarding-to-transfer flow against the in-process sandbox.
        .executableTarget(
            name: "finaptic-demo",
            dependencies: ["Finaptic", "DemoSupport", "SchemaSandbox", "ChannelTransportNIO"],
            path: "Sources/Demos/finaptic-demo"
        ),
        // Jumio (issue 11): the token and workflow requests and the SDK's result and error model.
        .target(
            name: "Jumio",
            dependencies: ["ClientRuntime"],
            path: "Sources/Jumio",
            plugins: ["ClientGeneratorPlugin"]
        ),
        .executableTarget(
            name: "jumio-demo",
            dependencies: ["Jumio", "DemoSupport", "SchemaSandbox", "SchemaModel"],
            path: "Sources/Demos/jumio-demo"
        ),
        // BSA (issue 11): the server calls of the BSA iOS SDK.
        .target(
            name: "BSA",
            dependencies: ["ClientRuntime"],
            path: "Sources/BSA",
            plugins: ["ClientGeneratorPlugin"]
        ),
        .executableTarget(
            name: "bsa-demo",
            dependencies: ["BSA", "DemoSupport", "SchemaSandbox"],
            path: "Sources/Demos/bsa-demo"
        ),
        // `swift run kdpay-demo`: the KD Pay document's scenarios against the sandbox in-process.
        .executableTarget(
            name: "kdpay-demo",
            dependencies: ["KDPay", "DemoSupport", "SchemaSandbox"],
            path: "Sources/Demos/kdpay-demo"
        ),
        .executableTarget(
            name: "sandbox",
            dependencies: ["SchemaSandbox", "SchemaModel", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/Sandbox/sandbox"
        ),

        // MARK: Tests
        .target(name: "TestHTTPServer", path: "Tests/TestHTTPServer"),
        // Helpers several test targets share: a seeded PRNG, the path of a built executable, the repository
        // root and a minimal schema text (SchemaModel, for its diagnostics).
        .target(name: "TestSupport", dependencies: ["SchemaModel"], path: "Tests/TestSupport"),
        // Type-checks generated code with swiftc against the built ClientRuntime (the renderer's and the corpus's tests).
        .target(name: "CompileHarness", dependencies: ["SchemaModel", "SwiftRenderer", "TestSupport"], path: "Tests/CompileHarness"),
        // Generated clients run for real: a package of them with drivers that call their operations, written and
        // built by the diff proof (old clients against new servers) and the corpus run (every imported document).
        .target(name: "ClientProof", dependencies: ["SchemaModel", "SwiftRenderer", "SchemaSandbox"], path: "Tests/ClientProof"),
        // Modules generated by the plugin from test schemas: every construct, and a hostile schema.
        .target(
            name: "KitchenSink",
            dependencies: ["ClientRuntime"],
            path: "Tests/GeneratedModules/KitchenSink",
            exclude: ["examples"],
            plugins: ["ClientGeneratorPlugin"]
        ),
        .target(
            name: "Hostile",
            dependencies: ["ClientRuntime"],
            path: "Tests/GeneratedModules/Hostile",
            plugins: ["ClientGeneratorPlugin"]
        ),
        // Every Swift keyword and runtime type name as every kind of schema name
        // (Tests/SchemaModelTests/NameCorpusTests.swift writes the schema).
        .target(
            name: "NameCorpus",
            dependencies: ["ClientRuntime"],
            path: "Tests/GeneratedModules/NameCorpus",
            plugins: ["ClientGeneratorPlugin"]
        ),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["KitchenSink", "Hostile", "NameCorpus", "TestHTTPServer", "SchemaModel", "PayloadValidation", "TestSupport"],
            path: "Tests/GeneratedCodeTests"
        ),
        .testTarget(
            name: "ClientRuntimeTests",
            dependencies: ["ClientRuntime", "WireFormat", "TestHTTPServer"],
            path: "Tests/ClientRuntimeTests"
        ),
        // Channel (reconnection, close codes, token refresh, limits) over real WebSockets on 127.0.0.1: the NIO
        // transport against a scripted server on plain NIOWebSocket, which (unlike hummingbird-websocket's
        // handler API) sees the close code a client sends and can drop a connection without a close frame.
        .testTarget(
            name: "ChannelTransportNIOTests",
            dependencies: [
                "ClientRuntime", "ChannelTransportNIO",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Tests/ChannelTransportNIOTests"
        ),
        // HTTPTransportNIO's contract (the one URLSessionTransport keeps: redirects, size limit, cancellation,
        // streamed bodies held back, full-duplex request streams) against real servers on 127.0.0.1.
        .testTarget(
            name: "HTTPTransportNIOTests",
            dependencies: [
                // KitchenSink and the sandbox: a generated bidirectional call (`chat`) over a real server.
                "ClientRuntime", "HTTPTransportNIO", "TestHTTPServer", "KitchenSink", "SchemaSandbox", "SchemaModel",
            ],
            path: "Tests/HTTPTransportNIOTests"
        ),
        // The model's loader: diagnostics of every construct, resource limits, the field census, the name corpus.
        .testTarget(
            name: "SchemaModelTests",
            dependencies: ["SchemaModel", "TestSupport"],
            path: "Tests/SchemaModelTests"
        ),
        // The renderer: goldens, snippets, escaping, line wrapping, file placement, and generated code
        // type-checked against the ClientRuntime module this build makes.
        .testTarget(
            name: "SwiftRendererTests",
            dependencies: ["SwiftRenderer", "SchemaModel", "ClientRuntime", "TestSupport", "CompileHarness"],
            path: "Tests/SwiftRendererTests",
            exclude: ["Golden"]
        ),
        // The `client-generator` command as a user and the build plugin run it (the built executable).
        .testTarget(
            name: "ClientGeneratorTests",
            dependencies: ["client-generator", "SwiftRenderer", "SchemaModel", "ClientRuntime", "TestSupport"],
            path: "Tests/ClientGeneratorTests"
        ),
        .testTarget(
            name: "WhitelabelPayTests",
            dependencies: ["WhitelabelPay", "TestHTTPServer", "SchemaModel"],
            path: "Tests/WhitelabelPayTests"
        ),
        // The Finaptic document's flows against the sandbox over HTTP on 127.0.0.1, and its chat channel over
        // WebSocket (the NIO transport: URLSession has no WebSockets on Linux).
        .testTarget(
            name: "FinapticTests",
            dependencies: ["Finaptic", "SchemaSandbox", "SchemaModel", "ChannelTransportNIO"],
            path: "Tests/FinapticTests"
        ),
        // Jumio's and BSA's flows against the sandbox on 127.0.0.1 (issue 11).
        .testTarget(
            name: "JumioTests",
            dependencies: ["Jumio", "SchemaSandbox", "SchemaModel", "PayloadValidation"],
            path: "Tests/JumioTests"
        ),
        .testTarget(
            name: "BSATests",
            dependencies: ["BSA", "SchemaSandbox", "SchemaModel"],
            path: "Tests/BSATests"
        ),
        // The KD Pay document's scenarios against the sandbox over HTTP on 127.0.0.1.
        .testTarget(
            name: "KDPayTests",
            dependencies: ["KDPay", "SchemaSandbox", "SchemaModel"],
            path: "Tests/KDPayTests"
        ),
        .testTarget(
            name: "PayloadValidationTests",
            dependencies: ["PayloadValidation", "SchemaModel", "WireFormat", "TestSupport"],
            path: "Tests/PayloadValidationTests"
        ),
        // Fuzz targets (Tests/Fuzz/README.md): libFuzzer drivers when Tests/Fuzz/run.sh builds them with
        // -sanitize=fuzzer -DFUZZING; in a normal build, tools that replay inputs (and the code
        // FuzzRegressionTests runs on every kept crash input).
        .target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-schema-loader", dependencies: ["SchemaModel", "FuzzSupport"], path: "Tests/Fuzz/fuzz-schema-loader"),
        .executableTarget(name: "fuzz-payload", dependencies: ["PayloadValidation", "SchemaModel", "FuzzSupport"], path: "Tests/Fuzz/fuzz-payload"),
        .executableTarget(name: "fuzz-traffic", dependencies: ["TrafficCheck", "SchemaModel", "FuzzSupport"], path: "Tests/Fuzz/fuzz-traffic"),
        .executableTarget(name: "fuzz-import", dependencies: ["SchemaImport", "FuzzSupport"], path: "Tests/Fuzz/fuzz-import"),
        .executableTarget(name: "fuzz-diff", dependencies: ["SchemaDiff", "SchemaModel", "FuzzSupport"], path: "Tests/Fuzz/fuzz-diff"),
        // The semantic fuzzer: random lint-clean schemas must generate code that compiles without warnings
        // (lint -> generate -> swiftc; Tests/Fuzz/README.md). A plain tool, not a libFuzzer target.
        .executableTarget(
            name: "fuzz-semantic", dependencies: ["SchemaModel", "SwiftRenderer", "TestSupport"], path: "Tests/Fuzz/fuzz-semantic"),
        // Every input the fuzzers kept and every seed, replayed through the fuzz targets' code on each test run.
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: ["fuzz-payload", "fuzz-schema-loader", "fuzz-traffic", "fuzz-import", "fuzz-diff", "SchemaDiff", "SchemaModel"],
            path: "Tests/Fuzz/FuzzRegressionTests"
        ),
        // Generated clients with retries, token refresh, pagination and caching against the sandbox.
        .testTarget(
            name: "SandboxIntegrationTests",
            dependencies: ["KitchenSink", "WhitelabelPay", "SchemaSandbox", "SchemaModel", "TestHTTPServer"],
            path: "Tests/SandboxIntegrationTests"
        ),
        .testTarget(
            name: "SandboxTests",
            dependencies: [
                "SchemaSandbox", "sandbox", "SchemaModel", "PayloadValidation",
                // A WebSocket client for the channel tests (ChannelServingTests).
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Tests/SandboxTests"
        ),
        // Runs the real `schema-check` binary on payload fixtures.
        .testTarget(
            name: "SchemaCheckTests",
            // client-generator too: its lint and schema loading must match schema-check's (SchemaDiagnosticsAgreementTests).
            dependencies: ["schema-check", "client-generator", "TestSupport"],
            path: "Tests/SchemaCheckTests"
        ),
        // `schema-check traffic` (the TrafficCheck module) on the captures in Tests/Fixtures/Traffic, through the binary.
        .testTarget(
            name: "TrafficCheckTests",
            dependencies: ["schema-check", "TestSupport"],
            path: "Tests/TrafficCheckTests"
        ),
        // Builds Tests/Fixtures/ConsumerPackage (a package depending on this one) with `swift build`;
        // runs only with RUN_PLUGIN_TESTS=1. The fixture is under no target's path.
        .testTarget(
            name: "PluginTests",
            path: "Tests/PluginTests"
        ),
    ]
)
