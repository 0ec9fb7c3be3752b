import Foundation
import SchemaModel

/// One recorded HTTP exchange of a HAR 1.2 capture (`log.entries[n]`), with what `schema-check traffic`
/// needs: no cookies, timings or cache data. Bodies are the bytes on the wire after the capture tool
/// decoded its `encoding` (base64); `nil` means the capture has no body text for that message.
public struct HARExchange: Sendable {
    /// 1-based position in `log.entries`, as reported.
    public let entry: Int
    public let method: String
    /// The full URL as recorded.
    public let url: String
    /// Header names as recorded; compare them case-insensitively.
    let requestHeaders: [(name: String, value: String)]
    let requestBody: [UInt8]?
    /// `request.bodySize` (-1 or absent: unknown): a body without `postData` that was not captured.
    let requestBodySize: Int
    /// 0 when the capture has no response (the connection closed, the tool gave up).
    public let status: Int
    let responseHeaders: [(name: String, value: String)]
    let responseBody: [UInt8]?
    /// `response.content.size` when the text is missing: the body existed but was not captured.
    let responseBodySize: Int
    let responseMimeType: String?
    /// The frames of a WebSocket connection as Chrome records them (`_webSocketMessages`); empty for others.
    var webSocketMessages: [HARWebSocketMessage] = []

