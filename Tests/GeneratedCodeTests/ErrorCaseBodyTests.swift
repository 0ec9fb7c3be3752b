import ClientRuntime
import Foundation
import KitchenSink
import XCTest

/// Catalogue cases with a body of their own (kitchensink.yaml's `invalidItem` and `invalidName`, both 422):
/// the generated case holds that body typed, each operation's `errors:` picks its case for the shared
/// status, and `error.response` still gives the catalogue's body.
final class ErrorCaseBodyTests: XCTestCase {
    private let item = Item(sku: "A1", name: "Lamp")

    private func client(answering status: Int, _ body: String) -> KitchenSinkClient {
        let transport = FixedAnswer(response: HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
        return KitchenSinkClient(environment: .init(baseURL: URL(string: "https://api.example.com")!), transport: transport)
    }

    private let validation = #"{"message":"Validation failed","problems":[{"field":"name","code":"missing"}]}"#

    func testAnOperationsErrorAnswerIsItsCaseWithItsOwnBodyTyped() async throws {
        do {
            _ = try await client(answering: 422, validation).createItem(body: item)
            XCTFail("a 422 is an error")
        } catch KitchenSinkError.invalidItem(let answer) {
            XCTAssertEqual(answer.status, 422)
            XCTAssertEqual(answer.body, ValidationProblem(message: "Validation failed", problems: [FieldProblem(field: "name", code: "missing")]))
        }
    }

    func testAnotherOperationsAnswerForTheSameStatusIsItsOwnCase() async throws {
        do {
            _ = try await client(answering: 422, #"{"title":"Bad name","detail":"too long"}"#).renameItem(sku: "A1", body: item)
            XCTFail("a 422 is an error")
        } catch let error as KitchenSinkError {
            guard case .invalidName(let answer) = error else { return XCTFail("renameItem lists invalidName: \(error)") }
            XCTAssertEqual(answer.body, Problem(title: "Bad name", detail: "too long"))
            XCTAssertEqual(error.code, .invalidName)
            XCTAssertEqual(error.status, 422)
        }
    }

    func testAnOperationThatSeesBothCasesGetsTheFirst() {
        let response = HTTPResponse(status: 422, headers: [:], body: Data(validation.utf8))
        let error = KitchenSinkError(response: response, operation: KitchenSinkClient.Operations.replaceItem)
        guard case .invalidItem(let answer) = error else { return XCTFail("replaceItem has no errors list, the first case wins: \(error)") }
        XCTAssertEqual(answer.body?.problems.first?.field, "name")
    }

    func testTheCommonResponseIsTheCataloguesBodyWithTheSameStatusAndBytes() {
        let response = HTTPResponse(status: 422, headers: ["X-Trace": "t1"], body: Data(validation.utf8))
        let error = KitchenSinkError(response: response, operation: KitchenSinkClient.Operations.createItem)
        XCTAssertEqual(error.response?.status, 422)
        XCTAssertEqual(error.response?.headers["x-trace"], "t1")
        XCTAssertEqual(error.response?.bodyText, validation)
        XCTAssertNil(error.response?.body, "a ValidationProblem is not an ErrorBody")
    }

    func testABodyThatDoesNotDecodeKeepsTheCaseAndTheRawBody() {
        let response = HTTPResponse(status: 422, headers: [:], body: Data("not json".utf8))
        let error = KitchenSinkError(response: response, operation: KitchenSinkClient.Operations.createItem)
        guard case .invalidItem(let answer) = error else { return XCTFail("the status decides the case: \(error)") }
        XCTAssertNil(answer.body)
        XCTAssertEqual(answer.bodyText, "not json")
    }
}
