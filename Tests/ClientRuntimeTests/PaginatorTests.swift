@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

private struct NumberedPage: Sendable {
    let content: [Int]
    let last: Bool?
    let totalPages: Int?
}

private struct TokenPage: Sendable {
    let items: [String]
    let nextToken: String?
}

/// Records which cursors were fetched.
private final class FetchLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func record(_ entry: String) {
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

private func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var result: [S.Element] = []
    for try await element in sequence { result.append(element) }
    return result
}

final class PaginatorTests: XCTestCase {
    func testPageStyleStopsAtTheLastPageFlag() async throws {
        let log = FetchLog()
        let paginator = Paginator<NumberedPage, Int>.pageStyle(
            fetch: { page in
                log.record("\(page)")
                return NumberedPage(content: [page * 10, page * 10 + 1], last: page == 3, totalPages: nil)
            },
            items: { $0.content },
            isLastPage: { $0.last }
        )

        let items = try await collect(paginator.items)

        XCTAssertEqual(items, [10, 11, 20, 21, 30, 31])
        XCTAssertEqual(log.entries, ["1", "2", "3"])
    }

    func testPageStyleStopsAtTotalPagesAndShortPages() async throws {
        let log = FetchLog()
        let zeroBased = Paginator<NumberedPage, Int>.pageStyle(
            first: 0,
            fetch: { page in
                log.record("\(page)")
                return NumberedPage(content: [page], last: nil, totalPages: 2)
            },
            items: { $0.content },
            totalPages: { $0.totalPages }
        )
        let pages = try await collect(zeroBased.pages)
        XCTAssertEqual(pages.map(\.content), [[0], [1]])
        XCTAssertEqual(log.entries, ["0", "1"])

        let short = Paginator<NumberedPage, Int>.pageStyle(
            pageSize: 3,
            fetch: { page in NumberedPage(content: page < 3 ? [1, 2, 3] : [4], last: nil, totalPages: nil) },
            items: { $0.content }
        )
        let items = try await collect(short.items)
        XCTAssertEqual(items, [1, 2, 3, 1, 2, 3, 4])
    }

    func testTokenStyleStopsOnNilAndOnARepeatedToken() async throws {
        let log = FetchLog()
        let tokens: [String?: TokenPage] = [
            nil: TokenPage(items: ["a"], nextToken: "t1"),
            "t1": TokenPage(items: ["b"], nextToken: "t2"),
            "t2": TokenPage(items: ["c"], nextToken: nil),
        ]
        let ending = Paginator<TokenPage, String>.tokenStyle(
            fetch: { token in
                log.record(token ?? "first")
                return tokens[token]!
            },
            items: { $0.items },
            nextToken: { $0.nextToken }
        )
        let items = try await collect(ending.items)
        XCTAssertEqual(items, ["a", "b", "c"])
        XCTAssertEqual(log.entries, ["first", "t1", "t2"])

        let repeating = Paginator<TokenPage, String>.tokenStyle(
            fetch: { token in TokenPage(items: [token ?? "first"], nextToken: token == nil ? "t1" : "t1") },
            items: { $0.items },
            nextToken: { $0.nextToken }
        )
        let repeated = try await collect(repeating.items)
        XCTAssertEqual(repeated, ["first", "t1"], "a server repeating its token cannot loop forever")

        let emptyToken = Paginator<TokenPage, String>.tokenStyle(
            fetch: { _ in TokenPage(items: ["only"], nextToken: "") },
            items: { $0.items },
            nextToken: { $0.nextToken }
        )
        let single = try await collect(emptyToken.items)
        XCTAssertEqual(single, ["only"])
    }

