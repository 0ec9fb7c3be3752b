import Foundation
import KitchenSink
import XCTest

/// `includes:` and `additionalFields:` (issue 27 line 3): KitchenSink's `Note` includes `Audited`, which
/// includes `Stamp`, and keeps every member that is not a field as a string label. The generated struct
/// is one flat struct, as hand-written Swift would be.
final class CompositionTests: XCTestCase {
    private let labelled = #"{"at":"2024-05-31","author":"ann","revision":2,"text":"Fragile","shelf":"B2","colour":"red"}"#

    func testIncludedFieldsAreOwnPropertiesAndOtherMembersAreLabels() throws {
        let note = try decodeJSON(Note.self, labelled)
        XCTAssertEqual(note.at, CalendarDate(year: 2024, month: 5, day: 31))
        XCTAssertEqual(note.author, "ann")
        XCTAssertEqual(note.revision, 2)
        XCTAssertEqual(note.text, "Fragile")
        XCTAssertEqual(note.additionalFields, ["shelf": "B2", "colour": "red"])
        XCTAssertEqual(try encodedJSON(note), try parseJSON(labelled), "every member is encoded back")
    }

    func testTheInitializerListsEveryFieldAndLabelsDefaultToNone() throws {
        let note = Note(at: CalendarDate(year: 2024, month: 5, day: 31), author: "ann", text: "Fragile")
        XCTAssertEqual(note.additionalFields, [:])
        XCTAssertEqual(try encodedText(note), #"{"at":"2024-05-31","author":"ann","text":"Fragile"}"#)
        var labelled = note
        labelled.additionalFields["shelf"] = "B2"
        XCTAssertEqual(try decodeJSON(Note.self, try encodedText(labelled)), labelled)
    }

    func testARequiredIncludedFieldIsRequiredAndALabelOfAnotherTypeFails() {
        // `at` comes from Stamp, two includes away, and is required there.
        XCTAssertThrowsError(try decodeJSON(Note.self, #"{"author":"ann","text":"Fragile"}"#))
        XCTAssertThrowsError(try decodeJSON(Note.self, #"{"at":"2024-05-31","author":"ann","text":"Fragile","shelf":2}"#))
    }

    func testALabelNamedLikeAFieldIsNotWrittenTwice() throws {
        let note = Note(at: CalendarDate(year: 2024, month: 5, day: 31), author: "ann", text: "Fragile", additionalFields: ["text": "other"])
        XCTAssertEqual(try encodedText(note), #"{"at":"2024-05-31","author":"ann","text":"Fragile"}"#)
    }
}
