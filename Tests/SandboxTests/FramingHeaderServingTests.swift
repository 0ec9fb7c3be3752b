import Foundation
import SchemaModel
import XCTest

@testable import SchemaSandbox

/// A declared response header that frames the message (SwiftPM's registry declares `Content-Length`) is
/// the server's to set: the sandbox's made-up `42` made the client wait for bytes that never came (the
/// corpus run's `listPackageReleases` timed out after 60 s).
final class FramingHeaderServingTests: XCTestCase {
    static let schemaText = """
        api: Releases
        version: "1.0"
        environments:
          local: { url: "http://127.0.0.1/api" }
        types:
          Release:
            fields:
              version: string
        operations:
          listReleases:
            http: GET /releases
            response: "[Release]"
            responseHeaders:
              contentLength: { type: int, wire: Content-Length, optional: true }
              requestId: { type: string, wire: Request-Id }
        """

    func testAFramingHeaderIsNotMadeUpAndTheBodyArrivesWhole() async throws {
        let loaded = SchemaLoader.load(text: Self.schemaText, file: "releases.yaml")
        let schema = try XCTUnwrap(loaded.schema, "\(loaded.diagnostics)")
        let operation = try XCTUnwrap(schema.operations.first)
        XCTAssertEqual(ResponseHeaderValues.headers(of: operation).map(\.0), ["Request-Id"], "only the headers the sandbox makes up a value for")

        let sandbox = try await Running.start(schema)
        let response = try await sandbox.client.get("/releases")
        await sandbox.stop()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Request-Id"), "sandbox")
        XCTAssertEqual(response.header("Content-Length"), String(response.body.count), "the length of the body sent")
        XCTAssertEqual(response.text, #"[{"version":"sample"}]"#)
    }
}