    func testCursorStyleOverHTTP() async throws {
        let server = try TestHTTPServer { request in
            switch request.query("cursor") {
            case nil: .json(200, #"{"data":["a","b"],"next":"c2"}"#)
            case "c2": .json(200, #"{"data":["c"],"next":"c3"}"#)
            default: .json(200, #"{"data":["d"],"next":null}"#)
            }
        }
        defer { server.shutdown() }
        struct CursorPage: Decodable, Sendable {
            let data: [String]
            let next: String?
        }
        let operation = OperationInfo(
            name: "history", method: .get, pathTemplate: "/history", successStatus: 200,
            isIdempotent: true, pagination: .cursor)
        let core = makeCore(server.baseURL, middlewares: [])
        let paginator = Paginator<CursorPage, String>.cursorStyle(
            fetch: { cursor in
                var builder = RequestBuilder(operation: operation, baseURL: core.configuration.baseURL)
                builder.addQuery("cursor", cursor)
                return try await core.perform(builder, output: CursorPage.self, failure: TestFailure.self)
            },
            items: { $0.data },
            nextCursor: { $0.next }
        )

        let items = try await collect(paginator.items)

        XCTAssertEqual(items, ["a", "b", "c", "d"])
        XCTAssertEqual(server.receivedRequests.map { $0.query("cursor") }, [nil, "c2", "c3"])
        XCTAssertEqual(operation.pagination, .cursor)
    }

    func testEmptyPageEndsIterationAndIsNotYielded() async throws {
        let log = FetchLog()
        let paginator = Paginator<NumberedPage, Int>.pageStyle(
            fetch: { page in
                log.record("\(page)")
                return NumberedPage(content: page < 3 ? [page] : [], last: false, totalPages: 99)
            },
            items: { $0.content }
        )
        let pages = try await collect(paginator.pages)
        XCTAssertEqual(pages.map(\.content), [[1], [2]])
        XCTAssertEqual(log.entries, ["1", "2", "3"])
    }

    func testNothingIsFetchedBeforeIterationAndEachIterationRestarts() async throws {
        let log = FetchLog()
        let paginator = Paginator<NumberedPage, Int>.pageStyle(
            fetch: { page in
                log.record("\(page)")
                return NumberedPage(content: [page], last: page == 2, totalPages: nil)
            },
            items: { $0.content },
            isLastPage: { $0.last }
        )
        let items = paginator.items
        let pages = paginator.pages
        XCTAssertEqual(log.entries, [])

        var iterator = items.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, 1)
        XCTAssertEqual(log.entries, ["1"], "only the page needed so far")

        let allPages = try await collect(pages)
        XCTAssertEqual(allPages.count, 2)
        XCTAssertEqual(log.entries, ["1", "1", "2"])
    }

    func testCancellationStopsBetweenPages() async throws {
        let log = FetchLog()
        let paginator = Paginator<NumberedPage, Int>.pageStyle(
            fetch: { page in
                log.record("\(page)")
                return NumberedPage(content: [page], last: false, totalPages: nil)
            },
            items: { $0.content }
        )
        let task = Task { () async throws -> [Int] in
            var seen: [Int] = []
            for try await item in paginator.items {
                seen.append(item)
                if item == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return seen
        }
        let result = await task.result
        guard case .failure(let error) = result else { return XCTFail("Expected cancellation, got \(result)") }
        XCTAssertTrue(error is CancellationError)
        XCTAssertEqual(log.entries, ["1", "2", "3"])
    }

    func testFetchErrorsEndIteration() async throws {
        struct Boom: Error {}
        let paginator = Paginator<TokenPage, String>.tokenStyle(
            fetch: { token in
                guard token == nil else { throw Boom() }
                return TokenPage(items: ["a"], nextToken: "t")
            },
            items: { $0.items },
            nextToken: { $0.nextToken }
        )
        var iterator = paginator.items.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, "a")
        do {
            _ = try await iterator.next()
            XCTFail("Expected the fetch error")
        } catch {
            XCTAssertTrue(error is Boom)
        }
        let afterError = try await iterator.next()
        XCTAssertNil(afterError)
    }
}
