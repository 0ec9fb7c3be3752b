import Foundation

/// Matches error codes against the code families of a catalogue (`code: { pattern: … }`). Generated
/// code passes patterns already rewritten for ICU (see the generator's `ECMAPattern`), so they mean what
/// ECMA-262 means; each is compiled once per process.
@_spi(Generated) public enum ErrorCodePattern {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: NSRegularExpression?] = [:]

    /// Whether `pattern` matches anywhere in `code` (a search, like JSON Schema's `pattern`; anchor it
    /// with `^…$` to match whole codes). A pattern that does not compile matches nothing.
    public static func matches(_ code: String, icuPattern pattern: String) -> Bool {
        let compiled = lock.locked { () -> NSRegularExpression? in
            if let compiled = cache[pattern] { return compiled }
            let compiled = try? NSRegularExpression(pattern: pattern)
            cache[pattern] = compiled
            return compiled
        }
        guard let compiled else { return false }
        return compiled.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }
}
