import Foundation
import SchemaModel
import TestSupport
import XCTest

@testable import PayloadValidation

/// Patterns mean what they mean in ECMA-262 (JSON Schema). The fast matcher must answer exactly as
/// NSRegularExpression (ICU) does on the pattern `ECMAPattern` rewrites, and both as ECMA-262 does.
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
        let alphabet: [String] = [
            "a", "b", "c", "x", "q", "A", "F", "Z", "0", "5", "9", "*", "+", ".", "-", "\\", "$", "^", "[", "]",
            "_", "!", " ", "\n", "\r", "\r\n", "\u{2028}", "\u{85}", "é", "😀", "e\u{301}",
        ]
        var generator = SplitMix64(seed: 7)
        for pattern in Self.supported {
            let simple = try XCTUnwrap(SimpleRegex.compile(pattern))
            let icu = try NSRegularExpression(pattern: ECMAPattern.icuPattern(pattern))
            var samples = [
                "", "ABC123", "+491234567", "************1234", "abc", "ABC\n", "ABC\r\n", "ABC\n\n", "xx", "$12.50", "a$", "\r\n", "x\r\n", "!\u{85}", " \r\n",
                "x\u{2028}", "\r\r", "\n.! ",
            ]
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

    /// ECMA-262 answers (checked against jsonschema-rs where it follows ECMA-262, see
    /// Tests/SchemaExportTests/DifferentialTests.swift), through `Pattern`, which picks the fast
    /// matcher or the rewritten ICU pattern, and through the rewritten ICU pattern alone.
    static let ecmaCases: [(pattern: String, text: String, matches: Bool)] = [
        // `$` is the end of the input only.
        ("^[A-Z]{3}$", "EUR", true), ("^[A-Z]{3}$", "EUR\n", false), ("^[A-Z]{3}$", "EUR\r\n", false), ("^[A-Z]{3}$", "EUR\u{2028}", false),
        ("^(?:ab|cd)$", "cd\n", false), ("^(?:ab|cd)$", "cd", true), ("^a$|^b$", "b\n", false), ("[0-9]$", "1\n", false),
        ("^x(?=$)", "x\n", false), ("^x(?=$)", "x", true),
        // `.`: not LF, CR, U+2028, U+2029; but VT, FF and NEL, which ICU's `.` excludes.
        ("^.+$", "a\u{85}", true), ("^.+$", "a\u{0B}", true), ("^.+$", "a\u{0C}", true), ("^.+$", "a\n", false),
        ("^.+$", "a\r", false), ("^.+$", "a\u{2029}", false), ("^(.)+$", "a\u{85}", true), ("^.$", "😀", true),
        // `\d`, `\w`, `\b` are ASCII.
        (#"^\d+$"#, "12", true), (#"^\d+$"#, "١٢", false), (#"^[\d]+$"#, "١", false), (#"^\D$"#, "١", true),
        (#"^\w+$"#, "abc_1", true), (#"^\w+$"#, "é", false), (#"^[^\W]+$"#, "é", false), (#"^\W$"#, "é", true),
        (#"\bfoo\b"#, "éfooé", true), (#"\bfoo\b"#, "afoo", false), (#"\Bfoo"#, "éfoo", false),
        // `\s` is ECMA-262's white space and line terminators.
        (#"^\s$"#, " ", true), (#"^\s$"#, "\u{FEFF}", true), (#"^\s$"#, "\u{85}", false), (#"^\s$"#, "\u{1C}", false),
        (#"^\S+$"#, "x\u{85}", true), (#"^[\s]$"#, "\u{2028}", true),
        // Escapes and classes ICU reads differently.
        (#"^x\v$"#, "x\u{0B}", true), (#"^x\v$"#, "x\n", false), (#"^\0$"#, "\u{0}", true), (#"^[\b]$"#, "\u{08}", true),
        (#"^\u{1F600}$"#, "😀", true), ("^[[:alpha:]]+$", "a]", true), ("^[[:alpha:]]+$", "abc", false), ("^[:a]+$", ":a", true),
        ("^[a&&b]$", "&", true), ("^[$]$", "$", true), ("^[^]$", "\n", true), ("^[]$", "", false), ("^a{,2}$", "a{,2}", true),
        ("^a{2}$", "aa", true), ("^]$", "]", true), ("^}$", "}", true),
    ]

    func testECMA262Semantics() throws {
        for (pattern, text, expected) in Self.ecmaCases {
            XCTAssertEqual(Pattern(pattern).matches(text), expected, "\(pattern) on \(text.debugDescription)")
            let icu = try NSRegularExpression(pattern: ECMAPattern.icuPattern(pattern))
            let icuSays = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
            XCTAssertEqual(icuSays, expected, "ICU on \(ECMAPattern.icuPattern(pattern)) (from \(pattern)) on \(text.debugDescription)")
        }
    }

    /// Random patterns from regex syntax (a seeded in-process fuzzer): rewriting never crashes, and
    /// wherever the fast matcher takes a pattern it answers as ICU does on the rewritten pattern.
    func testRandomPatternsAgreeBetweenTheFastMatcherAndRewrittenICU() throws {
        let pieces = [
            "a", "b", "Z", "0", "9", ".", "^", "$", "[", "]", "[^", "-", "\\", "\\d", "\\w", "\\s", "\\b", "\\.",
            "\\$", "\\u{41}", "{", "}", "{2}", "{1,3}", "{,2}", "*", "+", "?", "(", ")", "(?:", "|", ":", "&", "é", " ",
        ]
        let texts = ["", "a", "ab", "aZ9", "a\n", "ab\n", "Z\r\n", "00", "é", "a.b", "$", "[", "]", "a{,2}", " ", "\u{85}", "a b"]
        var generator = SplitMix64(seed: 11)
        var compiled = 0
        var fast = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 7) + 1
            let pattern = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let rewritten = ECMAPattern.icuPattern(pattern)
            guard let icu = try? NSRegularExpression(pattern: rewritten) else { continue }
            compiled += 1
            guard let simple = SimpleRegex.compile(pattern) else { continue }
            fast += 1
            for text in texts {
                let expected = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                XCTAssertEqual(simple.matches(text), expected, "\(pattern) (ICU: \(rewritten)) on \(text.debugDescription)")
            }
        }
        XCTAssertGreaterThan(compiled, 5_000)
        XCTAssertGreaterThan(fast, 1_000)
    }
}
