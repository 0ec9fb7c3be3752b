import XCTest

@testable import SwiftRenderer

/// Snippets of `SwiftWriter`'s wrapping (`LineWrapping`): one line in, the exact Swift out. Generated lines
/// stay within .swift-format's `lineLength` (160) wherever they can be broken without changing the code.
final class LineWrappingTests: XCTestCase {
    /// The lines a writer produces for `lines` written at `depth` levels of indentation.
    private func written(_ lines: [String], depth: Int = 0) -> String {
        var writer = SwiftWriter()
        func write(_ writer: inout SwiftWriter, _ level: Int) {
            guard level > 0 else {
                for line in lines { writer.line(line) }
                return
            }
            writer.block("enum E\(level)") { write(&$0, level - 1) }
        }
        write(&writer, depth)
        return writer.text
    }

    /// `count` parameters `parameterN: String? = nil`.
    private func parameters(_ count: Int) -> [String] { (1...count).map { "parameter\($0): String? = nil" } }

    func testALineThatFitsIsLeftAlone() {
        let line = "public func f(" + parameters(5).joined(separator: ", ") + ") {"
        XCTAssertEqual(written([line]), line + "\n")
    }

    func testALongSignatureTakesOneParameterALineAndKeepsWhatFollowsTheParenthesis() {
        let line = "public func fetch(" + parameters(6).joined(separator: ", ") + ") async throws -> [String: Int] {"
        XCTAssertEqual(
            written([line], depth: 1),
            """
            enum E1 {
                public func fetch(
                    parameter1: String? = nil,
                    parameter2: String? = nil,
                    parameter3: String? = nil,
                    parameter4: String? = nil,
                    parameter5: String? = nil,
                    parameter6: String? = nil
                ) async throws -> [String: Int] {
            }

            """)
    }

    func testALongArrayLiteralGetsTrailingCommasAsTheFormatterWritesThem() {
        let names = (1...12).map { "Self.operationNumber\($0)" }
        XCTAssertEqual(
            written(["public static let all: [OperationInfo] = [" + names.joined(separator: ", ") + "]"]),
            "public static let all: [OperationInfo] = [\n" + names.map { "    \($0),\n" }.joined() + "]\n")
    }

    func testACallWithOneArgumentIsBrokenInsideTheArgument() {
        let line =
            "try await store.save(CredentialFlow.tokens(token: response.session.identifier, refreshToken: response.session.refresh, "
            + "expiresIn: response.session.ttl.map { Swift.Double($0) }, replacing: nil))"
        XCTAssertEqual(
            written([line]),
            """
            try await store.save(CredentialFlow.tokens(
                token: response.session.identifier,
                refreshToken: response.session.refresh,
                expiresIn: response.session.ttl.map { Swift.Double($0) },
                replacing: nil
            ))

            """)
    }

