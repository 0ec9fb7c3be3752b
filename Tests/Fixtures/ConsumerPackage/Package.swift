// swift-tools-version: 6.0
import PackageDescription

// A package that depends on SchemaClients and generates a client from its own schema with the
// ClientGeneratorPlugin. Tests/PluginTests copies it to a temporary folder, points the dependency at
// a symlink named `schema-clients` (so the package identity is the same in any checkout), builds it,
// runs it, edits the schema and rebuilds. It is not part of the SchemaClients package.
let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        // Rewritten by PluginTests to `.package(path: "<temporary folder>/schema-clients")`; as it stands
        // the identity is this checkout's folder name, so build the fixture through the test, not in place.
        .package(path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "consumer-demo",
            dependencies: [.product(name: "ClientRuntime", package: "schema-clients")],
            plugins: [.plugin(name: "ClientGeneratorPlugin", package: "schema-clients")]
        )
    ]
)
