import Foundation
import SchemaModel
import TestSupport
import XCTest

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws -> JSON {
        try JSONParser.parse(Data(text.utf8), maxDepth: maxDepth)
    }

    /// The syntax error of `bytes`, failing the test when they parse.
    private func syntaxError(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let value = try JSONParser.parse(Data(bytes))
            XCTFail("parsed as \(value)", file: file, line: line)
            return nil
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8), file: file, line: line)
    }

    private func assertError(
        _ text: String, _ message: String, line: Int, column: Int,
        file: StaticString = #filePath, sourceLine: UInt = #line
    ) {
        guard let error = syntaxError(text, file: file, line: sourceLine) else { return }
        XCTAssertEqual(error.message, message, file: file, line: sourceLine)
        XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: sourceLine)
        XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: sourceLine)
    }

    // MARK: Valid input

    func testParsesEveryKindOfValue() throws {
        let value = try parse(#" { "a" : [1, -2.5e+3, true, false, null, "x"], "b": {}, "c": [] } "#)
        XCTAssertEqual(
            value,
            .object([
                .init(key: "a", value: .array([.number("1"), .number("-2.5e+3"), .bool(true), .bool(false), .null, .string("x")])),
                .init(key: "b", value: .object([])),
                .init(key: "c", value: .array([])),
            ]))
        XCTAssertEqual(try parse("\"top\""), .string("top"))
        XCTAssertEqual(try parse("\n\t 0 \r\n"), .number("0"))
        XCTAssertEqual(try parse("-0"), .number("-0"))
    }

    func testKeepsNumberTextExactly() throws {
        let numbers = ["123456789012345678901234567890", "1e400", "-1E-400", "0.10000000000000000000001", "9223372036854775808", "1.0"]
        for number in numbers {
            XCTAssertEqual(try parse(number), .number(number))
            XCTAssertEqual(try parse("[\(number)]"), .array([.number(number)]))
        }
    }

    func testKeepsMemberOrderAndDuplicateKeys() throws {
        let value = try parse(#"{"z": 1, "a": 2, "z": 3}"#)
        guard case .object(let members) = value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["z", "a", "z"])
        XCTAssertEqual(value["z"], .number("1"), "the subscript returns the first occurrence, as JSONDecoder uses")
        XCTAssertEqual(value.description, #"{"z":1,"a":2,"z":3}"#)
    }

    func testDecodesEscapesAndUnicode() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u20AC\u0000""#), .string("Aé€\u{0}"))
        XCTAssertEqual(try parse(#""\uD83D\uDE00 and \ud83d\ude00""#), .string("😀 and 😀"))
        XCTAssertEqual(try parse("\"héllo wörld 😀 直接\""), .string("héllo wörld 😀 直接"))
        XCTAssertEqual(try parse("{\"clé\": \"€\"}"), .object([.init(key: "clé", value: .string("€"))]))
        // A string that mixes raw UTF-8 and escapes.
        XCTAssertEqual(try parse(#""é\né""#), .string("é\né"))
    }

    func testSkipsAByteOrderMark() throws {
        XCTAssertEqual(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))), .array([.number("1")]))
    }

    func testParsesFromStringAndRawBuffer() throws {
        XCTAssertEqual(try JSONParser.parse("[true]"), .array([.bool(true)]))
        let bytes: [UInt8] = Array("null".utf8)
        try bytes.withUnsafeBytes { XCTAssertEqual(try JSONParser.parse($0), .null) }
    }

    // MARK: Invalid input, with positions

    func testReportsWhatWasFoundWithLineAndColumn() {
        assertError("{\"a\": 1,\n \"b\": 2\n  x}", "expected ',' or '}' after an object member, found 'x'", line: 3, column: 3)
        guard let error = syntaxError("{\"a\": 1,\n \"b\": 2\n  x}") else { return }
        XCTAssertEqual(error.description, "expected ',' or '}' after an object member, found 'x' at line 3, column 3")
        XCTAssertEqual(error.offset, 19)
        assertError("[1 2]", "expected ',' or ']' after an array element, found '2'", line: 1, column: 4)
        assertError("{\"a\" 1}", "expected ':' after the member name, found '1'", line: 1, column: 6)
        assertError("{1: 2}", "expected a member name in double quotes after '{', found '1'", line: 1, column: 2)
        // Columns count characters, not bytes.
        assertError("[\"é😀\", x]", "expected a JSON value, found 'x'", line: 1, column: 8)
    }

    func testRejectsWhatRFC8259Forbids() {
        assertError("[1, 2,]", "expected a value after ',', found ']' (trailing commas are not allowed)", line: 1, column: 7)
        assertError("{\"a\": 1,}", "expected a member name after ',', found '}' (trailing commas are not allowed)", line: 1, column: 9)
        assertError("[1] // comment", "unexpected '/' after the JSON value", line: 1, column: 5)
        assertError("/* c */ 1", "expected a JSON value, found '/'", line: 1, column: 1)
        assertError("01", "leading zeros are not allowed in numbers", line: 1, column: 1)
        assertError("[-012]", "leading zeros are not allowed in numbers", line: 1, column: 2)
        assertError("NaN", "expected a JSON value, found 'NaN'", line: 1, column: 1)
        assertError("[Infinity]", "expected a JSON value, found 'Infinity'", line: 1, column: 2)
        assertError("-Infinity", "expected a digit after '-', found 'Infinity'", line: 1, column: 2)
        assertError("1.", "expected a digit after the decimal point, found the end of the input", line: 1, column: 3)
        assertError(".5", "expected a JSON value, found '.'", line: 1, column: 1)
        assertError("1e+", "expected a digit in the exponent, found the end of the input", line: 1, column: 4)
        assertError("+1", "expected a JSON value, found '+'", line: 1, column: 1)
        assertError("{'a': 1}", "expected a member name in double quotes after '{', found a single quote", line: 1, column: 2)
        assertError("tru", "expected 'true', found 'tru'", line: 1, column: 1)
        assertError("nul", "expected 'null', found 'nul'", line: 1, column: 1)
        assertError("True", "expected a JSON value, found 'True'", line: 1, column: 1)
        assertError("[1]]", "unexpected ']' after the JSON value", line: 1, column: 4)
        assertError("1 2", "unexpected '2' after the JSON value", line: 1, column: 3)
    }

    func testRejectsBadStrings() {
        assertError("\"a\tb\"", "control character U+0009 must be escaped in a string", line: 1, column: 3)
        assertError("\"a\nb\"", "control character U+000A must be escaped in a string", line: 1, column: 3)
        assertError(#""\x""#, #"invalid escape '\x' in a string; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#, line: 1, column: 2)
        assertError(#""\u12G4""#, "expected 4 hexadecimal digits after '\\u', found 'G4'", line: 1, column: 2)
        assertError("\"abc", "unterminated string (it starts at line 1, column 1): expected '\"', found the end of the input", line: 1, column: 5)
        assertError("[\"a\\", "unterminated string (it starts at line 1, column 2): expected '\"', found the end of the input", line: 1, column: 5)
    }

    func testRejectsLoneSurrogates() {
        assertError(#"["\uD800"]"#, #"lone surrogate \uD800: a high surrogate must be followed by a low surrogate escape (\uDC00-\uDFFF)"#, line: 1, column: 3)
        assertError(#""\uDC00""#, #"lone surrogate \uDC00: a low surrogate must follow a high surrogate escape"#, line: 1, column: 2)
        assertError(
            #""\uD800\u0041""#, #"lone surrogate \uD800: a high surrogate must be followed by a low surrogate escape (\uDC00-\uDFFF)"#, line: 1, column: 2)
        assertError(#""\uD800x""#, #"lone surrogate \uD800: a high surrogate must be followed by a low surrogate escape (\uDC00-\uDFFF)"#, line: 1, column: 2)
    }

    func testRejectsInvalidUTF8() {
        let cases: [([UInt8], String)] = [
            ([0x22, 0xFF, 0x22], "invalid UTF-8 in a string: invalid UTF-8 byte 0xFF"),
            ([0x22, 0xC0, 0x80, 0x22], "invalid UTF-8 in a string: invalid UTF-8 byte 0xC0"),  // overlong NUL
            ([0x22, 0xE0, 0x80, 0x80, 0x22], "invalid UTF-8 in a string: invalid UTF-8 byte 0xE0"),  // overlong
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 in a string: invalid UTF-8 byte 0xED"),  // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 in a string: invalid UTF-8 byte 0xF4"),  // above U+10FFFF
            ([0x22, 0x61, 0xE2, 0x82, 0x22], "invalid UTF-8 in a string: invalid UTF-8 byte 0xE2"),  // truncated
            ([0x22, 0x80, 0x22], "invalid UTF-8 in a string: invalid UTF-8 byte 0x80"),  // lone continuation
        ]
        for (bytes, message) in cases {
            guard let error = syntaxError(bytes) else { continue }
            XCTAssertEqual(error.message, message, "\(bytes)")
            XCTAssertEqual(error.line, 1)
        }
        // Invalid UTF-8 after an escape, and outside strings.
        XCTAssertEqual(syntaxError([0x22, 0x5C, 0x6E, 0xFF, 0x22])?.message, "invalid UTF-8 in a string: invalid UTF-8 byte 0xFF")
        XCTAssertEqual(syntaxError([0x5B, 0xFE, 0x5D])?.message, "expected a JSON value, found invalid UTF-8 byte 0xFE")
        XCTAssertEqual(syntaxError([0x5B, 0xC3, 0xA9, 0x5D])?.message, "expected a JSON value, found 'é' (U+00E9)")
    }

    func testEmptyAndBlankInput() {
        assertError("", "expected a JSON value, found the end of the input", line: 1, column: 1)
        assertError("  \n ", "expected a JSON value, found the end of the input", line: 2, column: 2)
        XCTAssertThrowsError(try JSONParser.parse(Data()))
    }

    func testDeepNestingIsASyntaxErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard let error = syntaxError(deep) else { return }
        XCTAssertEqual(error.message, "the JSON is nested too deeply: more than 512 arrays and objects inside each other")
        XCTAssertEqual(error.offset, 512)
        let deepObjects = String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        XCTAssertTrue(syntaxError(deepObjects)?.message.contains("nested too deeply") ?? false)
        // Exactly the limit JSONDecoder accepts.
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
        XCTAssertNotNil(syntaxError(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)))
        XCTAssertNoThrow(try parse("[[[1]]]", maxDepth: 3))
        XCTAssertThrowsError(try parse("[[[1]]]", maxDepth: 2))
    }

    func testHostileBinaryInputNeverCrashes() {
        var generator = SplitMix64(seed: 42)
        for length in [1, 2, 3, 7, 64, 1000, 10_000] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                _ = try? JSONParser.parse(Data(bytes))
            }
        }
        // Truncations of a valid document all fail cleanly.
        let text = Array(#"{"a": [1, 2.5e3, "x\u00e9\uD83D\uDE00", {"b": null}], "c": true}"#.utf8)
        for end in 0..<text.count {
            XCTAssertThrowsError(try JSONParser.parse(Data(text[0..<end])), "prefix of length \(end)")
        }
        XCTAssertNoThrow(try JSONParser.parse(Data(text)))
    }

    // MARK: NDJSON

    func testParseLinesReportsEachLineAndSkipsBlankOnes() {
        let text = "{\"a\": 1}\n\n  \r\n[1, 2,]\r\n\"ok\"\n{\"b\": x}\n\ntrue"
        var seen: [(Int, Result<JSON, JSONSyntaxError>)] = []
        JSONParser.parseLines(Data(text.utf8)) { seen.append(($0, $1)) }
        XCTAssertEqual(seen.map(\.0), [1, 4, 5, 6, 8])
        XCTAssertEqual(try seen[0].1.get(), .object([.init(key: "a", value: .number("1"))]))
        XCTAssertEqual(try seen[2].1.get(), .string("ok"))
        XCTAssertEqual(try seen[4].1.get(), .bool(true))
        guard case .failure(let trailing) = seen[1].1, case .failure(let bad) = seen[3].1 else {
            return XCTFail("lines 4 and 6 are invalid")
        }
        XCTAssertEqual(trailing.line, 4)
        XCTAssertEqual(trailing.column, 7)
        XCTAssertEqual(trailing.offset, Array(text.utf8).firstIndex(of: UInt8(ascii: "]"))!)
        XCTAssertEqual(bad.description, "expected a JSON value, found 'x' at line 6, column 7")
    }

    func testParseLinesOnEmptyInput() {
        var count = 0
        JSONParser.parseLines(Data()) { _, _ in count += 1 }
        JSONParser.parseLines(Data("\n\n \n".utf8)) { _, _ in count += 1 }
        XCTAssertEqual(count, 0)
    }
}