    func requestHeaderValues(_ name: String) -> [String] {
        requestHeaders.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One frame of a recorded WebSocket connection (Chrome's `_webSocketMessages` entry: `type` send or
/// receive, `opcode` 1 for text and 2 for binary, `data` the text or the base64 of the bytes).
struct HARWebSocketMessage: Sendable {
    /// The client sent it (`type: send`), else the server.
    var sent: Bool
    var opcode: Int
    var data: String
}

/// Reads HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) as Charles, Proxyman, browser
/// devtools and mitmproxy write it. The file is parsed with schema-check's own JSON parser (iterative,
/// so deep nesting cannot crash it); an entry that lacks what a HAR entry must have is reported on its
/// own and the other entries are still read.
///
/// The capture is never held as a JSON tree: `HARCapture.open` checks the whole file is JSON with a
/// `log.entries` array without keeping the entries, and `forEachEntry` parses it again handing over one
/// entry at a time, so memory is the bytes plus the largest entry.
public enum HARReader {
    /// Captures above this size are refused before parsing.
    public static let defaultMaxBytes = 256 << 20

    public struct Failure: Error {
        public let message: String
    }

    /// Every entry, each an exchange or the reason it cannot be read. Keeps them all: for small captures
    /// (tests, the fuzz target); `schema-check traffic` reads them one at a time through `HARCapture`.
    public static func exchanges(from bytes: [UInt8], maxBytes: Int = defaultMaxBytes) -> Result<[Result<HARExchange, EntryError>], Failure> {
        HARCapture.open(bytes, maxBytes: maxBytes).map { capture in
            var entries: [Result<HARExchange, EntryError>] = []
            capture.forEachEntry { entries.append($0) }
            return entries
        }
    }

    /// The path of the entries array.
    static let entriesPath = ["log", "entries"]

    /// The syntax check and the outline: nil when `bytes` are JSON with a `log.entries` array, else why not.
    static func outlineFailure(_ bytes: [UInt8], maxBytes: Int) -> Failure? {
        guard bytes.count <= maxBytes else {
            return Failure(message: "the capture is \(bytes.count) bytes, more than the limit of \(maxBytes) bytes (--max-size)")
        }
        if bytes.prefix(8192).contains(0) {
            return Failure(message: "not a HAR file: a binary file (it contains NUL bytes)")
        }
        let outline: JSON
        do {
            outline = try bytes.withUnsafeBytes { try JSONParser.parse($0, streamingElementsAt: entriesPath) { _ in } }
        } catch let error as JSONSyntaxError {
            return Failure(message: "not a HAR file: invalid JSON at line \(error.line), column \(error.column): \(error.message)")
        } catch {
            return Failure(message: "not a HAR file: \(error)")
        }
        guard case .object = outline, let log = outline["log"] else {
            return Failure(message: "not a HAR file: the top level has no \"log\" object (HAR 1.2: {\"log\": {\"entries\": [...]}})")
        }
        guard case .array? = log["entries"] else {
            return Failure(message: "not a HAR file: \"log\" has no \"entries\" array")
        }
        return nil
    }

    /// Why one entry could not be read, with the JSON Pointer of the offending member in the file.
    public struct EntryError: Error {
        public let entry: Int
        public let pointer: String
        public let message: String
    }

    static func exchange(_ entry: JSON, number: Int) -> Result<HARExchange, EntryError> {
        let base = "/log/entries/\(number - 1)"
        func fail(_ pointer: String, _ message: String) -> Result<HARExchange, EntryError> {
            .failure(EntryError(entry: number, pointer: base + pointer, message: message))
        }
        guard let request = entry["request"], case .object = request else { return fail("/request", "the entry has no request object") }
        guard case .string(let method)? = request["method"], !method.isEmpty else { return fail("/request/method", "the request has no method") }
        guard case .string(let url)? = request["url"], !url.isEmpty else { return fail("/request/url", "the request has no url") }
        let requestHeaders: [(name: String, value: String)]
        switch headers(request["headers"]) {
        case .success(let read): requestHeaders = read
        case .failure(let problem): return fail("/request/headers", problem.message)
        }
        var requestBody: [UInt8]?
        if let postData = request["postData"], case .object = postData {
            switch text(of: postData) {
            case .success(let bytes): requestBody = bytes
            case .failure(let problem): return fail("/request/postData", problem.message)
            }
        }
        let requestBodySize = integer(request["bodySize"]) ?? -1
        // A missing response (or status 0) is a request that got no answer; mitmproxy and browsers
        // write it that way for closed connections.
        guard let response = entry["response"], case .object = response else {
            return .success(
                HARExchange(
                    entry: number, method: method.uppercased(), url: url, requestHeaders: requestHeaders,
                    requestBody: requestBody, requestBodySize: requestBodySize, status: 0, responseHeaders: [], responseBody: nil,
                    responseBodySize: 0, responseMimeType: nil))
        }
        guard let status = integer(response["status"]) else { return fail("/response/status", "the response has no numeric status") }
        let responseHeaders: [(name: String, value: String)]
        switch headers(response["headers"]) {
        case .success(let read): responseHeaders = read
        case .failure(let problem): return fail("/response/headers", problem.message)
        }
        var responseBody: [UInt8]?
        var size = 0
        var mimeType: String?
        if let content = response["content"], case .object = content {
            switch text(of: content) {
            case .success(let bytes): responseBody = bytes
            case .failure(let problem): return fail("/response/content", problem.message)
            }
            size = integer(content["size"]) ?? 0
            if case .string(let type)? = content["mimeType"], !type.isEmpty { mimeType = type }
        }
        var exchange = HARExchange(
            entry: number, method: method.uppercased(), url: url, requestHeaders: requestHeaders,
            requestBody: requestBody, requestBodySize: requestBodySize, status: status, responseHeaders: responseHeaders,
            responseBody: responseBody, responseBodySize: size, responseMimeType: mimeType)
        if let messages = entry["_webSocketMessages"] {
            guard case .array(let items) = messages else { return fail("/_webSocketMessages", "_webSocketMessages must be an array of frames") }
            for (index, item) in items.enumerated() {
                guard case .string(let type)? = item["type"], type == "send" || type == "receive", let opcode = integer(item["opcode"]),
                    case .string(let data)? = item["data"]
                else {
                    return fail("/_webSocketMessages/\(index)", "a WebSocket frame needs type (send or receive), a numeric opcode and data text")
                }
                exchange.webSocketMessages.append(HARWebSocketMessage(sent: type == "send", opcode: opcode, data: data))
            }
        }
        return .success(exchange)
    }

    private static func headers(_ node: JSON?) -> Result<[(name: String, value: String)], MemberProblem> {
        guard let node else { return .success([]) }
        guard case .array(let items) = node else { return .failureMessage("headers must be an array of {name, value}") }
        var read: [(name: String, value: String)] = []
        for item in items {
            guard case .string(let name)? = item["name"], case .string(let value)? = item["value"] else {
                return .failureMessage("a header without a string name and value")
            }
            // HTTP/2 pseudo-headers (:authority, :path) are not headers an API declares.
            if name.hasPrefix(":") { continue }
            read.append((name, value))
        }
        return .success(read)
    }

    /// The bytes of `postData` or `content`: `text`, base64-decoded when `encoding` says so; nil when
    /// there is no text.
    private static func text(of node: JSON) -> Result<[UInt8]?, MemberProblem> {
        guard let textNode = node["text"], textNode != .null else { return .success(nil) }
        guard case .string(let text) = textNode else { return .failureMessage("\"text\" must be a string") }
        switch node["encoding"] {
        case nil, .null?:
            return .success(Array(text.utf8))
        case .string(let encoding)? where encoding.lowercased() == "base64":
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                return .failureMessage("\"text\" is not valid base64 although \"encoding\" is base64")
            }
            return .success([UInt8](data))
        case .string(let encoding)?:
            return .failureMessage("unsupported \"encoding\" \"\(encoding)\" (HAR 1.2 knows base64)")
        default:
            return .failureMessage("\"encoding\" must be a string")
        }
    }

    private static func integer(_ node: JSON?) -> Int? {
        guard case .number(let text)? = node else { return nil }
        if let value = Int(text) { return value }
        // Some tools write 200.0.
        if let value = Double(text), value.rounded() == value, abs(value) < 1e9 { return Int(value) }
        return nil
    }
}

/// A HAR capture whose JSON and outline (`log.entries`) were checked; its entries are read one at a time.
public struct HARCapture: Sendable {
    let bytes: [UInt8]

    /// Checks that `bytes` are a HAR capture (no larger than `maxBytes`) without keeping its entries.
    public static func open(_ bytes: [UInt8], maxBytes: Int = HARReader.defaultMaxBytes) -> Result<HARCapture, HARReader.Failure> {
        if let failure = HARReader.outlineFailure(bytes, maxBytes: maxBytes) { return .failure(failure) }
        return .success(HARCapture(bytes: bytes))
    }

    /// Calls `body` with each entry in order, as an exchange or the reason it cannot be read; nothing of
    /// an entry is kept after `body` returns.
    public func forEachEntry(_ body: (Result<HARExchange, HARReader.EntryError>) -> Void) {
        var number = 0
        // `open` parsed the same bytes without an error, so this parse cannot fail.
        _ = try? bytes.withUnsafeBytes { raw in
            try JSONParser.parse(raw, streamingElementsAt: HARReader.entriesPath) { entry in
                number += 1
                body(HARReader.exchange(entry, number: number))
            }
        }
    }
}

/// What is wrong with one member of an entry (the caller adds where).
private struct MemberProblem: Error {
    let message: String
}

extension Result where Failure == MemberProblem {
    fileprivate static func failureMessage(_ message: String) -> Self { .failure(MemberProblem(message: message)) }
}
