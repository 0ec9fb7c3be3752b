@_spi(Generated) import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// Environments (base URLs) and the static `Operations` metadata.
final class EnvironmentAndOperationTests: XCTestCase {
    typealias Environment = KitchenSinkClient.Environment
    typealias Operations = KitchenSinkClient.Operations
    typealias AuthSchemes = KitchenSinkClient.AuthSchemes

    // MARK: Environments

    func testStaticEnvironment() {
        XCTAssertEqual(Environment.production.baseURL.absoluteString, "https://api.kitchensink.example/v2")
        XCTAssertEqual(Environment.production, Environment(baseURL: URL(string: "https://api.kitchensink.example/v2")!))
    }

    func testVariablesAndTheirDefaults() {
        XCTAssertEqual(Environment.regional(region: "eu").baseURL.absoluteString, "https://eu.kitchensink.example/v2")
        XCTAssertEqual(Environment.regional(region: "us", version: "v3").baseURL.absoluteString, "https://us.kitchensink.example/v3")
        XCTAssertEqual(Environment.local(host: "127.0.0.1:8080").baseURL.absoluteString, "http://127.0.0.1:8080")
        XCTAssertEqual(Environment.local(host: "127.0.0.1:8080").baseURL.port, 8080)
        XCTAssertEqual(Environment.local(host: "[::1]:9000").baseURL.absoluteString, "http://[::1]:9000")
    }

    func testHostValuesCannotChangeThePathOrQuery() {
        let slash = Environment.local(host: "evil.example/admin")
        XCTAssertFalse(slash.baseURL.absoluteString.contains("/admin"), slash.baseURL.absoluteString)
        XCTAssertTrue(slash.baseURL.absoluteString.contains("%2F"), slash.baseURL.absoluteString)
        XCTAssertEqual(slash.baseURL.path, "")

        let query = Environment.local(host: "evil.example?x=1#f")
        XCTAssertNil(query.baseURL.query)
        XCTAssertNil(query.baseURL.fragment)
        XCTAssertEqual(query.baseURL.path, "")
        XCTAssertFalse(query.baseURL.absoluteString.contains("?"), query.baseURL.absoluteString)
        XCTAssertFalse(query.baseURL.absoluteString.contains("#"), query.baseURL.absoluteString)

        let credentials = Environment.local(host: "user:pw@evil.example")
        XCTAssertNil(credentials.baseURL.user)
        XCTAssertFalse(credentials.baseURL.absoluteString.contains("@"), credentials.baseURL.absoluteString)

        let region = Environment.regional(region: "eu.attacker.example/x?")
        XCTAssertEqual(region.baseURL.path, "/v2", region.baseURL.absoluteString)
        XCTAssertNil(region.baseURL.query)
        XCTAssertTrue(region.baseURL.absoluteString.hasSuffix(".kitchensink.example/v2"), region.baseURL.absoluteString)

        // A value that looks like another placeholder is text, not a placeholder.
        let placeholder = Environment.regional(region: "{version}", version: "v9")
        XCTAssertFalse(placeholder.baseURL.absoluteString.hasPrefix("https://v9."), placeholder.baseURL.absoluteString)
    }

    func testRequestsKeepTheEnvironmentPath() throws {
        let builder = RequestBuilder(operation: Operations.listItems, baseURL: Environment.regional(region: "eu").baseURL)
        XCTAssertEqual(try builder.build().url.absoluteString, "https://eu.kitchensink.example/v2/items")
    }

    // MARK: Operations

    func testCreateItemMetadata() {
        let op = Operations.createItem
        XCTAssertEqual(op.name, "createItem")
        XCTAssertEqual(op.method, .post)
        XCTAssertEqual(op.pathTemplate, "/items")
        XCTAssertEqual(op.successStatus, 201)
        XCTAssertFalse(op.isIdempotent)
        XCTAssertEqual(op.idempotencyKeyHeader, "Idempotency-Key")
        XCTAssertEqual(op.auth, [AuthSchemes.bearer])
    }

    func testIdempotencyDefaultsAndOverrides() {
        XCTAssertEqual(Operations.listItems.method, .get)
        XCTAssertTrue(Operations.listItems.isIdempotent)
        XCTAssertNil(Operations.listItems.idempotencyKeyHeader)
        XCTAssertEqual(Operations.listItems.successStatus, 200)
        XCTAssertTrue(Operations.searchItems.isIdempotent, "POST declared idempotent: true")
        XCTAssertEqual(Operations.searchItems.method, .post)
        XCTAssertTrue(Operations.replaceItem.isIdempotent)
        XCTAssertEqual(Operations.replaceItem.method, .put)
        XCTAssertFalse(Operations.renameItem.isIdempotent)
        XCTAssertEqual(Operations.renameItem.method, .patch)
        XCTAssertTrue(Operations.deleteItem.isIdempotent)
        XCTAssertFalse(Operations.login.isIdempotent)
        XCTAssertEqual(Operations.ping.method, .head)
        XCTAssertEqual(Operations.options.method, .options)
    }

    func testSuccessStatuses() {
        XCTAssertEqual(Operations.deleteItem.successStatus, 204, "no response: 204 by default")
        XCTAssertEqual(Operations.options.successStatus, 204)
        XCTAssertEqual(Operations.ping.successStatus, 200, "explicit status")
        XCTAssertEqual(Operations.getItem.successStatus, 200)
    }

    func testAuthPerOperation() {
        XCTAssertEqual(Operations.deleteItem.auth, [])
        XCTAssertEqual(Operations.login.auth, [])
        XCTAssertEqual(Operations.getItem.auth, [AuthSchemes.bearer, AuthSchemes.apiKey])
        XCTAssertEqual(Operations.getItem.auth.map(\.name), ["bearer", "apiKey"])
        XCTAssertEqual(Operations.listItems.auth.map(\.name), ["bearer"], "defaultAuth")
        XCTAssertEqual(Operations.legacySearch.auth.map(\.name), ["queryKey"])
        XCTAssertEqual(Operations.whoAmI.auth.map(\.name), ["session"])
    }

    func testAuthSchemeKinds() {
        XCTAssertEqual(AuthSchemes.bearer.kind, .bearer)
        XCTAssertEqual(AuthSchemes.apiKey.kind, .apiKeyHeader("X-Api-Key"))
        XCTAssertEqual(AuthSchemes.queryKey.kind, .apiKeyQuery("api_key"))
        XCTAssertEqual(AuthSchemes.session.kind, .sessionHeader("X-Session-Id"))
    }

    func testPathTemplates() {
        XCTAssertEqual(Operations.getItem.pathTemplate, "/stores/{storeId}/items/{sku}")
        XCTAssertEqual(Operations.itemHistory.pathTemplate, "/items/{sku}/history")
        XCTAssertEqual(Operations.getItem.method, .get)
    }

    func testAllListsEveryOperationOnceInSchemaOrder() {
        // The schema's own list, so operations added to kitchensink.yaml need no edit here.
        let names = kitchenSinkSchema.operations.map(\.name)
        XCTAssertGreaterThanOrEqual(names.count, 16)
        XCTAssertEqual(Set(Operations.all).count, names.count)
        XCTAssertEqual(Operations.all.map(\.name), names)
        XCTAssertEqual(Array(names.prefix(3)), ["watchOrders", "exportItems", "chat"])
        XCTAssertEqual(Operations.all.filter { $0.idempotencyKeyHeader != nil }.map(\.name), ["createItem"])
    }
}
