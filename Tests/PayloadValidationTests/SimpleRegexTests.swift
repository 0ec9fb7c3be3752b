import Foundation
@testable import PayloadValidation
import TestSupport
import XCTest

/// The fast pattern matcher must answer exactly as NSRegularExpression (ICU) does.
final class SimpleRegexTests: XCTestCase {
    static let supported = [
        "^[A-Z0-9]+$", #"^\+[0-9]{6,15}$"#, "^[0-9*]{12,19}$", "abc", "^a", "b$", "a.c", "^.*$", "^$", "^", "$",
        "x{2}", "x{2,}", "^x{0,3}$", "a?b+c*", "a+?b*?", "[^a-c]", "^[^0-9]+$", #"\.\-\\"#, #"^\$[0-9]+\.[0-9]{2}$"#,
        "[a-fA-F0-9]{8}", "^[a-z][a-z0-9_]*$", "^.{2,4}$", "[!-/]", #"[\]\[]"#, #"^[\^a]+$"#, "q$", #"^a\$"#, "^[^a-c]$", "^[^a-c]?$", "^[^a-c]{1,3}$",
    ]
    static let unsupported = [
        #"^\d+$"#, #"\w"#, "a|b", "(ab)+", "[[:alpha:]]", "[a-]", "[-a]", "a++", "[a b]", "é", #"\p{L}"#, "[a&&b]", "(?i)a", "x{3,2}",
    ]

    func testCompilesTheSubsetAndFallsBackOtherwise() {
        for pattern in Self.supported { XCTAssertNotNil(SimpleRegex.compile(pattern), pattern) }
        for pattern in Self.unsupported { XCTAssertNil(SimpleRegex.compile(pattern), pattern) }
    }

    func testAgreesWithNSRegularExpression() throws {
        let alphabet: [String] = ["a", "b", "c", "x", "q", "A", "F", "Z", "0", "5", "9", "*", "+", ".", "-", "\\", "$", "^", "[", "]",
                                  "_", "!", " ", "\n", "\r", "\r\n", "\u{2028}", "\u{85}", "é", "😀", "e\u{301}"]
        var generator = SplitMix64(seed: 7)
        for pattern in Self.supported {
            let simple = try XCTUnwrap(SimpleRegex.compile(pattern))
            let icu = try NSRegularExpression(pattern: pattern)
            var samples = ["", "ABC123", "+491234567", "************1234", "abc", "ABC\n", "ABC\r\n", "ABC\n\n", "xx", "$12.50", "a$", "\r\n", "x\r\n", "!\u{85}", " \r\n", "x\u{2028}", "\r\r", "\n.! "]
            for _ in 0..<400 {
                let length = Int(generator.next() % 8)
                samples.append((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined())
            }
            for text in samples {
                let expected = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                XCTAssertEqual(simple.matches(text), expected, "pattern \(pattern) on \(text.debugDescription)")
            }
        }
    }
}
