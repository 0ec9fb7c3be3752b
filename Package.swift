// swift-tools-version: 6.0
import PackageDescription

// Layout: Generator/ holds the schema model, the Swift renderer and the generator CLI; Plugins/ the
// SwiftPM plugins that run it; Sources/ the hand-written runtime and one module per API whose code the
// build-tool plugin generates from Schemas/. Client products depend on nothing but Foundation.
let package = Package(
    name: "SchemaClients",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "ClientRuntime", targets: ["ClientRuntime"]),
        .library(name: "WhitelabelPay", targets: ["WhitelabelPay"]),
        .executable(name: "client-generator", targets: ["client-generator"]),
        .plugin(name: "ClientGeneratorPlugin", targets: ["ClientGeneratorPlugin"]),
        .plugin(name: "GenerateClientCode", targets: ["GenerateClientCode"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: Generator (build-time tools; never linked into a client)
        .target(
            name: "SchemaModel",
            dependencies: [.product(name: "Yams", package: "Yams")],
            path: "Generator/SchemaModel"
        ),
        .target(
            name: "SwiftRenderer",
            dependencies: ["SchemaModel"],
            path: "Generator/SwiftRenderer"
        ),
        .executableTarget(
            name: "client-generator",
            dependencies: [
                "SchemaModel", "SwiftRenderer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Generator/CLI"
        ),

        // MARK: Plugins
        .plugin(
            name: "ClientGeneratorPlugin",
            capability: .buildTool(),
            dependencies: ["client-generator"],
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
            dependencies: ["client-generator"],
            path: "Plugins/GenerateClientCode"
        ),

        // MARK: Client libraries (Foundation only)
        .target(name: "ClientRuntime", path: "Sources/ClientRuntime"),
        .target(
            name: "WhitelabelPay",
            dependencies: ["ClientRuntime"],
            path: "Sources/WhitelabelPay",
            plugins: ["ClientGeneratorPlugin"]
        ),

        // MARK: Tests
        .target(name: "TestHTTPServer", path: "Tests/TestHTTPServer"),
        .testTarget(
            name: "ClientRuntimeTests",
            dependencies: ["ClientRuntime", "TestHTTPServer"],
            path: "Tests/ClientRuntimeTests"
        ),
        .testTarget(
            name: "GeneratorTests",
            dependencies: ["SchemaModel", "SwiftRenderer"],
            path: "Tests/GeneratorTests",
            exclude: ["Golden"],
            resources: [.copy("Schemas")]
        ),
        .testTarget(
            name: "WhitelabelPayTests",
            dependencies: ["WhitelabelPay", "TestHTTPServer"],
            path: "Tests/WhitelabelPayTests"
        ),
    ]
)
