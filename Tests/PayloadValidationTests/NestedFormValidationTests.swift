import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// `RequestValidator` reading nested forms (`style: deepObject` bodies), nested `deepObject` query
/// parameters and multipart JSON parts back into their values: what the sandbox and `schema-check
/// traffic` answer, issue by issue, each named by its bracket path.
final class NestedFormValidationTests: XCTestCase {
    private static let schema: Schema = {
        let text = """
            api: Nested
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            types:
              Status: { enum: [open, closed] }
              Card:
                fields:
                  number: string
                  expMonth: { type: int32, wire: exp_month, minimum: 1, maximum: 12 }
              Item:
                fields:
                  price: string
                  quantity: { type: int32, optional: true }
              Charge:
                fields:
                  amount: int64
                  card: Card
                  metadata: { type: "[string: string]", optional: true }
                  expand: { type: "[string]", optional: true, maxItems: 2 }
                  items: { type: "[Item]", optional: true }
              Range:
                fields:
                  gte: { type: double, optional: true }
              Search:
                fields:
                  tags: { type: "[Status]", optional: true }
                  price: { type: Range, optional: true }
              Upload:
                fields:
                  attributes: Card
                  file: binary
            operations:
              charge:
                http: POST /charges
                body: { type: Charge, encoding: form, style: deepObject }
              search:
                http: GET /search
                query:
                  filter: { type: Search, style: deepObject, optional: true }
              upload:
                http: POST /files
                body: { type: Upload, encoding: multipart, contentType: application/pdf }
            """
        let result = SchemaLoader.load(text: text, file: "nested.yaml")
        guard let schema = result.schema else { fatalError("\(result.diagnostics)") }
        return schema
    }()

    private let validator = RequestValidator(schema: schema, validator: PayloadValidator(schema: schema))

    private func operation(_ name: String) -> OperationDefinition {
        Self.schema.operations.first { $0.name == name }!
    }

    private func formIssues(_ body: String) -> [String] {
        validator.formBodyIssues(Data(body.utf8), of: operation("charge").body!).filter { $0.severity == .error }.map { "\($0.pointer): \($0.message)" }
    }

    private func queryIssues(_ query: String) -> [String] {
        let search = operation("search")
        return validator.parameterIssues(of: search, pathParameters: [:], query: RequestValidator.formItems(query), headerValues: { _ in [] })
            .filter { $0.issue.severity == .error }.map { "\($0.issue.pointer): \($0.issue.message)" }
    }

    func testAValidNestedFormHasNoIssuesWhetherBracketsAreEscapedOrNot() {
        XCTAssertEqual(
            formIssues(
                "amount=5&card%5Bnumber%5D=4242&card%5Bexp_month%5D=12&metadata%5Border_id%5D=6735"
                    + "&expand%5B0%5D=customer&items%5B0%5D%5Bprice%5D=p_1&items%5B1%5D%5Bprice%5D=p_2&items%5B1%5D%5Bquantity%5D=2"), [])
        XCTAssertEqual(formIssues("amount=5&card[number]=4242&card[exp_month]=12&items[0][price]=p_1"), [])
    }

    func testListsOfScalarsReadIndexesAndTrailingEmptyBracketsAlike() {
        XCTAssertEqual(formIssues("amount=1&card[number]=1&card[exp_month]=1&expand[]=a&expand[]=b"), [])
        XCTAssertEqual(formIssues("amount=1&card[number]=1&card[exp_month]=1&expand[1]=b&expand[0]=a"), [])
        // Three elements either way break maxItems: 2.
        XCTAssertEqual(formIssues("amount=1&card[number]=1&card[exp_month]=1&expand[]=a&expand[]=b&expand[]=c").count, 1)
        XCTAssertEqual(formIssues("amount=1&card[number]=1&card[exp_month]=1&expand[0]=a&expand[1]=b&expand[2]=c").count, 1)
    }

