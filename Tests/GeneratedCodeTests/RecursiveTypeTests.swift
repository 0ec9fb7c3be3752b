import Foundation
import KitchenSink
import XCTest

/// Recursive types (issue 27 line 3): KitchenSink's `Category` contains itself directly (`parent`),
/// through another struct and an alias (`featured` -> `Highlight.category`) and through a list. The
/// generated models keep the plain API of any struct while the fields closing a cycle are stored out of line.
final class RecursiveTypeTests: XCTestCase {
    /// Three levels of `parent`, and a highlight whose category is a category again.
    private let threeLevels = #"""
        {"name":"Apples","featured":{"title":"See also","category":{"name":"Pears","featured":null}},
         "parent":{"name":"Fruit","featured":null,"parent":{"name":"Food","featured":null}},
         "subcategories":[{"name":"Red","featured":null,"parent":{"name":"Apples","featured":null}}]}
        """#

    func testAThreeLevelPayloadDecodesEveryLevelAndEncodesBackUnchanged() throws {
        let category = try decodeJSON(Category.self, threeLevels)

        XCTAssertEqual(category.name, "Apples")
        XCTAssertEqual(category.parent?.name, "Fruit")
        XCTAssertEqual(category.parent?.parent?.name, "Food")
        XCTAssertNil(category.parent?.parent?.parent)
        XCTAssertEqual(category.featured?.title, "See also")
        XCTAssertEqual(category.featured?.category.name, "Pears")
        XCTAssertEqual(category.subcategories?.first?.parent?.name, "Apples")
        XCTAssertEqual(try encodedJSON(category), try parseJSON(threeLevels))
        XCTAssertEqual(try decodeJSON(Category.self, try encodedText(category)), category)
    }

    func testTheMemberwiseInitializerBuildsTheSameValueAsDecoding() throws {
        let built = Category(
            name: "Apples",
            parent: Category(name: "Fruit", parent: Category(name: "Food")),
            subcategories: [Category(name: "Red", parent: Category(name: "Apples"))],
            featured: Highlight(title: "See also", category: Category(name: "Pears")))

        XCTAssertEqual(built, try decodeJSON(Category.self, threeLevels))
        XCTAssertEqual(Set([built, try decodeJSON(Category.self, threeLevels)]).count, 1, "equal values hash alike")
    }

    func testChangingANestedFieldChangesOnlyThatCopy() {
        let original = Category(name: "Apples", parent: Category(name: "Fruit", parent: Category(name: "Food")))
        var changed = original
        changed.parent?.parent?.name = "Groceries"

        XCTAssertEqual(changed.parent?.parent?.name, "Groceries")
        XCTAssertEqual(original.parent?.parent?.name, "Food", "a copy must not share the change (value semantics)")
        XCTAssertNotEqual(changed, original)
        changed.parent = nil
        XCTAssertNil(changed.parent)
    }

    func testAMissingRequiredFieldDeepDownIsReportedWithItsPath() {
        let json = #"{"name":"Apples","featured":null,"parent":{"name":"Fruit","featured":null,"parent":{"featured":null}}}"#
        XCTAssertThrowsError(try decodeJSON(Category.self, json)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "parent.parent.name")
        }
    }

    func testOnlyTheFieldsThatCloseACycleAreStoredOutOfLine() {
        let category = Category(name: "Apples", parent: Category(name: "Fruit"), featured: Highlight(title: "t", category: Category(name: "Pears")))
        let stored = Mirror(reflecting: category).children.compactMap(\.label)
        XCTAssertEqual(stored, ["name", "subcategories", "featured", "_parent"])
        XCTAssertEqual(Mirror(reflecting: Highlight(title: "t", category: Category(name: "p"))).children.compactMap(\.label), ["title", "_category"])
    }
}
