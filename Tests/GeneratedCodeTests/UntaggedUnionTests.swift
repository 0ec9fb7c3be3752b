import Foundation
import KitchenSink
import XCTest

/// Unions without a discriminator (KD Pay's `ProcessingFormField`), unions with integer tags
/// (`Notice`), and fields every variant shares (kitchensink.yaml, "v2 types").
final class UntaggedUnionTests: XCTestCase {
    private let editTextJSON = #"{"id":10,"isRequired":true,"inputType":"text","hideSymbols":false,"placeholder":"Name","mask":"00"}"#
    private let radioGroupJSON =
        #"{"id":11,"groupId":2,"isRequired":false,"choices":{"1":{"id":1,"radioGoupId":11,"placeholder":"Yes","value":"yes","selected":true}}}"#

    func testEachShapeDecodesAsItsVariant() throws {
        let editText = try decodeJSON(ProcessingFormField.self, editTextJSON)
        XCTAssertEqual(editText, .editText(ProcessingEditText(id: 10, isRequired: true, placeholder: "Name", inputType: .text, mask: "00", hideSymbols: false)))
        let radioGroup = try decodeJSON(ProcessingFormField.self, radioGroupJSON)
        let button = RadioButton(id: 1, radioGroupId: 11, placeholder: "Yes", value: "yes", selected: true)
        XCTAssertEqual(radioGroup, .radioGroup(ProcessingRadioGroup(id: 11, groupId: 2, isRequired: false, choices: [1: button])))
    }

    func testVariantsEncodeWithoutAddingATag() throws {
        let field = try decodeJSON(ProcessingFormField.self, editTextJSON)
        XCTAssertEqual(try encodedJSON(field), try parseJSON(editTextJSON))
        let radioGroup = try decodeJSON(ProcessingFormField.self, radioGroupJSON)
        XCTAssertEqual(try encodedJSON(radioGroup), try parseJSON(radioGroupJSON))
    }

    func testThePayloadGoesToTheVariantRequiringMostOfItsKeys() throws {
        // Both variants' required keys are present; the edit text requires four, the radio group three.
        let both = #"{"id":1,"isRequired":true,"inputType":"number","hideSymbols":true,"choices":{}}"#
        guard case .editText(let value) = try decodeJSON(ProcessingFormField.self, both) else { return XCTFail("not the edit text") }
        XCTAssertEqual(value.inputType, .number)
        // When the preferred variant does not decode (inputType of the wrong type), the next that fits wins.
        let fallsBack = #"{"id":1,"isRequired":true,"inputType":5,"hideSymbols":true,"choices":{}}"#
        XCTAssertEqual(try decodeJSON(ProcessingFormField.self, fallsBack), .radioGroup(ProcessingRadioGroup(id: 1, isRequired: true, choices: [:])))
    }

    func testAPayloadThatFitsNoVariantIsKeptVerbatimAndEncodedBackUnchanged() throws {
        let json = #"{"id":12,"isRequired":true,"slider":{"min":0,"max":10},"label":"Volume"}"#
        let field = try decodeJSON(ProcessingFormField.self, json)
        XCTAssertEqual(field, .undocumented(try parseJSON(json)))
        XCTAssertEqual(try encodedJSON(field), try parseJSON(json))
        // A required key with the wrong type makes the variant not fit, not the decoding fail.
        let broken = #"{"id":"twelve","isRequired":true,"inputType":"text","hideSymbols":false}"#
        XCTAssertEqual(try decodeJSON(ProcessingFormField.self, broken), .undocumented(try parseJSON(broken)))
    }

    func testAValueOfNoVariantsKindIsKeptVerbatim() throws {
        // Every variant is an object; a list, a string or null is of no variant's kind, and not a failure.
        for json in ["[1]", #""text""#, "null"] {
            let field = try decodeJSON(ProcessingFormField.self, json)
            XCTAssertEqual(field, .undocumented(try parseJSON(json)), json)
            XCTAssertEqual(try encodedJSON(field), try parseJSON(json), json)
        }
    }

    func testSharedFieldsAreReadableWithoutASwitch() throws {
        let editText = try decodeJSON(ProcessingFormField.self, editTextJSON)
        let radioGroup = try decodeJSON(ProcessingFormField.self, radioGroupJSON)
        XCTAssertEqual(editText.id, 10)
        XCTAssertEqual(radioGroup.id, 11)
        XCTAssertEqual(editText.isRequired, true)
        XCTAssertEqual(radioGroup.groupId, 2)
        XCTAssertNil(editText.groupId)
        XCTAssertEqual(editText.placeholder, "Name")
        // An unknown variant answers from its JSON, nil where the key is absent or of another type.
        let unknown = try decodeJSON(ProcessingFormField.self, #"{"id":12,"isRequired":"yes","slider":{}}"#)
        XCTAssertEqual(unknown.id, 12)
        XCTAssertNil(unknown.isRequired)
        XCTAssertNil(unknown.placeholder)
    }

    func testFormGroupIndexesFieldsById() throws {
        let group = try decodeJSON(ProcessingFormGroup.self, #"{"id":1,"fields":{"10":\#(editTextJSON),"11":\#(radioGroupJSON)}}"#)
        for (id, field) in group.fields {
            XCTAssertEqual(field.id, id)
        }
        XCTAssertEqual(group.fields.count, 2)
    }

    func testIntegerTagsAreJSONNumbers() throws {
        let info = try decodeJSON(Notice.self, #"{"level":1,"id":1,"text":"Hello"}"#)
        XCTAssertEqual(info, .info(InfoNotice(id: 1, text: "Hello")))
        XCTAssertEqual(try encodedText(info), #"{"id":1,"level":1,"text":"Hello"}"#)
        let warning = Notice.warning(WarningNotice(id: 2, text: "Careful"))
        XCTAssertEqual(try encodedText(warning), #"{"id":2,"level":2,"text":"Careful"}"#)
        XCTAssertEqual(try decodeJSON(Notice.self, #"{"level":2,"id":2,"text":"Careful"}"#), warning)
        // Shared fields work on tagged unions too.
        XCTAssertEqual(warning.text, "Careful")
        XCTAssertEqual(info.id, 1)
    }

    func testAStringOrUnknownIntegerTagIsAnUnknownVariant() throws {
        for json in [#"{"level":"1","id":1,"text":"Hello"}"#, #"{"level":3,"id":1,"text":"Hello"}"#, #"{"id":1,"text":"Hello"}"#] {
            let notice = try decodeJSON(Notice.self, json)
            XCTAssertEqual(notice, .undocumented(try parseJSON(json)), json)
            XCTAssertEqual(try encodedJSON(notice), try parseJSON(json), json)
        }
    }
}
