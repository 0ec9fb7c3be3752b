import Foundation

// The framing of streamed response bodies (Server-Sent Events, JSON Lines, JSON Sequences): the
// client runtime reads events with it as the bytes arrive, and `schema-check traffic` reads a captured
// body with it, so both cut a body into the same events.

/// Why a body could not be cut into events: a line, record or event grew past its limit.
@_spi(Shared) public enum EventFramingError: Error, Hashable, Sendable {
    /// A line (Server-Sent Events, JSON Lines) or record (JSON Sequence) passed `limit` bytes without ending.
    case lineTooLong(limit: Int)
    /// One Server-Sent Event's `data:` lines together passed `limit` bytes.
    case eventTooLarge(limit: Int)
}

/// Splits bytes into lines as they arrive, in chunks cut anywhere: a line ends at LF, CR or CRLF (a CR
/// at the end of one chunk and an LF at the start of the next are one line end). Holds at most one
/// unfinished line, of at most `maximumLineLength` bytes.
@_spi(Shared) public struct LineSplitter: Sendable {
    /// The longest line accepted, in bytes, without its line end.
    public let maximumLineLength: Int
    private var pending: [UInt8] = []
    private var skipLineFeed = false

    public init(maximumLineLength: Int) {
        self.maximumLineLength = max(1, maximumLineLength)
    }

    /// Feeds `bytes`; calls `line` with every line they complete (without its line end).
    ///
    /// - Throws: `EventFramingError.lineTooLong` when a line passes the limit, or what `line` throws.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes, line: (ArraySlice<UInt8>) throws -> Void) throws {
        let chunk = bytes as? [UInt8] ?? Array(bytes)
        try chunk.withUnsafeBufferPointer { buffer in
            try append(buffer) { found in
                // Lines wholly inside this chunk are passed as slices of it, never copied; a line that
                // began in an earlier chunk was gathered in `pending` and is passed as a copy of it.
                if let start = found.baseAddress, let base = buffer.baseAddress, start >= base, start <= base + buffer.count {
                    let offset = start - base
                    try line(chunk[offset..<offset + found.count])
                } else {
                    try line(Array(found)[...])
                }
            }
        }
    }

    /// Feeds `chunk`; calls `line` with every line it completes (without its line end), as a view that is
    /// valid only during the call: lines wholly inside the chunk are views of it, never copied.
    ///
    /// - Throws: `EventFramingError.lineTooLong` when a line passes the limit, or what `line` throws.
    public mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, line: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var lineStart = 0
        var position = 0
        if skipLineFeed, chunk.first == 0x0A {
            position = 1
            lineStart = 1
        }
        skipLineFeed = false
        while position < chunk.count {
            let byte = chunk[position]
            guard byte == 0x0A || byte == 0x0D else {
                position += 1
                continue
            }
            if pending.count + (position - lineStart) > maximumLineLength { throw EventFramingError.lineTooLong(limit: maximumLineLength) }
            if pending.isEmpty {
                try line(UnsafeBufferPointer(rebasing: chunk[lineStart..<position]))
            } else {
                pending.append(contentsOf: chunk[lineStart..<position])
                defer { pending.removeAll(keepingCapacity: true) }
                try pending.withUnsafeBufferPointer { try line($0) }
            }
            position += 1
            if byte == 0x0D {
                // CRLF is one line end; its LF may be the next chunk's first byte.
                if position == chunk.count {
                    skipLineFeed = true
                } else if chunk[position] == 0x0A {
                    position += 1
                }
            }
            lineStart = position
        }
        if pending.count + (chunk.count - lineStart) > maximumLineLength { throw EventFramingError.lineTooLong(limit: maximumLineLength) }
        pending.append(contentsOf: chunk[lineStart..<chunk.count])
    }

    /// The unfinished line at the end of the input, if any (a body whose last line has no line end).
    public mutating func finish() -> [UInt8]? {
        defer { pending.removeAll() }
        return pending.isEmpty ? nil : pending
    }
}

/// One event of a `text/event-stream` body, as the WHATWG HTML standard's parser dispatches it.
@_spi(Shared) public struct ServerSentEventFrame: Hashable, Sendable {
    /// The `event:` field; `message` when the event has none.
    public var event: String
    /// The `data:` lines joined with line feeds, as bytes (decoded as JSON without a detour through text).
    public var data: Data
    /// `data` as text.
    public var text: String { String(decoding: data, as: UTF8.self) }
    /// The last event ID after this event (an `id:` field sets it and it carries over to later events);
    /// nil while none was set, or after an empty `id:`.
    public var id: String?
    /// A `retry:` field in this event: the reconnection time in milliseconds the server asks for.
    public var retry: Int?

    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.init(event: event, bytes: Data(data.utf8), id: id, retry: retry)
    }

    public init(event: String = "message", bytes: Data, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = bytes
        self.id = id
        self.retry = retry
    }
}

