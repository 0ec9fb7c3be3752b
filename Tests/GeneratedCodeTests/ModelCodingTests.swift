import Foundation
import KitchenSink
import XCTest

/// Structs: defaults for missing keys, wire names, optional vs nullable, memberwise init, every primitive.
final class ModelCodingTests: XCTestCase {
    private let defaultOrigin = UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434")!

    // MARK: Item defaults

    func testDecodingFillsEveryDefaultForMissingKeys() throws {
        let item = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null}"#)

        XCTAssertEqual(item.sku, "A1")
        XCTAssertEqual(item.name, "Apple")
        XCTAssertNil(item.displayName)
        XCTAssertNil(item.note)
        XCTAssertNil(item.discontinuedAt)
        XCTAssertEqual(item.quantity, 1)
        XCTAssertEqual(item.price, Decimal(string: "9.99"))
        XCTAssertEqual(item.price.description, "9.99", "the default must be the exact decimal, not a binary double")
        XCTAssertEqual(item.weight, 1.0)
        XCTAssertEqual(item.available, true)
        XCTAssertEqual(item.size, .m)
        XCTAssertEqual(item.size.rawValue, "M")
        XCTAssertEqual(item.tags, ["new"])
        XCTAssertNil(item.status)
        XCTAssertEqual(item.origin, defaultOrigin)
        XCTAssertEqual(item.since, CalendarDate(year: 2020, month: 1, day: 1))
        XCTAssertEqual(item.homepage, URL(string: "https://example.com"))
        XCTAssertNil(item.legacyCode)
    }

    func testPresentKeysOverrideDefaults() throws {
        let json = #"""
            {"sku":"B2","name":"Banana","display_name":"Bananas","note":"ripe","discontinuedAt":"2024-01-01T00:00:00Z",
             "quantity":5,"price":0.1,"weight":2.5,"available":false,"size":"XL","tags":[],"status":"not_exists",
             "origin":"00000000-0000-0000-0000-000000000001","since":"2024-02-29","homepage":"https://shop.example/b2",
             "legacyCode":"L-1"}
            """#
        let item = try decodeJSON(Item.self, json)

        XCTAssertEqual(item.displayName, "Bananas")
        XCTAssertEqual(item.note, "ripe")
        XCTAssertEqual(item.discontinuedAt, Date(timeIntervalSince1970: 1_704_067_200))
        XCTAssertEqual(item.quantity, 5)
        XCTAssertEqual(item.price, Decimal(string: "0.1"))
        XCTAssertEqual(item.weight, 2.5)
        XCTAssertEqual(item.available, false)
        XCTAssertEqual(item.size, .xl)
        XCTAssertEqual(item.tags, [])
        XCTAssertEqual(item.status, .notExists)
        XCTAssertEqual(item.origin, UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        XCTAssertEqual(item.since, CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(item.homepage, URL(string: "https://shop.example/b2"))
        XCTAssertEqual(item.legacyCode, "L-1")
    }

    func testSchemaExampleFileDecodes() throws {
        let url = generatedCodeTestsDirectory.appendingPathComponent("../GeneratedModules/KitchenSink/examples/item.json")
        let item = try JSONCoding.makeDecoder().decode(Item.self, from: Data(contentsOf: url))

        XCTAssertEqual(item.sku, "B2")
        XCTAssertEqual(item.name, "Banana")
        XCTAssertEqual(item.displayName, "Bananas")
        XCTAssertEqual(item.discontinuedAt, Date(timeIntervalSince1970: 1_704_067_200))
        XCTAssertEqual(item.size, .xl)
        XCTAssertEqual(item.status, .kycInProgress)
        XCTAssertEqual(item.quantity, 1)
        XCTAssertEqual(item.tags, ["new"])
    }

    // MARK: Wire names

    func testDisplayNameTravelsUnderItsWireName() throws {
        let fromWire = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null,"display_name":"Shiny"}"#)
        XCTAssertEqual(fromWire.displayName, "Shiny")

        let fromSwiftName = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null,"displayName":"Ignored"}"#)
        XCTAssertNil(fromSwiftName.displayName, "the Swift property name is not the JSON key")

        let encoded = try encodedJSON(Item(sku: "A1", name: "Apple", displayName: "Shiny"))
        XCTAssertEqual(encoded[member: "display_name"], "Shiny")
        XCTAssertNil(encoded[member: "displayName"])
    }

    // MARK: Optional and nullable

    func testNilOptionalFieldsAreOmittedAndNilNullableRequiredFieldIsNull() throws {
        let encoded = try encodedJSON(Item(sku: "A1", name: "Apple"))

        XCTAssertEqual(
            encoded.memberNames,
            [
                "sku", "name", "discontinuedAt", "quantity", "price", "weight", "available", "size", "tags",
                "origin", "since", "homepage",
            ])
        XCTAssertEqual(encoded[member: "discontinuedAt"], .null)
        XCTAssertNil(encoded[member: "note"], "optional + nullable: nil is omitted")
        XCTAssertNil(encoded[member: "status"])
        XCTAssertNil(encoded[member: "legacyCode"])
        XCTAssertEqual(encoded[member: "sku"], "A1")
        XCTAssertEqual(encoded[member: "quantity"], 1)
        XCTAssertEqual(encoded[member: "price"]?.numberValue, 9.99)
        XCTAssertEqual(encoded[member: "weight"]?.numberValue, 1)
        XCTAssertEqual(encoded[member: "available"], true)
        XCTAssertEqual(encoded[member: "size"], "M")
        XCTAssertEqual(encoded[member: "tags"], ["new"])
        XCTAssertEqual(encoded[member: "origin"]?.stringValue.flatMap(UUID.init(uuidString:)), defaultOrigin)
        XCTAssertEqual(encoded[member: "since"], "2020-01-01")
        XCTAssertEqual(encoded[member: "homepage"], "https://example.com")

        let text = try encodedText(Item(sku: "A1", name: "Apple"))
        XCTAssertTrue(text.contains(#""price":9.99"#), text)
        XCTAssertTrue(text.contains(#""discontinuedAt":null"#), text)
    }

    func testSetOptionalFieldsAreEncoded() throws {
        let item = Item(
            sku: "A1", name: "Apple", note: "n", discontinuedAt: Date(timeIntervalSince1970: 1_704_067_200),
            status: .kycInProgress, legacyCode: "L")
        let encoded = try encodedJSON(item)
        XCTAssertEqual(encoded[member: "note"], "n")
        XCTAssertEqual(encoded[member: "status"], "KYC In Progress")
        XCTAssertEqual(encoded[member: "legacyCode"], "L")
        XCTAssertEqual(encoded[member: "discontinuedAt"], "2024-01-01T00:00:00.000Z")
    }

    func testNullableRequiredKeyMustBePresent() throws {
        XCTAssertThrowsError(try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple"}"#)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "discontinuedAt", "\(error)")
        }
        let null = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null}"#)
        XCTAssertNil(null.discontinuedAt)
        let set = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":"2024-01-01T02:00:00+02:00"}"#)
        XCTAssertEqual(set.discontinuedAt, Date(timeIntervalSince1970: 1_704_067_200))
    }

    func testOptionalNullableFieldAcceptsMissingAndNull() throws {
        let missing = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null}"#)
        let null = try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null,"note":null}"#)
        XCTAssertNil(missing.note)
        XCTAssertNil(null.note)
        XCTAssertEqual(missing, null)
    }

    func testRequiredFieldsAreRequired() {
        XCTAssertThrowsError(try decodeJSON(Item.self, #"{"name":"Apple","discontinuedAt":null}"#)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "sku", "\(error)")
        }
        XCTAssertThrowsError(try decodeJSON(Item.self, #"{"sku":"A1","discontinuedAt":null}"#)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "name", "\(error)")
        }
    }

    func testWrongTypedDefaultedFieldIsAnErrorNotTheDefault() {
        XCTAssertThrowsError(try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null,"quantity":"many"}"#)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("expected typeMismatch, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["quantity"])
        }
    }

    // MARK: Memberwise init

    func testMemberwiseInitUsesTheSchemaDefaults() throws {
        let item = Item(sku: "A1", name: "Apple")
        XCTAssertNil(item.displayName)
        XCTAssertNil(item.note)
        XCTAssertNil(item.discontinuedAt)
        XCTAssertEqual(item.quantity, 1)
        XCTAssertEqual(item.price, Decimal(string: "9.99"))
        XCTAssertEqual(item.weight, 1)
        XCTAssertTrue(item.available)
        XCTAssertEqual(item.size, .m)
        XCTAssertEqual(item.tags, ["new"])
        XCTAssertNil(item.status)
        XCTAssertEqual(item.origin, defaultOrigin)
        XCTAssertEqual(item.since.description, "2020-01-01")
        XCTAssertEqual(item.homepage.absoluteString, "https://example.com")
        XCTAssertNil(item.legacyCode)

        // The init's defaults and the decoder's defaults agree.
        XCTAssertEqual(item, try decodeJSON(Item.self, #"{"sku":"A1","name":"Apple","discontinuedAt":null}"#))

        XCTAssertEqual(ListRequest().pageSize, 20)
        XCTAssertNil(ListRequest().pageToken)
        XCTAssertEqual(try decodeJSON(ListRequest.self, "{}"), ListRequest())
        XCTAssertNil(Square(side: 1).label)
        XCTAssertNil(Group(members: []).main)
    }

    func testFullyPopulatedItemRoundTrips() throws {
        let item = Item(
            sku: "Z9", name: "Zed", displayName: "Zed!", note: "n", discontinuedAt: Date(timeIntervalSince1970: 1_700_000_000.123),
            quantity: 7, price: Decimal(string: "1234.5678")!, weight: 0.25, available: false, size: .l, tags: ["a", "b"],
            status: .code, origin: UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!,
            since: CalendarDate(year: 1999, month: 12, day: 31), homepage: URL(string: "https://z.example/p?q=1")!, legacyCode: "old"
        )
        let decoded = try JSONCoding.makeDecoder().decode(Item.self, from: JSONCoding.makeEncoder().encode(item))
        XCTAssertEqual(decoded, item)
        XCTAssertEqual(decoded.price.description, "1234.5678")
    }

    // MARK: Nullable struct without defaults

    func testCursorsNullableFieldsAreRequiredKeys() throws {
        XCTAssertThrowsError(try decodeJSON(Cursors.self, #"{"next":"n"}"#)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "previous", "\(error)")
        }
        let cursors = try decodeJSON(Cursors.self, #"{"next":"n","previous":null}"#)
        XCTAssertEqual(cursors, Cursors(next: "n", previous: nil))
        XCTAssertEqual(try encodedJSON(Cursors()), ["next": nil, "previous": nil])
    }

    /// A nullable required field is read by its own decoding helper (`-> Value?`), which must fail as the
    /// generic `decode(Value?.self, forKey:)` does: a missing key, then a value of another type.
    func testNullableRequiredFieldOfAnotherTypeIsATypeMismatch() {
        XCTAssertThrowsError(try decodeJSON(Cursors.self, #"{"next":5,"previous":null}"#)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("expected typeMismatch, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["next"])
        }
    }

    func testNullableRequiredStructIsARequiredKeyAndDecodesNullAndValues() throws {
        XCTAssertThrowsError(try decodeJSON(Category.self, #"{"name":"Apples"}"#)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "featured", "\(error)")
        }
        XCTAssertNil(try decodeJSON(Category.self, #"{"name":"Apples","featured":null}"#).featured)
        let featured = try decodeJSON(
            Category.self, #"{"name":"Apples","featured":{"title":"See also","category":{"name":"Pears","featured":null}}}"#
        ).featured
        XCTAssertEqual(featured?.title, "See also")
        XCTAssertEqual(featured?.category.name, "Pears")
        XCTAssertThrowsError(try decodeJSON(Category.self, #"{"name":"Apples","featured":"See also"}"#)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("expected typeMismatch, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["featured"])
        }
    }

    // MARK: Everything

    /// The `Everything` example, read from kitchensink.yaml itself.
    static var everythingExample: String { schemaExample(type: "Everything") }

    func testEveryTypeExampleInTheSchemaDecodes() throws {
        let decoders: [String: (String) throws -> Void] = [
            "Everything": { _ = try decodeJSON(Everything.self, $0) },
            "Item": { _ = try decodeJSON(Item.self, $0) },
            // v2 types
            "ProcessingFormField": { if case .undocumented = try decodeJSON(ProcessingFormField.self, $0) { XCTFail("decoded as unknown") } },
            "ProcessingFormGroup": { _ = try decodeJSON(ProcessingFormGroup.self, $0) },
            "Notice": { if case .undocumented = try decodeJSON(Notice.self, $0) { XCTFail("decoded as unknown") } },
            "PushEvent": { _ = try decodeJSON(PushEvent.self, $0) },
            "Identifiers": { _ = try decodeJSON(Identifiers.self, $0) },
            // Issue 27: a recursive type, three levels of parent
            "Category": { XCTAssertEqual(try decodeJSON(Category.self, $0).parent?.parent?.name, "Food") },
            // v3 types: unions of any type
            "StopSequences": { XCTAssertEqual(try decodeJSON(StopSequences.self, $0), .several(["\n", "END"])) },
            "SettingValue": { XCTAssertEqual(try decodeJSON(SettingValue.self, $0), .count(3)) },
            "AssistantTool": { XCTAssertEqual(try decodeJSON(AssistantTool.self, $0), .retrieval(RetrievalTool(type: .retrieval, maxResults: 5))) },
            "InputProblem": {
                XCTAssertEqual(try decodeJSON(InputProblem.self, $0), .simple(SimpleInputProblem(message: "Validation Failed", errors: ["Name is too long"])))
            },
            // Composition: included fields and members beyond them
            "Note": {
                let note = try decodeJSON(Note.self, $0)
                XCTAssertEqual(note.text, "Fragile")
                XCTAssertEqual(note.additionalFields, ["shelf": "B2", "colour": "red"])
            },
            // Null in lists, maps, a nullable alias and a nullable union
            "Nullables": {
                let value = try decodeJSON(Nullables.self, $0)
                XCTAssertEqual(value.scores, [100, nil, 0])
                XCTAssertEqual(value.files["b"], .some(nil))
            },
        ]
        var checked = 0
        for type in kitchenSinkSchema.types where !type.examples.isEmpty {
            let decode = try XCTUnwrap(decoders[type.name], "add a decoder for \(type.name)'s examples")
            for example in type.examples {
                XCTAssertNoThrow(try decode(example.value.jsonText), "\(type.name) example '\(example.name)'")
                checked += 1
            }
        }
        XCTAssertEqual(
            checked, 15,
            "Everything's example, Item's two (one from a $file), one each of the v2 and v3 types, InputProblem's, Identifiers', Category's, Note's and Nullables'"
        )
    }

    func testEverythingExampleDecodesEveryPrimitive() throws {
        let value = try decodeJSON(Everything.self, Self.everythingExample)

        XCTAssertEqual(value.text, "hello")
        XCTAssertEqual(value.flag, true)
        XCTAssertEqual(value.count, 1)
        XCTAssertEqual(value.small, Int32(2))
        XCTAssertEqual(value.big, Int64(3))
        XCTAssertEqual(value.ratio, 0.5)
        XCTAssertEqual(value.price, Decimal(string: "12.34"))
        XCTAssertEqual(value.day, CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(value.moment, Date(timeIntervalSince1970: 1_717_149_600))
        XCTAssertEqual(value.id, UUID(uuidString: "6BAC7EEA-C120-428D-BEB6-910C6F290434"))
        XCTAssertEqual(value.mail, "a@example.com")
        XCTAssertEqual(value.link, URL(string: "https://example.com/x"))
        XCTAssertEqual(value.blob, Data("hello".utf8))
        XCTAssertEqual(value.raw, Data([0x00, 0x01]))
        XCTAssertEqual(value.anything, ["any": [1, "two", nil]])
        XCTAssertEqual(value.list, ["a", "b"])
        XCTAssertEqual(value.nested, [[1], [2, 3]])
        XCTAssertEqual(value.byName, ["first": Item(sku: "A1", name: "Apple")])
        XCTAssertEqual(value.byNumber, [1: "one"])
        XCTAssertEqual(value.oneList, [])
    }

    func testEverythingExampleReEncodes() throws {
        let value = try decodeJSON(Everything.self, Self.everythingExample)
        let data = try JSONCoding.makeEncoder().encode(value)
        let text = String(decoding: data, as: UTF8.self)
        let encoded = try parseJSON(data)
        let original = try parseJSON(Self.everythingExample)

        // Members whose wire form is canonical come back byte-for-byte equal.
        for key in [
            "text", "flag", "count", "small", "big", "ratio", "price", "day", "mail", "link", "blob", "raw",
            "anything", "list", "nested", "byNumber", "oneList",
        ] {
            XCTAssertEqual(encoded[member: key], original[member: key], key)
        }
        XCTAssertEqual(encoded.memberNames, original.memberNames)
        // Canonical forms the encoder chooses.
        XCTAssertEqual(encoded[member: "moment"], "2024-05-31T10:00:00.000Z")
        XCTAssertEqual(encoded[member: "id"]?.stringValue?.lowercased(), "6bac7eea-c120-428d-beb6-910c6f290434")
        XCTAssertEqual(encoded[member: "byNumber"], ["1": "one"])
        XCTAssertTrue(text.contains(#""price":12.34"#), text)
        XCTAssertTrue(text.contains(#""day":"2024-02-29""#), text)
        // The nested Item is written with its defaults filled in.
        XCTAssertEqual(encoded[path: "byName.first.sku"], "A1")
        XCTAssertEqual(encoded[path: "byName.first.discontinuedAt"], .null)
        XCTAssertEqual(encoded[path: "byName.first.quantity"], 1)
        XCTAssertEqual(encoded[path: "byName.first.tags"], ["new"])
        // And it decodes back to the same value.
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(Everything.self, from: data), value)
    }

    func testEverythingRejectsAnInvalidCalendarDate() {
        let bad = Self.everythingExample.replacingOccurrences(of: "2024-02-29", with: "2023-02-29")
        XCTAssertThrowsError(try decodeJSON(Everything.self, bad)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("expected dataCorrupted, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["day"])
        }
    }

    // MARK: Pages

    func testPageTypesDecodeNestedItems() throws {
        let page = try decodeJSON(Page.self, #"{"content":[{"sku":"A1","name":"Apple","discontinuedAt":null}],"number":1,"totalPages":3,"last":false}"#)
        XCTAssertEqual(page, Page(content: [Item(sku: "A1", name: "Apple")], number: 1, totalPages: 3, last: false))

        let tokenPage = try decodeJSON(TokenPage.self, #"{"items":[]}"#)
        XCTAssertEqual(tokenPage, TokenPage(items: []))
        XCTAssertEqual(try encodedJSON(tokenPage), ["items": []])

        let cursorPage = try decodeJSON(CursorPage.self, #"{"data":[],"cursors":{"next":"c2","previous":null}}"#)
        XCTAssertEqual(cursorPage.cursors.next, "c2")
        XCTAssertNil(cursorPage.cursors.previous)
    }
}
