import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `includes:` and `additionalFields:` over HTTP on 127.0.0.1 (issue 27 line 3): the sandbox serves
/// KitchenSink's `Note` example (fields from two levels of includes, labels beyond them), validates the
/// included fields and every label of a request body, and the generated client decodes and sends them.
final class CompositionAgainstSandboxTests: KitchenSinkSandboxTestCase {

    func testTheServedNoteDecodesIncludedFieldsAndLabels() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let note = try await client().getNote(id: "n1")
        XCTAssertEqual(note.at, CalendarDate(year: 2024, month: 5, day: 31))
        XCTAssertEqual(note.author, "ann")
        XCTAssertEqual(note.revision, 2)
        XCTAssertEqual(note.additionalFields, ["shelf": "B2", "colour": "red"])
    }

    func testLabelsTravelAndTheSandboxChecksThemAndTheIncludedFields() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let sent = Note(at: CalendarDate(year: 2024, month: 6, day: 1), author: "bo", text: "Heavy", additionalFields: ["shelf": "C3"])
        _ = try await client().saveNote(id: "n1", body: sent)
        let request = try XCTUnwrap(sandbox.receivedRequests("saveNote").first)
        XCTAssertEqual(request.status, 200, "the sandbox validated the body")
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(Note.self, from: request.body), sent, "the labels were sent")

        for (body, pointer) in [
            (#"{"at":"2024-06-01","author":"bo","text":"Heavy","shelf":3}"#, "/shelf"),  // a label that is not a string
            (#"{"author":"bo","text":"Heavy"}"#, "at"),  // a required field of Stamp, two includes away
        ] {
            var raw = URLRequest(url: sandbox.baseURL.appendingPathComponent("notes/n1"))
            raw.httpMethod = "PUT"
            raw.setValue("application/json", forHTTPHeaderField: "Content-Type")
            raw.setValue("Bearer t0", forHTTPHeaderField: "Authorization")
            raw.httpBody = Data(body.utf8)
            let (data, response) = try await URLSession.shared.data(for: raw)
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400, text)
            XCTAssertTrue(text.contains(pointer), text)
        }
    }
}
