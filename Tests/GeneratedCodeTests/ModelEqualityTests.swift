import Foundation
import KitchenSink
import XCTest

/// Generated structs' `==` and `hash(into:)` come from ClientRuntime's one fieldwise implementation
/// (FieldwiseHashable.swift) instead of synthesized ones: equal exactly when every field is equal by its
/// own `==`, as the synthesized ones were, and equal values hash alike.
final class ModelEqualityTests: XCTestCase {
    private let note = Note(at: CalendarDate(year: 2024, month: 5, day: 1), author: "ann", text: "hello")

    private func pushEvent(createdAt: Date = Date(timeIntervalSince1970: 1_700_000_000), readAt: Date? = nil) -> PushEvent {
        PushEvent(
            eventType: "paid", transactionId: UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434")!, amount: "1.00",
            transactionTime: Date(timeIntervalSince1970: 1_700_000_000), timestamp: Date(timeIntervalSince1970: 1_700_000_000),
            createdAt: createdAt, readAt: readAt, sentAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    func testEqualValuesAreEqualAndHashAlike() throws {
        let json = #"{"sku":"A1","name":"Apple","discontinuedAt":null,"tags":["a","b"],"status":"x"}"#
        let first = try decodeJSON(Item.self, json)
        let second = try decodeJSON(Item.self, json)

        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertEqual(Set([first, second, Item(sku: "A1", name: "Apple")]).count, 2)
    }

    func testEveryFieldTakesPart() {
        let base = Item(sku: "A1", name: "Apple")
        var changes: [(String, Item)] = []
        var item = base
        item.quantity = 2
        changes.append(("quantity", item))
        item = base
        item.price = Decimal(string: "9.98")!
        changes.append(("price", item))
        item = base
        item.tags = ["new", "old"]
        changes.append(("tags", item))
        item = base
        item.status = .undocumented("gone")
        changes.append(("status", item))
        item = base
        item.legacyCode = "L"
        changes.append(("legacyCode", item))
        for (field, changed) in changes {
            XCTAssertNotEqual(changed, base, field)
        }
    }

    func testANaNFieldIsUnequalEvenToItsOwnValue() {
        var item = Item(sku: "A1", name: "Apple")
        item.weight = .nan

        XCTAssertNotEqual(item, item, "Double's == says NaN != NaN, and the struct's == compares by it")
    }

    func testNegativeZeroEqualsZeroAndHashesAlike() {
        var negative = Item(sku: "A1", name: "Apple")
        negative.weight = -0.0
        var positive = negative
        positive.weight = 0.0

        XCTAssertEqual(negative, positive)
        XCTAssertEqual(negative.hashValue, positive.hashValue)
    }

    func testDecimalsCompareByValueNotBySpelling() {
        var short = Item(sku: "A1", name: "Apple")
        short.price = Decimal(string: "1.0")!
        var long = short
        long.price = Decimal(string: "1.00")!

        XCTAssertEqual(short, long)
    }

    func testAnEnumFieldComparesByTheEnumsOwnEqualityWhichIsByRawValue() {
        var documented = Item(sku: "A1", name: "Apple")
        documented.size = .m
        var undocumented = documented
        undocumented.size = .undocumented("M")
        var other = documented
        other.size = .undocumented("XM")

        // A generated enum is `RawRepresentable`, so its `==` and `hash(into:)` are the standard
        // library's, by raw value: `.undocumented("M")` (which decoding never makes) equals `.m`.
        XCTAssertEqual(documented.size, undocumented.size)
        XCTAssertEqual(documented, undocumented)
        XCTAssertEqual(documented.hashValue, undocumented.hashValue)
        XCTAssertNotEqual(documented, other)
    }

    func testAnAbsentOptionalFieldDiffersFromAPresentOneAndFromAnotherFieldPresent() {
        let none = Item(sku: "A1", name: "Apple")
        var displayName = none
        displayName.displayName = "x"
        var note = none
        note.note = "x"

        XCTAssertNotEqual(none, displayName)
        XCTAssertNotEqual(displayName, note, "the same value in another optional field is another value")
    }

    func testAdditionalFieldsCompareAsAWholeIncludingAMemberAFieldShadowsOnTheWire() throws {
        var first = note
        first.additionalFields = ["text": "a", "mood": "ok"]
        var second = note
        second.additionalFields = ["text": "b", "mood": "ok"]
        // Built in another order, so the dictionaries iterate differently.
        var third = note
        third.additionalFields["mood"] = "ok"
        third.additionalFields["text"] = "a"

        XCTAssertEqual(try encodedText(first), try encodedText(second), "the field's value is the one on the wire")
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(first, third)
        XCTAssertEqual(first.hashValue, third.hashValue)
    }

    func testDatesCompareAsDatesNotAsTheTextOfTheirWireFormat() throws {
        // `createdAt` is written in whole epoch seconds: both encode to the same text.
        let whole = pushEvent(createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let fraction = pushEvent(createdAt: Date(timeIntervalSince1970: 1_700_000_000.25))

        XCTAssertEqual(try encodedText(whole), try encodedText(fraction))
        XCTAssertNotEqual(whole, fraction)
        XCTAssertNotEqual(pushEvent(), pushEvent(readAt: Date(timeIntervalSince1970: 0)), "an absent optional date differs from a present one")
        XCTAssertEqual(pushEvent(readAt: Date(timeIntervalSince1970: 5)), pushEvent(readAt: Date(timeIntervalSince1970: 5)))
    }

    func testFieldsStoredOutOfLineCompareByTheirValues() {
        let one = Category(name: "Apples", parent: Category(name: "Fruit"))
        let other = Category(name: "Apples", parent: Category(name: "Fruit"))

        XCTAssertEqual(one, other, "two boxes holding equal values")
        XCTAssertEqual(one.hashValue, other.hashValue)
        XCTAssertNotEqual(one, Category(name: "Apples", parent: Category(name: "Food")))
        XCTAssertNotEqual(one, Category(name: "Apples"))
    }
}
