import Foundation
import KitchenSink
import PayloadValidation
import SchemaModel
import TestSupport
import XCTest

/// schema-check and the generated models must agree: a payload the validator accepts decodes, and one
/// it rejects for a type, required or union reason does not. Checked on the schema's examples and on
/// deterministic mutations of them (constraint and format errors are stricter than decoding by design).
final class ValidatorAgreesWithDecodingTests: XCTestCase {
    private let decoders: [String: (Data) throws -> Void] = [
        "Everything": { _ = try JSONCoding.makeDecoder().decode(Everything.self, from: $0) },
        "Item": { _ = try JSONCoding.makeDecoder().decode(Item.self, from: $0) },
        "Page": { _ = try JSONCoding.makeDecoder().decode(Page.self, from: $0) },
        "Shape": { _ = try JSONCoding.makeDecoder().decode(Shape.self, from: $0) },
        "Group": { _ = try JSONCoding.makeDecoder().decode(Group.self, from: $0) },
        "Identifiers": { _ = try JSONCoding.makeDecoder().decode(Identifiers.self, from: $0) },
        "Note": { _ = try JSONCoding.makeDecoder().decode(Note.self, from: $0) },
    ]

    /// Starting payloads: every type example, plus a few hand-written ones for types without examples.
    private func seeds() throws -> [(type: String, json: JSON)] {
        var seeds: [(String, JSON)] = []
        for type in kitchenSinkSchema.types where decoders[type.name] != nil {
            for example in type.examples { seeds.append((type.name, try JSONParser.parse(Data(example.value.jsonText.utf8)))) }
        }
        let extra = [
            ("Page", #"{"content":[{"sku":"A1","name":"Apple","discontinuedAt":null}],"number":1,"totalPages":2,"last":false}"#),
            ("Shape", #"{"kind":"CIRCLE","radius":1.5}"#),
            ("Group", #"{"members":[{"kind":"square","side":2},{"kind":"GROUP","members":[]}],"main":{"kind":"CIRCLE","radius":1}}"#),
        ]
        for (type, text) in extra { seeds.append((type, try JSONParser.parse(Data(text.utf8)))) }
        return seeds
    }

    func testAcceptedPayloadsDecodeAndRejectedOnesDoNot() throws {
        let validator = PayloadValidator(schema: kitchenSinkSchema)
        var random = SplitMix64(seed: 2026)
        var checked = 0
        var rejectedForDecodeReasons = 0
        var accepted = 0
        for (type, seed) in try seeds() {
            var payloads = [seed]
            for _ in 0..<300 { payloads.append(Mutator.mutate(seed, random: &random)) }
            for payload in payloads {
                let data = Data(payload.description.utf8)
                let issues = validator.validate(payload, against: .named(type))
                let errors = issues.filter { $0.severity == .error }
                let decodes = (try? decoders[type]!(data)) != nil
                if errors.isEmpty {
                    accepted += 1
                    XCTAssertTrue(decodes, "validator accepts but \(type) does not decode: \(payload)")
                }
                if errors.contains(where: { [.type, .required, .union, .syntax, .duplicateKey].contains($0.kind) }) {
                    rejectedForDecodeReasons += 1
                    XCTAssertFalse(decodes, "validator rejects (\(errors.map(\.description))) but \(type) decodes: \(payload)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertGreaterThan(accepted, 50, "the mutations must leave some payloads valid")
        XCTAssertGreaterThan(rejectedForDecodeReasons, 300, "and break many")
    }

    /// Foundation's `UUID` decoding takes `"<uuid>\u0000junk"` and a sign before a hex pair; the export
    /// and schema-check do not, and neither do the generated models (fields built from `uuid`).
    func testNonCanonicalUUIDsAreRejectedByBothAndCanonicalOnesAcceptedByBoth() throws {
        let validator = PayloadValidator(schema: kitchenSinkSchema)
        let example = try XCTUnwrap(kitchenSinkSchema.type(named: "Everything")?.examples.first?.value.jsonText)
        let canonical = "6bac7eea-c120-428d-beb6-910c6f290434"
        XCTAssertTrue(example.contains(#""id":"\#(canonical)""#), "the example's id is the one replaced below")
        for (id, valid) in [
            (canonical, true), (canonical.uppercased(), true), (canonical + "\\u0000junk", false),
            ("+" + canonical.dropFirst(), false), (String(canonical.dropLast()), false),
        ] {
            let text = example.replacingOccurrences(of: #""id":"\#(canonical)""#, with: #""id":"\#(id)""#)
            let errors = validator.validate(data: Data(text.utf8), against: .named("Everything")).filter { $0.severity == .error }
            let decodes = (try? decoders["Everything"]!(Data(text.utf8))) != nil
            XCTAssertEqual(errors.isEmpty, valid, "validator on \(id): \(errors.map(\.description))")
            XCTAssertEqual(decodes, valid, "decoding \(id)")
        }
    }
}

/// Small changes to a JSON value at a random place: the kinds of mistakes real payloads have.
enum Mutator {
    static func mutate(_ value: JSON, random: inout SplitMix64) -> JSON {
        var paths: [[PathStep]] = []
        collect(value, path: [], into: &paths)
        guard let path = paths.randomElement(using: &random) else { return value }
        return apply(value, path[...], random: &random)
    }

    enum PathStep: Hashable {
        case key(String)
        case index(Int)
    }

    private static func collect(_ value: JSON, path: [PathStep], into paths: inout [[PathStep]]) {
        paths.append(path)
        switch value {
        case .object(let members):
            for member in members { collect(member.value, path: path + [.key(member.key)], into: &paths) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { collect(element, path: path + [.index(index)], into: &paths) }
        default:
            break
        }
    }

    private static func apply(_ value: JSON, _ path: ArraySlice<PathStep>, random: inout SplitMix64) -> JSON {
        guard let step = path.first else { return replacement(for: value, random: &random) }
        switch (value, step) {
        case (.object(var members), .key(let key)):
            guard let index = members.firstIndex(where: { $0.key == key }) else { return value }
            if path.count == 1, Bool.random(using: &random), Int.random(in: 0..<3, using: &random) == 0 {
                members.remove(at: index)  // a missing key
            } else {
                members[index].value = apply(members[index].value, path.dropFirst(), random: &random)
            }
            return .object(members)
        case (.array(var elements), .index(let index)):
            elements[index] = apply(elements[index], path.dropFirst(), random: &random)
            return .array(elements)
        default:
            return value
        }
    }

    private static func replacement(for value: JSON, random: inout SplitMix64) -> JSON {
        let candidates: [JSON] = [
            .null, .bool(true), .number("0"), .number("-1"), .number("1.5"), .number("2147483648"),
            .number("9223372036854775808"), .number("1e400"), .string(""), .string("x"), .string("2023-02-30"),
            .string("2024-05-31T10:00:00Z"), .string("6bac7eea-c120-428d-beb6-910c6f290434"), .string("not base64!"),
            .string("KYC In Progress"), .string("CIRCLE"), .array([]), .object([]),
            .object([JSON.Member(key: "kind", value: .string("HEXAGON"))]),
        ]
        if case .object(var members) = value, Bool.random(using: &random) {
            members.append(JSON.Member(key: "extra", value: .number("1")))  // unknown keys are ignored
            return .object(members)
        }
        return candidates.randomElement(using: &random)!
    }
}
