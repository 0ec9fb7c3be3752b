import Foundation

/// Deterministic pseudo-random numbers (SplitMix64) for mutation and fuzz tests, so a failure can be
/// reproduced from its seed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// An executable product of this package, for tests that run a tool as a user does. SwiftPM builds
/// executables into the products folder that holds the test bundle (macOS) or the test executable
/// (Linux, where `Bundle.main` is that folder); the test target must depend on the executable.
public func builtExecutable(named name: String) -> URL {
    #if os(macOS)
    let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
    #else
    let products = Bundle.main.bundleURL
    #endif
    return products.appendingPathComponent(name)
}
