import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// The shipped schema's own examples are valid payloads (the sandbox serves them).
final class WhitelabelPayExamplesTests: XCTestCase {
    func testEveryExampleInTheSchemaValidatesWithoutErrors() throws {
        let schema = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path)
        let validator = PayloadValidator(schema: schema)
        var checked = 0
        func check(_ node: YAMLNode, _ type: TypeReference, _ what: String) {
            checked += 1
            let errors = validator.validate(data: Data(node.jsonText.utf8), against: type).filter { $0.severity == .error }
            XCTAssertEqual(errors, [], "\(what) at \(node.location):\n\(errors.map(\.description).joined(separator: "\n"))")
        }
        for type in schema.types {
            for example in type.examples {
                check(example.value, .named(type.name), "example '\(example.name)' of type \(type.name)")
            }
        }
        var responses = 0
        for operation in schema.operations {
            for example in operation.examples {
                if let response = example.response {
                    // A success response has the operation's type; an error response the catalogue's body.
                    let isSuccess = (example.status ?? operation.successStatus) < 300
                    if let type = isSuccess ? operation.response : schema.errors?.body {
                        check(response, type, "response of example '\(example.name)' of \(operation.name)")
                        responses += 1
                    }
                }
                if let request = example.request, let body = operation.body {
                    check(request, body.type, "request of example '\(example.name)' of \(operation.name)")
                }
                for (name, value) in example.parameters {
                    guard let field = operation.parameters.first(where: { $0.field.name == name || $0.field.wireName == name })?.field else {
                        continue
                    }
                    let values = value.elements?.compactMap(\.scalar?.text) ?? [value.scalar?.text ?? value.jsonText]
                    let errors = validator.validateParameter(values: values, as: field).filter { $0.severity == .error }
                    XCTAssertEqual(errors, [], "parameter \(name) of example '\(example.name)' of \(operation.name)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 5, "the schema has examples to check")
        XCTAssertGreaterThan(responses, 0, "the schema has operation examples with responses")
    }
}
