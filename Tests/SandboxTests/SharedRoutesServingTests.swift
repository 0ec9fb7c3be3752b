import Foundation
import PayloadValidation
import SchemaModel
import XCTest

@testable import SchemaSandbox

/// Operations that share a route (Box's `GET /files/{file_id}` and `…#get_shared_link`, `POST
/// /oauth2/token` with two bodies): the sandbox answers each request as the operation whose checks it
/// passes, the one requiring more first, over HTTP on 127.0.0.1.
@available(macOS 14, iOS 17, tvOS 17, *)
final class SharedRoutesServingTests: XCTestCase {
    static let schemaText = """
        api: Files
        version: "1.0"
        environments:
          local: { url: "http://127.0.0.1/api" }
        types:
          File: { fields: { id: string, sharedLink: { type: string, optional: true } } }
          Link: { fields: { url: string } }
          TokenRequest: { fields: { grantType: { type: string, wire: grant_type }, code: string } }
          RefreshRequest: { fields: { grantType: { type: string, wire: grant_type }, refreshToken: { type: string, wire: refresh_token } } }
          Token: { fields: { accessToken: { type: string, wire: access_token } } }
        operations:
          getFile:
            http: GET /files/{fileId}
            path: { fileId: string }
            query: { fields: { type: string, optional: true } }
            response: File
          getFileSharedLink:
            http: GET /files/{id}
            path: { id: string }
            query: { fields: string }
            response: Link
          requestToken:
            http: POST /oauth2/token
            body: { type: TokenRequest, encoding: form }
            response: Token
          refreshToken:
            http: POST /oauth2/token
            body: { type: RefreshRequest, encoding: form }
            response: Token
        """

    func testEachRequestIsAnsweredAsTheOperationWhoseChecksItPasses() async throws {
        let result = SchemaLoader.load(text: Self.schemaText, file: "files.yaml")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics)")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.description), [])
        let sandbox = try await Running.start(schema)
        let validator = PayloadValidator(schema: schema)

        let link = try await sandbox.client.get("/files/F1?fields=shared_link")
        XCTAssertEqual(link.status, 200, link.text)
        XCTAssertEqual(validator.validate(data: link.body, against: .named("Link")), [], "answered as getFileSharedLink")
        let file = try await sandbox.client.get("/files/F1")
        XCTAssertEqual(file.status, 200, file.text)
        XCTAssertEqual(validator.validate(data: file.body, against: .named("File")), [], "answered as getFile")

        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let refreshed = try await sandbox.client.send("POST", "/oauth2/token", headers: form, body: Data("grant_type=refresh_token&refresh_token=r1".utf8))
        XCTAssertEqual(refreshed.status, 200, refreshed.text)
        let requested = try await sandbox.client.send("POST", "/oauth2/token", headers: form, body: Data("grant_type=authorization_code&code=c1".utf8))
        XCTAssertEqual(requested.status, 200, requested.text)
        let neither = try await sandbox.client.send("POST", "/oauth2/token", headers: form, body: Data("grant_type=password".utf8))
        XCTAssertEqual(neither.status, 400, "no operation's checks pass: the first reports")
        XCTAssertTrue(neither.text.contains("code"), neither.text)

        XCTAssertEqual(sandbox.server.receivedRequests("getFileSharedLink").count, 1)
        XCTAssertEqual(sandbox.server.receivedRequests("getFile").count, 1)
        XCTAssertEqual(sandbox.server.receivedRequests("refreshToken").count, 1)
        XCTAssertEqual(sandbox.server.receivedRequests("requestToken").count, 2, "the valid request and the one no operation passes")
        await sandbox.stop()
    }

    /// A path's literal query (`POST /sign?api-version=…`): a request is the operation whose pairs it
    /// carries, and one without them is no operation at all (404), over HTTP on 127.0.0.1.
    func testARequestWithoutTheLiteralQueryIsNotTheOperation() async throws {
        let text = """
            api: Keys
            version: "1"
            environments:
              local: { url: "http://127.0.0.1/keys" }
            operations:
              signV1:
                http: POST /sign?api-version=2020-09-01
                query: { keyId: string }
              signV2:
                http: POST /sign?api-version=2021-05-01
            """
        let result = SchemaLoader.load(text: text, file: "keys.yaml")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics)")
        let sandbox = try await Running.start(schema)
        var statuses: [Int] = []
        let targets = [
            "/sign?api-version=2021-05-01", "/sign?keyId=k&api-version=2020-09-01", "/sign?api-version=2020-09-01", "/sign?keyId=k", "/sign?api-version=1999",
        ]
        for target in targets {
            statuses.append(try await sandbox.client.send("POST", target, headers: [:], body: nil).status)
        }
        // signV2; signV1; signV1 by its literal, without its required parameter; no literal; another value.
        XCTAssertEqual(statuses, [204, 204, 400, 404, 404])
        XCTAssertEqual(sandbox.server.receivedRequests("signV1").count, 2)
        XCTAssertEqual(sandbox.server.receivedRequests("signV2").count, 1)
        await sandbox.stop()
    }
}
