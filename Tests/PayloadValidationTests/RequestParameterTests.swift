import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// `RequestValidator.parameterIssues`: a request's path, query and header parameters against its
/// operation, as the sandbox (which answers 400 for the errors) and `schema-check traffic` (which
/// reports them by location) check them.
final class RequestParameterTests: XCTestCase {
    private static let schema: Schema = {
        let text = """
            api: Params
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            auth:
              queryKey: { kind: apiKey, in: query, name: api_key }
            types:
              Status: { enum: [open, closed] }
              Filter:
                fields:
                  status: Status
                  maxPrice: { type: int32, optional: true }
            operations:
              listOrders:
                http: GET /shops/{shop}/orders
                auth: queryKey
                path: { shop: uuid }
                query:
                  q: string
                  status: { type: Status, optional: true }
                  page: { type: int32, default: 1, minimum: 1 }
                  tags: { type: "[string]", optional: true, maxItems: 2 }
                  ids: { type: "[int32]", optional: true }
                headers:
                  tenant: { type: uuid, wire: X-Tenant-Id }
                  mode: { type: Status, wire: X-Mode, optional: true }
              filterOrders:
                http: GET /orders/filtered
                query:
                  filter: { type: Filter, style: deepObject }
              upload:
                http: PUT {uploadUrl}
                path: { uploadUrl: uri }
                body: { type: binary, encoding: raw, contentType: image/jpeg }
            """
        let result = SchemaLoader.load(text: text, file: "params.yaml")
        guard let schema = result.schema else { fatalError("\(result.diagnostics)") }
        return schema
    }()

    private static let shop = "0f7e1b46-2297-4872-96ab-7c1d213e9f0a"

    /// The issues of a request to `operation`, as `location pointer severity` lines in the order found.
    private func issues(
        _ operation: String, path: [String: String] = ["shop": shop], query: String = "q=x",
        headers: [String: [String]] = ["x-tenant-id": [shop]], strictEnums: Bool = false
    ) -> [String] {
        let validator = RequestValidator(
            schema: Self.schema, validator: PayloadValidator(schema: Self.schema, strictEnums: strictEnums))
        return validator.parameterIssues(
            of: Self.schema.operation(named: operation)!, pathParameters: path, query: RequestValidator.formItems(query),
            headerValues: { headers[$0.lowercased()] ?? [] }
        ).map { "\($0.location.rawValue) \($0.issue.pointer) \($0.issue.severity)" }
    }

    func testAValidRequestHasNoIssues() {
        XCTAssertEqual(issues("listOrders"), [])
        XCTAssertEqual(issues("listOrders", query: "q=x&status=open&page=2&tags=a&tags=b&ids=1&ids=2&api_key=k"), [])
    }

    func testPathParametersAreCheckedByWireName() {
        XCTAssertEqual(issues("listOrders", path: ["shop": "not-a-uuid"]), ["path shop error"])
        XCTAssertEqual(issues("listOrders", path: [:]), ["path shop error"], "a path parameter the router did not supply is missing")
    }

    func testQueryParametersRequiredOptionalTypesEnumsAndLists() {
        XCTAssertEqual(issues("listOrders", query: ""), ["query q error"], "q is required; the optional and defaulted ones are not")
        XCTAssertEqual(issues("listOrders", query: "q=x&page=two"), ["query page error"])
        XCTAssertEqual(issues("listOrders", query: "q=x&page=0"), ["query page error"], "below the minimum")
        XCTAssertEqual(issues("listOrders", query: "q=x&q=y"), ["query q error"], "a scalar given twice")
        XCTAssertEqual(issues("listOrders", query: "q=x&tags=a&tags=b&tags=c"), ["query tags error"], "more than maxItems")
        XCTAssertEqual(issues("listOrders", query: "q=x&ids=1&ids=two"), ["query ids/1 error"], "a list's element by index")
    }

    func testAnUnknownEnumValueIsAWarningUnlessEnumsAreStrict() {
        XCTAssertEqual(issues("listOrders", query: "q=x&status=pending"), ["query status warning"])
        XCTAssertEqual(issues("listOrders", query: "q=x&status=pending", strictEnums: true), ["query status error"])
    }

    func testHeadersAreLookedUpByWireName() {
        XCTAssertEqual(issues("listOrders", headers: [:]), ["header X-Tenant-Id error"])
        XCTAssertEqual(issues("listOrders", headers: ["x-tenant-id": ["nope"]]), ["header X-Tenant-Id error"])
        XCTAssertEqual(issues("listOrders", headers: ["x-tenant-id": [Self.shop], "x-mode": ["shut"]]), ["header X-Mode warning"])
    }

    func testUndeclaredQueryItemsAreOneWarningPerNameButNotTheAPIKey() {
        XCTAssertEqual(issues("listOrders", query: "q=x&debug=1&debug=2&a/b=3&api_key=k"), ["query debug warning", "query a~1b warning"])
    }

    func testIssuesComePathThenQueryThenUndeclaredItemsThenHeaders() {
        XCTAssertEqual(
            issues("listOrders", path: ["shop": "x"], query: "extra=1", headers: [:]),
            ["path shop error", "query q error", "query extra warning", "header X-Tenant-Id error"])
    }

    func testAQueryObjectIsCheckedMemberByMemberAndHasNoUndeclaredItems() {
        XCTAssertEqual(issues("filterOrders", query: "filter[status]=open&filter[maxPrice]=5"), [])
        XCTAssertEqual(issues("filterOrders", query: "filter[status]=open&filter[maxPrice]=cheap&other=1"), ["query filter[maxPrice] error"])
        XCTAssertEqual(issues("filterOrders", query: ""), ["query filter[status] error"], "a required member")
    }

    func testTheURLOfAnOperationGivenItsURLAtCallTimeIsNotAParameter() {
        XCTAssertEqual(issues("upload", path: [:], query: "signature=abc", headers: [:]), [], "a pre-signed URL carries query items of its own")
    }

    func testQueryStringsDecodePlusAsSpaceThenPercentEncoding() {
        let items = RequestValidator.formItems("a=1&b=x+y%2B&&c&d=%zz&e=f=g")
        XCTAssertEqual(items.map(\.name), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(items.map(\.value), ["1", "x y+", "", "%zz", "f=g"])
    }
}
