@_spi(Shared) import WireFormat
import XCTest

/// The SSE, JSON Lines and JSON Sequence parsers: the same events whichever way the body is cut.
final class EventFramingTests: XCTestCase {
    private let sse =
        Array(
            "\u{FEFF}: keep-alive comment\r\nretry: 250\r\nid: 1\r\nevent: created\r\ndata: {\"a\":1}\r\n\r\n"
                .utf8) + Array("data: line one\ndata:line two\n\nid\nevent: deleted\ndata\n\nid: 7\u{0}x\ndata: tail\r\rdata: unfinished".utf8)

    private let expected = [
        ServerSentEventFrame(event: "created", data: #"{"a":1}"#, id: "1", retry: 250),
        ServerSentEventFrame(event: "message", data: "line one\nline two", id: "1", retry: nil),
        ServerSentEventFrame(event: "deleted", data: "", id: nil, retry: nil),
        ServerSentEventFrame(event: "message", data: "tail", id: nil, retry: nil),
    ]

    private func frames(_ chunks: [[UInt8]], maximumLineLength: Int = 1 << 20) throws -> [ServerSentEventFrame] {
        var parser = ServerSentEventParser(maximumLineLength: maximumLineLength)
        var frames: [ServerSentEventFrame] = []
        for chunk in chunks { try parser.append(chunk) { frames.append($0) } }
        parser.finish()
        return frames
    }

    func testParsesCommentsCRLFMultiLineDataIdsRetryAndBOM() throws {
        XCTAssertEqual(try frames([sse]), expected)
    }

    func testEverySplitPointGivesTheSameEvents() throws {
        for cut in 0...sse.count {
            XCTAssertEqual(try frames([Array(sse[..<cut]), Array(sse[cut...])]), expected, "cut at byte \(cut)")
        }
        XCTAssertEqual(try frames(sse.map { [$0] }), expected, "one byte at a time")
    }

    func testTheLastEventIDAndRetryPersistAcrossEvents() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array("id: 41\nretry: 10\ndata: x\n\nretry: nope\ndata: y\n\n".utf8)) { _ in }
        XCTAssertEqual(parser.lastEventID, "41")
        XCTAssertEqual(parser.reconnectionTime, 10)
    }

    /// A connection that ends (or is closed to hold a stream back) mid-event resumes with the ID of the
    /// last whole event: an `id:` whose event has not ended yet must not count, or that event is skipped.
    func testTheLastEventIDCountsOnlyOnceItsEventHasEnded() throws {
        var parser = ServerSentEventParser()
        try parser.append(Array("id: 7\ndata: x\n\nid: 8\ndata: unfin".utf8)) { _ in }
        XCTAssertEqual(parser.lastEventID, "7")
        try parser.append(Array("ished\n\nid: 9\n".utf8)) { _ in }
        XCTAssertEqual(parser.lastEventID, "8")
        // An event without data still sets it, as the standard says.
        try parser.append(Array("\n".utf8)) { _ in }
        XCTAssertEqual(parser.lastEventID, "9")
    }

    func testAnOverLongLineFailsInsteadOfGrowing() {
        let hostile = Array(repeating: UInt8(ascii: "a"), count: 100)
        XCTAssertThrowsError(try frames([Array("data: ".utf8), hostile, hostile], maximumLineLength: 64)) { error in
            XCTAssertEqual(error as? EventFramingError, .lineTooLong(limit: 64))
        }
        var parser = ServerSentEventParser(maximumLineLength: 64, maximumEventSize: 100)
        XCTAssertThrowsError(try parser.append(Array(String(repeating: "data: 0123456789\n", count: 20).utf8)) { _ in }) { error in
            XCTAssertEqual(error as? EventFramingError, .eventTooLarge(limit: 100))
        }
    }

    func testJSONLinesAtEverySplitPoint() throws {
        let body = Array("{\"n\":1}\r\n\n  \n{\"n\":2}\n{\"n\":3}".utf8)
        for cut in 0...body.count {
            var parser = JSONLinesParser()
            var texts: [String] = []
            for chunk in [body[..<cut], body[cut...]] { try parser.append(chunk) { texts.append(String(decoding: $0, as: UTF8.self)) } }
            parser.finish { texts.append(String(decoding: $0, as: UTF8.self)) }
            XCTAssertEqual(texts, [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#], "cut at byte \(cut)")
        }
    }

    func testJSONSequenceAtEverySplitPointDropsATruncatedLastRecord() throws {
        let body = Array("\u{1E}{\"n\":1}\n\u{1E}\n\u{1E}{\"n\":\n2}\n\u{1E}{\"n\":3".utf8)
        for cut in 0...body.count {
            var parser = JSONSequenceParser()
            var texts: [String] = []
            for chunk in [body[..<cut], body[cut...]] { try parser.append(chunk) { texts.append(String(decoding: $0, as: UTF8.self)) } }
            parser.finish { texts.append(String(decoding: $0, as: UTF8.self)) }
            XCTAssertEqual(texts, ["{\"n\":1}\n", "{\"n\":\n2}\n"], "cut at byte \(cut)")
        }
        var bounded = JSONSequenceParser(maximumRecordSize: 8)
        XCTAssertThrowsError(try bounded.append(Array("\u{1E}[1,2,3,4,5,6]".utf8)) { _ in })
    }

    /// A JSON Lines body where a sequence is expected has no separator: the parser reads no events from it
    /// and says it saw text outside records (the sandbox refuses such a request); blank text does not count.
    func testAJSONSequenceSaysItSawTextBeforeTheFirstSeparator() throws {
        var lines = JSONSequenceParser()
        var texts: [String] = []
        try lines.append(Array("{\"n\":1}\n".utf8)) { texts.append(String(decoding: $0, as: UTF8.self)) }
        XCTAssertEqual(texts, [])
        XCTAssertTrue(lines.sawTextOutsideRecords)
        var blank = JSONSequenceParser()
        try blank.append(Array("\r\n \u{1E}{\"n\":1}\n".utf8)) { texts.append(String(decoding: $0, as: UTF8.self)) }
        blank.finish { texts.append(String(decoding: $0, as: UTF8.self)) }
        XCTAssertEqual(texts, ["{\"n\":1}\n"])
        XCTAssertFalse(blank.sawTextOutsideRecords)
    }
}