    func testCommasInsideStringsInterpolationsAndGenericsAreNotBreakPoints() {
        let text = String(repeating: "x", count: 60)
        let line = ##"call("\##(text), \(join(a, b, "c, d")), e", #"raw ", \(f, g)"#, Dictionary<String, Int>(), "\##(text)")"##
        XCTAssertEqual(
            written([line]),
            ##"""
            call(
                "\##(text), \(join(a, b, "c, d")), e",
                #"raw ", \(f, g)"#,
                Dictionary<String, Int>(),
                "\##(text)"
            )

            """##)
    }

    func testAnAssignmentWithNothingElseToBreakPutsTheValueBelow() {
        let key = String(repeating: "k", count: 50)
        XCTAssertEqual(
            written(["self.\(key) = try container.decodeIfPresent(forKey: \"\(key)\") ?? (\"\(key)\" as String)"], depth: 1),
            """
            enum E1 {
                self.\(key) =
                    try container.decodeIfPresent(forKey: "\(key)") ?? ("\(key)" as String)
            }

            """)
    }

    func testALineWithNothingToBreakAtStaysAsItIs() {
        let longLiteral = "log(\"" + String(repeating: "a, b (c) ", count: 20) + "\")"
        let multiLine = "let text = \"\"\"" + String(repeating: "a, b ", count: 40)
        let commented = "x  // " + String(repeating: "f(a, b) ", count: 25)
        XCTAssertEqual(written([longLiteral, multiLine]), longLiteral + "\n" + multiLine + "\n")
        XCTAssertEqual(written([commented]), commented + "\n")
        XCTAssertGreaterThan(longLiteral.count, LineWrapping.width)
    }

    func testALongOneLineBodyMovesIntoItsBraces() {
        let message = String(repeating: "m", count: 100)
        XCTAssertEqual(
            written(["if let underlying = clientSideError(Self.self, self) { return \"\(message): \\(describe(underlying, verbose))\" }"]),
            """
            if let underlying = clientSideError(Self.self, self) {
                return "\(message): \\(describe(underlying, verbose))"
            }

            """)
    }

    func testALongCaseBodyGoesBelowItsLabel() {
        let message = String(repeating: "m", count: 110)
        var writer = SwiftWriter()
        writer.caseSwitch("self", [SwitchArm([".invalid(let response, let error)"], ["return \"\(message) \\(response.status)\""])])
        writer.line("case \"fetch\": return [" + (1...16).map { ".errorCase\($0)" }.joined(separator: ", ") + "]")
        XCTAssertEqual(
            writer.text,
            """
            switch self {
            case .invalid(let response, let error):
                return "\(message) \\(response.status)"
            }
            case "fetch":
                return [
            \((1...16).map { "        .errorCase\($0),\n" }.joined())    ]

            """)
    }

    func testALongDocCommentWrapsAtSpacesAndKeepsListItemsTogether() {
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        XCTAssertEqual(
            written(["/// \(words) \(words)", "/// - Throws: `PayError`, documented: \(words)", "///   - name: \(words)"], depth: 1),
            """
            enum E1 {
                /// word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12 word13 word14 word15 word16 word17 word18 word19 word20 word21 word22 word23
                /// word24 word25 word26 word27 word28 word29 word30 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12 word13 word14 word15 word16
                /// word17 word18 word19 word20 word21 word22 word23 word24 word25 word26 word27 word28 word29 word30
                /// - Throws: `PayError`, documented: word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12 word13 word14 word15 word16 word17 word18
                ///   word19 word20 word21 word22 word23 word24 word25 word26 word27 word28 word29 word30
                ///   - name: word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11 word12 word13 word14 word15 word16 word17 word18 word19 word20 word21
                ///     word22 word23 word24 word25 word26 word27 word28 word29 word30
            }

            """)
    }

    func testADocCommentNeverContinuesWithWhatMarkdownReadsAsANewBlock() {
        // Every space is followed by a list marker, a heading, a quote or a number: no break point.
        let text = "/// start " + String(repeating: "- # > 1. ", count: 25)
        XCTAssertEqual(written([text]), text + "\n")
        // A table row continued on the next line would become two rows.
        let row = "/// | `array` | " + String(repeating: "The apps that have push access. ", count: 6) + "|"
        XCTAssertEqual(written([row]), row + "\n")
        // A backslash at a line's end would be a hard line break.
        let escaped = "/// " + String(repeating: "a\\ ", count: 60)
        XCTAssertEqual(written([escaped]), escaped + "\n")
    }

    func testFencedCodeInADocCommentIsNotWrapped() {
        let code = "let all = [" + String(repeating: "value, ", count: 30) + "]"
        let after = String(repeating: "after ", count: 30) + "end"
        var writer = SwiftWriter()
        writer.docs(["Before:\n```swift\n\(code)\n\n\(code)\n```\n\(after)"])
        XCTAssertEqual(
            writer.text,
            """
            /// Before:
            /// ```swift
            /// \(code)
            ///
            /// \(code)
            /// ```
            /// \(String(repeating: "after ", count: 25))after
            /// \(String(repeating: "after ", count: 4))end

            """)
    }

    /// The wrapping reads a line's UTF-8 bytes: a width is still counted in characters, and an identifier
    /// ending beyond ASCII still opens generic angle brackets, whose commas are not break points.
    func testTextBeyondASCIIIsMeasuredInCharactersAndItsGenericsStayWhole() {
        let word = "cafe\u{301}\u{301}"  // four characters, seven bytes
        let words = { (count: Int) in Array(repeating: word, count: count).joined(separator: " ") }
        XCTAssertEqual(written(["/// " + words(40)]), "/// \(words(31))\n/// \(words(9))\n")
        let parameters = (1...6).map { "parameter\($0): Maß<Int, String>? = nil" }
        XCTAssertEqual(
            written(["public func f(" + parameters.joined(separator: ", ") + ") {"]),
            "public func f(\n" + parameters.map { "    " + $0 }.joined(separator: ",\n") + "\n) {\n")
    }

    /// The wrapping trims and indents by bytes, but a space that a prepended mark (U+0600) before it or a
    /// combining mark (U+0301) after it makes part of a larger character is not the character " ": it is
    /// neither trimmed from an element nor counted as indentation, as when the wrapping read characters.
    func testASpaceThatIsPartOfALargerCharacterIsNeitherTrimmedNorIndentation() {
        let long = String(repeating: "x", count: 70)
        XCTAssertEqual(
            written(["f(\(long)\u{600} , \u{301}\(long), \(long))"]),
            "f(\n    \(long)\u{600} ,\n     \u{301}\(long),\n    \(long)\n)\n")
        XCTAssertEqual(
            written([" \u{301}f(\(long), \(long), \(long))"]),
            " \u{301}f(\n    \(long),\n    \(long),\n    \(long)\n)\n")
    }

    func testEveryWrappedLineFitsAndWrappingIsLinearInTheLineLength() {
        let elements = (1...5_000).map { "Self.operation\($0)" }
        let started = ContinuousClock.now
        let lines = written(["static let all = [" + elements.joined(separator: ", ") + "]", "/// " + elements.joined(separator: " ")])
            .split(separator: "\n")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        XCTAssertGreaterThan(lines.count, 5_000 + 400)
        XCTAssertTrue(lines.allSatisfy { $0.count <= LineWrapping.width })
    }
}
