@_spi(Generated) import ClientRuntime
import Foundation
import XCTest

/// The runtime pieces of issue 8 items 5 and 9 without HTTP: turning login/refresh answers into token
/// sets, and walking pages backward.
final class CredentialFlowAndBackwardPagingTests: XCTestCase {
    func testTokensFromAResponseKeepTheRefreshTokenAndSubjectTheyDoNotReplace() {
        let now = Date(timeIntervalSince1970: 1_000)
        let previous = TokenSet(accessToken: "old", refreshToken: "r1", subject: "user-1")

        let renewed = CredentialFlow.tokens(token: "new", refreshToken: nil, expiresIn: 60, replacing: previous, now: now)

        XCTAssertEqual(renewed, TokenSet(accessToken: "new", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 1_060), subject: "user-1"))
        let rotated = CredentialFlow.tokens(token: "new", refreshToken: "r2", expiresIn: nil, replacing: previous, now: now)
        XCTAssertEqual(rotated.refreshToken, "r2")
        XCTAssertNil(rotated.expiresAt)
    }

    func testARefreshWithoutAStoredRefreshTokenFailsClearly() {
        XCTAssertThrowsError(try CredentialFlow.refreshToken(of: TokenSet(accessToken: "a"), scheme: "oauth")) { error in
            XCTAssertEqual(error as? CredentialFlowError, .noRefreshToken(scheme: "oauth"))
        }
    }

    private struct Page: Sendable {
        var items: [Int]
        var previous: String?
    }

    func testBackwardFollowsPreviousTokensUntilTheFirstPage() async throws {
        let pages = ["p2": Page(items: [4, 5], previous: "p1"), "p1": Page(items: [2, 3], previous: "p0"), "p0": Page(items: [0, 1], previous: nil)]
        let fetched = FetchLog()
        let paginator = Paginator<Page, Int>.backward(
            from: Page(items: [6], previous: "p2"), style: .token,
            fetch: { token in
                fetched.add(token)
                return pages[token]!
            },
            items: { $0.items }, previous: { $0.previous }
        )

        var items: [Int] = []
        for try await item in paginator.items { items.append(item) }

        XCTAssertEqual(items, [4, 5, 2, 3, 0, 1])
        XCTAssertEqual(fetched.values, ["p2", "p1", "p0"])
    }

    func testBackwardStopsAtARepeatedTokenAndIsEmptyFromTheFirstPage() async throws {
        let looping = Paginator<Page, Int>.backward(
            from: Page(items: [9], previous: "a"), style: .cursor,
            fetch: { token in Page(items: [1], previous: token == "a" ? "b" : "a") },
            items: { $0.items }, previous: { $0.previous }
        )
        var count = 0
        for try await _ in looping.pages { count += 1 }
        XCTAssertEqual(count, 2, "a, b, then a again ends the walk")

        let fetched = FetchLog()
        let none = Paginator<Page, Int>.backward(
            from: Page(items: [0], previous: ""), style: .token,
            fetch: { token in
                fetched.add(token)
                return Page(items: [], previous: nil)
            },
            items: { $0.items }, previous: { $0.previous }
        )
        for try await _ in none.pages { XCTFail("no page comes before the first") }
        XCTAssertEqual(fetched.values, [])
    }
}

private final class FetchLog: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var storage: [String] = []
    var values: [String] { lock.withLock { storage } }
    func add(_ value: String) { lock.withLock { storage.append(value) } }
}