/// Parses a `text/event-stream` body fed in chunks cut anywhere: a leading byte order mark, LF, CR and
/// CRLF line ends, comments (`:`), multi-line `data:`, `id:` (ignored when it contains NUL) and
/// `retry:` (digits only). An event is dispatched at the blank line after it; one without data is not
/// (but its `id:` and `retry:` still count), and an unfinished event at the end of the body is dropped.
@_spi(Shared) public struct ServerSentEventParser: Sendable {
    /// The largest event (its data) accepted, in bytes.
    public let maximumEventSize: Int
    private var lines: LineSplitter
    private var sawStart = false
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: String?
    private var retryInEvent: Int?
    /// The last event ID: sent back as `Last-Event-ID` when reconnecting. Set at the blank line ending an
    /// event (the standard's "last event ID string"), never by the `id:` of an event still arriving: a
    /// connection that ends mid-event resumes before that event, not after it.
    public private(set) var lastEventID: String?
    /// The `id:` fields read so far (the standard's "last event ID buffer"), committed to `lastEventID`
    /// when an event ends.
    private var lastEventIDBuffer: String?
    /// The latest `retry:` the server sent, in milliseconds.
    public private(set) var reconnectionTime: Int?

    /// - Parameters:
    ///   - maximumLineLength: the longest line accepted.
    ///   - maximumEventSize: the most data one event may gather over its lines.
    public init(maximumLineLength: Int = 1 << 20, maximumEventSize: Int = 4 << 20) {
        lines = LineSplitter(maximumLineLength: maximumLineLength)
        self.maximumEventSize = max(1, maximumEventSize)
    }

    /// Feeds `bytes`; calls `event` with every event they complete, handing each over (the caller keeps it without a copy).
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes, event: (consuming ServerSentEventFrame) throws -> Void) throws {
        // Contiguous bytes (`Data`, `[UInt8]`) are read in place: one pass, no copy of the chunk.
        if try bytes.withContiguousStorageIfAvailable({ try append(contiguous: $0, event: event) }) == nil {
            try Array(bytes).withUnsafeBufferPointer { try append(contiguous: $0, event: event) }
        }
    }

    private mutating func append(contiguous bytes: UnsafeBufferPointer<UInt8>, event: (consuming ServerSentEventFrame) throws -> Void) throws {
        var input = bytes[...]
        if !sawStart {
            // A byte order mark is dropped; it may itself arrive split over chunks.
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let take = min(3 - bomCandidate.count, input.count)
            bomCandidate += input.prefix(take)
            input = input.dropFirst(take)
            if bomCandidate.count < 3 && bom.starts(with: bomCandidate) { return }
            sawStart = true
            let held = bomCandidate
            bomCandidate = []
            // Bytes held back that were no byte order mark are the body's first bytes.
            if held != bom { try held.withUnsafeBufferPointer { try appendLines($0, event: event) } }
        }
        try appendLines(UnsafeBufferPointer(rebasing: input), event: event)
    }

    private mutating func appendLines(_ bytes: UnsafeBufferPointer<UInt8>, event: (consuming ServerSentEventFrame) throws -> Void) throws {
        // The splitter is moved out while it calls back into `process` (one owner of its buffer, no copy).
        var splitter = lines
        lines = LineSplitter(maximumLineLength: 1)
        defer { lines = splitter }
        try splitter.append(bytes) { line in
            if let frame = try self.process(line) { try event(frame) }
        }
    }

    private var bomCandidate: [UInt8] = []

    /// Ends the body: an event without its blank line is dropped, as the standard says.
    public mutating func finish() {
        _ = lines.finish()
        resetEvent()
    }

    private mutating func resetEvent() {
        data.removeAll(keepingCapacity: true)
        hasData = false
        eventType = nil
        retryInEvent = nil
    }

    /// One line, read through a buffer pointer: slices of it cost no reference counting, where slices of
    /// an array retain and release its storage for every field of every line.
    private mutating func process(_ line: UnsafeBufferPointer<UInt8>) throws -> ServerSentEventFrame? {
        guard let first = line.first else {
            defer { resetEvent() }
            lastEventID = lastEventIDBuffer
            guard hasData else { return nil }
            // Through its bytes: `Data(_: [UInt8])` first asks, by a dynamic cast, whether the array is contiguous.
            let bytes = data.withUnsafeBytes { Data($0) }
            return ServerSentEventFrame(event: eventType ?? "message", bytes: bytes, id: lastEventID, retry: retryInEvent)
        }
        if first == 0x3A { return nil }  // a comment, often a keep-alive
        let colon = line.firstIndex(of: 0x3A)
        let name = line[line.startIndex..<(colon ?? line.endIndex)]
        var value = colon.map { line[line.index(after: $0)...] } ?? line[line.endIndex...]
        if value.first == 0x20 { value = value.dropFirst() }
        switch name.count {
        case 4 where Self.bytes(name, equal: "data"):
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
            if data.count > maximumEventSize { throw EventFramingError.eventTooLarge(limit: maximumEventSize) }
        case 5 where Self.bytes(name, equal: "event"):
            eventType = String(decoding: value, as: UTF8.self)
        case 2 where Self.bytes(name, equal: "id"):
            if !value.contains(0) { lastEventIDBuffer = value.isEmpty ? nil : String(decoding: value, as: UTF8.self) }
        case 5 where Self.bytes(name, equal: "retry"):
            if !value.isEmpty, value.count <= 9, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                let milliseconds = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                reconnectionTime = milliseconds
                retryInEvent = milliseconds
            }
        default:
            break  // unknown fields are ignored
        }
        return nil
    }

    /// Whether a field name is `name`: a byte comparison, where `elementsEqual` with a string's UTF-8
    /// view walks both as generic sequences.
    private static func bytes(_ field: Slice<UnsafeBufferPointer<UInt8>>, equal name: StaticString) -> Bool {
        guard field.count == name.utf8CodeUnitCount, let base = field.base.baseAddress else { return field.isEmpty && name.utf8CodeUnitCount == 0 }
        return memcmp(base + field.startIndex, name.utf8Start, field.count) == 0
    }
}

