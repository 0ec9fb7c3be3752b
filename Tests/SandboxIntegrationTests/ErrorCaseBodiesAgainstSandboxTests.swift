import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Error cases with a body of their own (kitchensink.yaml's 422 cases `invalidItem` and `invalidName`) over
/// HTTP against the sandbox on 127.0.0.1: the sandbox answers each operation's 422 with its case's body,
/// and the generated client gives that body typed in the operation's case.
final class ErrorCaseBodiesAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private var client: KitchenSinkClient {
        KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), credentials: StaticCredentials(["bearer": "t0"]))
    }

    func testEachOperationsErrorAnswerArrivesAsItsCaseWithItsBodyTyped() async throws {
        let item = Item(sku: "A1", name: "Lamp")
        sandbox.inject(.failures(count: 1, status: 422), for: "createItem")
        do {
            _ = try await client.createItem(body: item)
            XCTFail("the 422 must surface")
        } catch KitchenSinkError.invalidItem(let answer) {
            XCTAssertEqual(answer.status, 422)
            XCTAssertNotNil(answer.body, "the sandbox's ValidationProblem decodes: \(answer.bodyText ?? "")")
        }
        sandbox.inject(.failures(count: 1, status: 422), for: "renameItem")
        do {
            _ = try await client.renameItem(sku: "A1", body: item)
            XCTFail("the 422 must surface")
        } catch KitchenSinkError.invalidName(let answer) {
            XCTAssertNotNil(answer.body?.title, "the sandbox's Problem decodes: \(answer.bodyText ?? "")")
        }
    }
}
