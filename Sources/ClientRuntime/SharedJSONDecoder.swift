import Foundation

extension JSONCoding {
    /// One decoder of `makeDecoder()`'s setup for every response body: a decoder is safe to share once
    /// configured (its options are only read while decoding), and making one per call costs allocations
    /// for nothing.
    static let sharedDecoder = makeDecoder()
}