/// A body framing that cuts JSON texts apart (JSON Lines, JSON Sequence): fed in chunks, then ended.
@_spi(Shared) public protocol JSONTextFraming: Sendable {
    /// Feeds `bytes`; calls `text` with every JSON text they complete.
    mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes, text: (ArraySlice<UInt8>) throws -> Void) throws
    /// Ends the body: calls `text` with the last JSON text, when the framing keeps it.
    mutating func finish(text: (ArraySlice<UInt8>) throws -> Void) rethrows
}

/// Splits a JSON Lines (`application/jsonl`, NDJSON) body into its JSON texts: one per line, blank
/// lines skipped; the last line needs no line end.
@_spi(Shared) public struct JSONLinesParser: JSONTextFraming {
    private var lines: LineSplitter

    public init(maximumLineLength: Int = 4 << 20) {
        lines = LineSplitter(maximumLineLength: maximumLineLength)
    }

    /// Feeds `bytes`; calls `text` with every JSON text they complete.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes, text: (ArraySlice<UInt8>) throws -> Void) throws {
        try lines.append(bytes) { line in
            if !Self.isBlank(line) { try text(line) }
        }
    }

    /// Ends the body: the last line, when it had no line end.
    public mutating func finish(text: (ArraySlice<UInt8>) throws -> Void) rethrows {
        if let last = lines.finish(), !Self.isBlank(last[...]) { try text(last[...]) }
    }

    static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}

/// Splits a JSON Text Sequence (`application/json-seq`, RFC 7464) into its JSON texts: each starts
/// with the record separator (0x1E) and runs to the next; empty records are skipped, and a last record
/// that does not end with a line feed may be truncated (RFC 7464 §2.4), so it is dropped.
@_spi(Shared) public struct JSONSequenceParser: JSONTextFraming {
    /// The largest record accepted, in bytes.
    public let maximumRecordSize: Int
    /// Whether text came before the first separator (ignored, RFC 7464 §2.1): a body framed otherwise
    /// (JSON Lines sent where a sequence is expected), which a validator refuses instead of reading no events.
    public private(set) var sawTextOutsideRecords = false
    private var record: [UInt8] = []
    private var inRecord = false

    public init(maximumRecordSize: Int = 4 << 20) {
        self.maximumRecordSize = max(1, maximumRecordSize)
    }

    /// Feeds `bytes`; calls `text` with every JSON text they complete.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes, text: (ArraySlice<UInt8>) throws -> Void) throws {
        for byte in bytes {
            if byte == 0x1E {
                if inRecord, !JSONLinesParser.isBlank(record[...]) { try text(record[...]) }
                record.removeAll(keepingCapacity: true)
                inRecord = true
            } else if inRecord {
                record.append(byte)
                if record.count > maximumRecordSize { throw EventFramingError.lineTooLong(limit: maximumRecordSize) }
            } else if !JSONLinesParser.isBlank([byte][...]) {
                // Bytes before the first separator belong to no record (RFC 7464 §2.1) and are ignored.
                sawTextOutsideRecords = true
            }
        }
    }

    /// Ends the body: the last record, when it ended with a line feed.
    public mutating func finish(text: (ArraySlice<UInt8>) throws -> Void) rethrows {
        defer {
            record.removeAll()
            inRecord = false
        }
        if inRecord, record.last == 0x0A, !JSONLinesParser.isBlank(record[...]) { try text(record[...]) }
    }
}