    func testWrongNestedMembersAreNamedByTheirBracketPath() {
        let issues = formIssues("amount=x&card[number]=1&card[exp_month]=13&card[cvc]=1&items[0][quantity]=two&items[a][price]=p")
        XCTAssertTrue(issues.contains { $0.hasPrefix("amount: expected") }, "\(issues)")
        XCTAssertTrue(issues.contains { $0.hasPrefix("card[exp_month]: ") && $0.contains("12") }, "\(issues)")
        XCTAssertTrue(issues.contains("card[cvc]: not a member of Card"), "\(issues)")
        XCTAssertTrue(issues.contains { $0.hasPrefix("items[0][quantity]: expected") }, "\(issues)")
        XCTAssertTrue(issues.contains { $0.hasPrefix("items[0][price]: required parameter 'items[0][price]' is missing") }, "\(issues)")
        XCTAssertTrue(issues.contains("items[a]: 'items[a]' names a list element by 'a', not an index"), "\(issues)")
    }

    func testARequiredStructSentAsNothingReportsItsRequiredMembers() {
        let issues = formIssues("amount=1")
        XCTAssertEqual(
            issues.map { String($0.prefix { $0 != ":" }) }, ["card[number]", "card[exp_month]"], "\(issues)")
    }

    func testValuesWhereMembersBelongAndMembersWhereAValueBelongsAreRefused() {
        let issues = formIssues("amount[x]=1&card=4242&card[number]=1&card[exp_month]=1")
        XCTAssertTrue(issues.contains { $0.hasPrefix("amount: 'amount' is int64, a single value") }, "\(issues)")
        XCTAssertTrue(issues.contains { $0.hasPrefix("card: 'card' holds Card: send its members as card[") }, "\(issues)")
    }

    func testMalformedAmbiguousAndTooDeepNamesAreRefusedWithoutRecursingWithoutBound() {
        let deep = "amount=1&card[number]=1&card[exp_month]=1&metadata" + String(repeating: "[k]", count: 10_000) + "=v"
        XCTAssertTrue(formIssues(deep).contains { $0.hasSuffix("nests more than 32 brackets deep") })
        XCTAssertTrue(
            formIssues("amount=1&card[number]=1&card[exp_month]=1&items[][price]=p")
                .contains { $0.contains("has [] before another bracket: name list elements by index") })
        XCTAssertTrue(
            formIssues("amount=1&card[number]=1&card[exp_month]=1&card[number]x=1").contains { $0.contains("is not a name followed by [member] brackets") })
    }

    func testDeepObjectQueryNestsObjectsAndLists() {
        XCTAssertEqual(queryIssues("filter[price][gte]=10&filter[tags][0]=open&filter[tags][]=closed"), [])
        XCTAssertEqual(queryIssues(""), [])
        XCTAssertEqual(queryIssues("filter=open"), ["filter: 'filter' holds Search: send its members as filter[…]"], "an object, not a value")
        let issues = queryIssues("filter%5Bprice%5D%5Bgte%5D=cheap&filter%5Btags%5D%5B0%5D=opened&filter%5Bcolour%5D=red")
        XCTAssertTrue(issues.contains { $0.hasPrefix("filter[price][gte]: expected") }, "\(issues)")
        XCTAssertTrue(issues.contains("filter[colour]: not a member of Search"), "\(issues)")
    }

    func testMultipartJSONPartIsValidatedAgainstItsFieldsType() {
        func issues(_ attributes: String, contentType: String = "application/json") -> [String] {
            let body =
                "--B\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: \(contentType)\r\n\r\n\(attributes)\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n--B--\r\n"
            return validator.multipartBodyIssues(Data(body.utf8), contentType: "multipart/form-data; boundary=B", of: operation("upload").body!)
                .filter { $0.severity == .error }.map { "\($0.pointer): \($0.message)" }
        }
        XCTAssertEqual(issues(#"{"number":"4242","exp_month":3}"#), [])
        XCTAssertTrue(issues(#"{"number":"4242","exp_month":13}"#).contains { $0.hasPrefix("attributes/exp_month:") })
        XCTAssertTrue(issues(#"{"number":"4242""#).contains { $0.hasPrefix("attributes:") })
        XCTAssertTrue(issues("x", contentType: "text/plain").contains { $0.contains("its Content-Type must be application/json") })
        let missing = "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n--B--\r\n"
        let found = validator.multipartBodyIssues(Data(missing.utf8), contentType: "multipart/form-data; boundary=B", of: operation("upload").body!)
        XCTAssertEqual(found.map(\.message), ["the JSON part is required"])
    }
}
