import Foundation
import KitchenSink
import XCTest

/// Unions: `Shape`, discriminated by `kind`.
final class UnionTests: XCTestCase {
    func testCircleVariantUsesItsExplicitTag() throws {
        XCTAssertEqual(try decodeJSON(Shape.self, #"{"kind":"CIRCLE","radius":1.5}"#), .circle(Circle(radius: 1.5)))
        XCTAssertEqual(try encodedJSON(Shape.circle(Circle(radius: 1.5))), ["kind": "CIRCLE", "radius": 1.5])
    }

    func testSquareVariantUsesItsNameAsTag() throws {
        XCTAssertEqual(
            try decodeJSON(Shape.self, #"{"kind":"square","side":2,"label":"box"}"#),
            .square(Square(side: 2, label: "box")))
        XCTAssertEqual(try decodeJSON(Shape.self, #"{"side":3,"kind":"square"}"#), .square(Square(side: 3)))
        XCTAssertEqual(try encodedText(Shape.square(Square(side: 2.5, label: "box"))), #"{"kind":"square","label":"box","side":2.5}"#)
        XCTAssertEqual(try encodedText(Shape.square(Square(side: 2.5))), #"{"kind":"square","side":2.5}"#)
    }

    func testTagsAreMatchedExactly() throws {
        // `circle` is the Swift name, `CIRCLE` the tag; `SQUARE` is not `square`.
        XCTAssertEqual(try decodeJSON(Shape.self, #"{"kind":"circle","radius":1}"#), .undocumented(["kind": "circle", "radius": 1]))
        XCTAssertEqual(try decodeJSON(Shape.self, #"{"kind":"SQUARE","side":1}"#), .undocumented(["kind": "SQUARE", "side": 1]))
        XCTAssertEqual(try decodeJSON(Shape.self, #"{"kind":"nested","members":[]}"#), .undocumented(["kind": "nested", "members": []]))
    }

    func testNestedGroupsDecodeRecursively() throws {
        let json = #"""
            {"kind":"GROUP","members":[
                {"kind":"CIRCLE","radius":1},
                {"kind":"square","side":2},
                {"kind":"GROUP","members":[{"kind":"CIRCLE","radius":3}],"main":{"kind":"square","side":4,"label":"m"}},
                {"kind":"HEXAGON","sides":6}
            ],"main":{"kind":"CIRCLE","radius":5}}
            """#
        let shape = try decodeJSON(Shape.self, json)
        let expected = Shape.nested(
            Group(
                members: [
                    .circle(Circle(radius: 1)),
                    .square(Square(side: 2)),
                    .nested(Group(members: [.circle(Circle(radius: 3))], main: .square(Square(side: 4, label: "m")))),
                    .undocumented(["kind": "HEXAGON", "sides": 6]),
                ],
                main: .circle(Circle(radius: 5))
            ))
        XCTAssertEqual(shape, expected)

        // Re-encoding writes every discriminator, at every depth, and yields the same JSON.
        XCTAssertEqual(try encodedJSON(shape), try parseJSON(json))
        guard case .nested(let group) = shape else { return XCTFail("expected a group, got \(shape)") }
        XCTAssertEqual(group.members.count, 4)
        XCTAssertNil(try encodedJSON(group)[member: "kind"], "the variant struct alone carries no tag")
    }

    func testEncodingWritesTheDiscriminator() throws {
        let shapes: [Shape] = [.circle(Circle(radius: 1)), .square(Square(side: 2)), .nested(Group(members: []))]
        let encoded = try encodedJSON(shapes)
        XCTAssertEqual(encoded, [["kind": "CIRCLE", "radius": 1], ["kind": "square", "side": 2], ["kind": "GROUP", "members": []]])
        XCTAssertEqual(try JSONCoding.makeDecoder().decode([Shape].self, from: JSONCoding.makeEncoder().encode(shapes)), shapes)
    }

    func testUnknownTagKeepsTheWholeObjectAndReEncodesIt() throws {
        let json = #"{"kind":"TRIANGLE","sides":[3,4,5],"meta":{"color":"red","filled":true,"note":null,"ratio":0.25}}"#
        let shape = try decodeJSON(Shape.self, json)
        let original = try parseJSON(json)
        XCTAssertEqual(shape, .undocumented(original))
        guard case .undocumented(let kept) = shape else { return XCTFail("expected unknown, got \(shape)") }
        XCTAssertEqual(kept[member: "kind"], "TRIANGLE")
        XCTAssertEqual(kept[path: "meta.note"], .null)
        XCTAssertEqual(try encodedJSON(shape), original)
    }

    func testMissingOrNullDiscriminatorIsUnknown() throws {
        XCTAssertEqual(try decodeJSON(Shape.self, #"{"radius":1}"#), .undocumented(["radius": 1]))
        XCTAssertEqual(try decodeJSON(Shape.self, #"{"kind":null,"side":1}"#), .undocumented(["kind": nil, "side": 1]))
        XCTAssertEqual(try encodedJSON(Shape.undocumented(["radius": 1])), ["radius": 1])
    }

    func testKnownTagWithInvalidPayloadIsAnError() {
        XCTAssertThrowsError(try decodeJSON(Shape.self, #"{"kind":"CIRCLE"}"#)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "radius", "\(error)")
        }
        XCTAssertThrowsError(try decodeJSON(Shape.self, #"{"kind":"GROUP","members":[{"kind":"square"}]}"#)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "members.0.side", "\(error)")
        }
    }

    func testShapesInsideAnOptionalField() throws {
        let group = try decodeJSON(Group.self, #"{"members":[]}"#)
        XCTAssertEqual(group, Group(members: []))
        XCTAssertEqual(try encodedJSON(group), ["members": []])
        let withMain = try decodeJSON(Group.self, #"{"members":[],"main":{"kind":"CIRCLE","radius":2}}"#)
        XCTAssertEqual(withMain.main, .circle(Circle(radius: 2)))
    }
}
