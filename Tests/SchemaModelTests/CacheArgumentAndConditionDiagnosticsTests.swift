import SchemaModel
import TestSupport
import XCTest

/// KD Pay extension: `store`, `cacheOnlyParameter` and `maxAgeParameter` of `cache:`, and the client-side
/// conditions `noCredential` / `credentialRejected`; one diagnostic per mistake, at its line.
final class CacheArgumentAndConditionDiagnosticsTests: XCTestCase {
    private func account(_ cache: String, query: String = "isShort: bool", extra: String = "") -> String {
        schemaText(
            operations: """
                  getAccount:
                    http: GET /account
                    query:
                      \(query)
                    response: Item
                    cache:
                \(cache)
                \(extra)
                """)
    }

    private func assertOneError(_ text: String, on marker: String, contains message: String, file: StaticString = #filePath, line: UInt = #line) {
        let lineNumber = (text.components(separatedBy: "\n").firstIndex { $0.contains(marker) } ?? -2) + 1
        assertSingleError(text, line: lineNumber, contains: message, file: file, sourceLine: line)
    }

    func testValidStoreAndArgumentsLoad() throws {
        let text = account(
            """
                  mode: network
                  store: true
                  maxAge: 3600
                  cacheOnlyParameter: cached
                  maxAgeParameter: cacheInterval
            """)
        XCTAssertEqual(diagnostics(text), [])
        let cache = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema?.operation(named: "getAccount")?.cache)
        XCTAssertTrue(cache.store)
        XCTAssertTrue(cache.storesAnswers)
        XCTAssertEqual(cache.parameters.map(\.name), ["cached", "cacheInterval"])
        XCTAssertEqual(cache.parameters.map(\.role), [.cacheOnly, .maxAge])
    }

    func testStoreWithLocalFirstIsAnError() {
        let text = account(
            """
                  mode: localFirst
                  store: true
            """)
        assertOneError(
            text, on: "store: true", contains: "'store' of the cache of operation 'getAccount' applies to mode network: localFirst already stores every answer")
    }

    func testCacheOnlyArgumentNeedsAStoredAnswer() {
        let text = account(
            """
                  mode: network
                  cacheOnlyParameter: cached
            """)
        assertOneError(
            text, on: "cacheOnlyParameter",
            contains: "'cacheOnlyParameter' of operation 'getAccount' reads a cache that mode network never fills; add 'store: true' or use mode localFirst")
    }

    func testArgumentNameMustBeAnIdentifier() {
        let text = account(
            """
                  mode: localFirst
                  maxAgeParameter: cache-interval
            """)
        assertOneError(text, on: "maxAgeParameter", contains: "maxAgeParameter 'cache-interval' of operation 'getAccount' cannot be a Swift identifier")
    }

    func testBothArgumentsNeedDifferentNames() {
        let text = account(
            """
                  mode: localFirst
                  cacheOnlyParameter: cached
                  maxAgeParameter: cached
            """)
        assertOneError(text, on: "maxAgeParameter", contains: "'maxAgeParameter' of operation 'getAccount' is 'cached', the name of its 'cacheOnlyParameter'")
    }

    func testArgumentCannotTakeAParameterName() {
        let text = account(
            """
                  mode: localFirst
                  cacheOnlyParameter: isShort
            """)
        assertOneError(
            text, on: "cacheOnlyParameter", contains: "'cacheOnlyParameter' of operation 'getAccount' is 'isShort', the name of its query parameter 'isShort'")
    }

    func testArgumentsDoNotApplyToPaginatedOperations() {
        let text = schemaText(
            types: """
                  Page:
                    fields:
                      items: "[Item]"
                      next: { type: string, optional: true }
                """,
            operations: """
                  listItems:
                    http: GET /items
                    query:
                      cursor: { type: string, optional: true }
                    response: Page
                    paginate: { style: cursor, items: items, next: next }
                    cache:
                      mode: localFirst
                      maxAgeParameter: cacheInterval
                """)
        assertOneError(text, on: "maxAgeParameter", contains: "'maxAgeParameter' of operation 'listItems' does not apply to a paginated operation")
    }

    func testArgumentsDoNotApplyToLoginOperations() {
        let text = schemaText(
            types: """
                  Session:
                    fields:
                      id: string
                """,
            operations: """
                  confirm:
                    http: POST /login
                    auth: none
                    response: Session
                    cache:
                      mode: localFirst
                      maxAgeParameter: cacheInterval
                """,
            extra: """
                auth:
                  session:
                    kind: session
                    name: X-Session
                    login: { operation: confirm, response: { token: id } }
                """)
        assertOneError(text, on: "maxAgeParameter", contains: "'maxAgeParameter' of operation 'confirm' does not apply to a login, refresh or logout operation")
    }

    func testCredentialConditionsLoadAndAreDistinct() {
        let valid = schemaText(
            extra: """
                errors:
                  cases:
                    authorization: { when: [noCredential] }
                    notAuthorized: { when: [credentialRejected] }
                """)
        XCTAssertEqual(diagnostics(valid), [])
        let twice = schemaText(
            extra: """
                errors:
                  cases:
                    authorization: { when: [noCredential] }
                    signedOut: { when: [noCredential] }
                """)
        XCTAssertEqual(diagnostics(twice).count, 1, "\(diagnostics(twice))")
        XCTAssertTrue(diagnostics(twice).first?.contains("both claim the client-side condition 'noCredential'") ?? false, "\(diagnostics(twice))")
    }
}
