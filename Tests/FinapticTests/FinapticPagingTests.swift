import Finaptic
import Foundation
import SchemaSandbox
import XCTest

/// Issue 9, item 4: the document's paging styles through the generated page and item sequences, against
/// the sandbox (7 items per paginated operation).
final class FinapticPagingTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var client: FinapticClient!

    override func setUp() async throws {
        sandbox = try await FinapticSandbox.start()
        let store = InMemoryTokenStore()
        let (auth, client) = FinapticSandbox.clients(for: sandbox, store: store)
        let credential = Credential(email: "sample@finaptic.com", password: "Password1234!@#$")
        try await auth.signIn(body: SignInRequest(credential: credential), savingTo: store)
        self.client = client
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    func testGetTransactionsPagesForwardThenBackWithPreviousPageToken() async throws {
        var forward: [GetTransactionsResponse] = []
        for try await page in client.getTransactionsPages(accountId: "acc-0001", pageSize: 3, sortOrder: .descending) { forward.append(page) }
        XCTAssertEqual(forward.map(\.transactions.count), [3, 3, 1])
        XCTAssertNil(forward[0].previousPageToken, "the first page has no previous page")
        XCTAssertNotNil(forward[2].previousPageToken)
        XCTAssertEqual(sandbox.requestCount("getTransactions"), 3)

        var back: [GetTransactionsResponse] = []
        for try await page in client.getTransactionsPages(before: forward[2], accountId: "acc-0001", pageSize: 3, sortOrder: .descending) { back.append(page) }
        XCTAssertEqual(back.map(\.transactions.count), [3, 3], "the two pages before the last, nearest first")
        XCTAssertEqual(back.map(\.transactions), [forward[1].transactions, forward[0].transactions])
        XCTAssertEqual(sandbox.requestCount("getTransactions"), 5)
        let sent = sandbox.receivedRequests("getTransactions").map { $0.queryItems.first { $0.name == "sortOrder" }?.value }
        XCTAssertEqual(Set(sent), ["descending"], "every page asks for the same order")

        var items = 0
        for try await transaction in client.getTransactionsItems(accountId: "acc-0001", pageSize: 5) {
            XCTAssertEqual(transaction.accountId, "acc-0001")
            items += 1
        }
        XCTAssertEqual(items, 7)
    }

    func testOrderUnspecifiedIsRejectedInARequest() async throws {
        // "Trying to make a request with this type will result in an error" (`exclude: [orderUnspecified]`).
        do {
            _ = try await client.getTransactions(accountId: "acc-0001", sortOrder: .orderUnspecified)
            XCTFail("the sandbox rejects orderUnspecified")
        } catch FinapticError.invalidArgument(let response) {
            XCTAssertEqual(response.status, 400)
            XCTAssertTrue(response.body?.message?.contains("orderUnspecified") ?? false, "\(response.body?.message ?? "")")
        }
        XCTAssertEqual(sandbox.receivedRequests("getTransactions").map(\.status), [400])

        // In a response it is an ordinary value.
        let page = try await client.getTransactions(accountId: "acc-0001", sortOrder: .ascending)
        XCTAssertEqual(page.transactions.count, 3, "the sandbox's default page size")
        XCTAssertEqual(sandbox.receivedRequests("getTransactions").map(\.status), [400, 200])
    }

    func testListCardsPagesByPageToken() async throws {
        var pages: [ListCardsResponse] = []
        for try await page in client.listCardsPages(pageSize: 4) { pages.append(page) }
        XCTAssertEqual(pages.map(\.cards.count), [4, 3])
        XCTAssertEqual(pages.first?.cards.first?.cardId, "card-0001")
        let tokens = sandbox.receivedRequests("listCards").map { $0.queryItems.first { $0.name == "pageToken" }?.value }
        XCTAssertNil(tokens[0], "the first page is asked for without a token")
        XCTAssertEqual(tokens[1], pages[0].nextPageToken, "the next page with the previous page's nextPageToken")
    }

    func testChatThreadsAndHistoryPageByNextToken() async throws {
        var threads: [ChatThread] = []
        for try await thread in client.listChatThreadsItems() { threads.append(thread) }
        XCTAssertEqual(threads.count, 7)
        XCTAssertEqual(threads.first?.status, .waitingForCustomer)
        XCTAssertEqual(sandbox.requestCount("listChatThreads"), 3, "pages of the sandbox's default size 3: 3, 3, 1")

        var history: [ListChatHistoryResponse] = []
        for try await page in client.listChatHistoryPages(contactId: "contact-0001") { history.append(page) }
        XCTAssertEqual(history.map(\.items.count), [3, 3, 1])
        XCTAssertEqual(history.first?.items.first?.participantRole, .agent)
        let contactIds = sandbox.receivedRequests("listChatHistory").map { $0.queryItems.first { $0.name == "contactId" }?.value }
        XCTAssertEqual(contactIds, ["contact-0001", "contact-0001", "contact-0001"])
    }
}
