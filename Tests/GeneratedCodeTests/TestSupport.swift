import Foundation
import KitchenSink
import SchemaModel
import XCTest

/// Decodes `json` (UTF-8 text) as `T` with the runtime's shared decoder, the one generated clients use.
func decodeJSON<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONCoding.makeDecoder().decode(T.self, from: Data(json.utf8))
}

/// Encodes `value` with the runtime's shared encoder and returns the text.
func encodedText(_ value: some Encodable) throws -> String {
    String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
}

/// Parses JSON text into a `JSONValue`, for order-independent comparisons.
func parseJSON(_ json: String) throws -> JSONValue {
    try JSONCoding.makeDecoder().decode(JSONValue.self, from: Data(json.utf8))
}

/// Parses raw JSON bytes into a `JSONValue`.
func parseJSON(_ data: Data) throws -> JSONValue {
    try JSONCoding.makeDecoder().decode(JSONValue.self, from: data)
}

/// Encodes `value` and parses the result back as a `JSONValue`.
func encodedJSON(_ value: some Encodable) throws -> JSONValue {
    try parseJSON(JSONCoding.makeEncoder().encode(value))
}

/// The coding path of a `DecodingError` plus the missing key for `keyNotFound`, as dotted text.
func keyNotFoundPath(_ error: any Error) -> String? {
    guard case DecodingError.keyNotFound(let key, let context) = error else { return nil }
    return (context.codingPath + [key]).map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
}

extension JSONValue {
    /// The member `key` of an object; `nil` for other values or a missing key.
    subscript(member key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The keys of an object; `nil` for other values.
    var memberNames: Set<String>? {
        guard case .object(let members) = self else { return nil }
        return Set(members.keys)
    }

    /// A number as `Double`, whether it decoded as an integer or not.
    var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// A string's text.
    var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }
}

/// The folder of this file, for reading the schema's example files.
let generatedCodeTestsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// kitchensink.yaml, loaded with the same model the generator used.
let kitchenSinkSchema: Schema = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../GeneratedModules/KitchenSink/kitchensink.yaml").standardized.path
    do {
        return try SchemaLoader.loadOrThrow(path: path)
    } catch {
        fatalError("kitchensink.yaml does not load: \(error)")
    }
}()

/// The first example of a type in kitchensink.yaml, as JSON text.
func schemaExample(type name: String) -> String {
    kitchenSinkSchema.type(named: name)?.examples.first?.value.jsonText ?? "{}"
}
