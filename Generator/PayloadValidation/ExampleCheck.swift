import Foundation
import SchemaModel

/// Checks every example of a schema against its type, constraints and date format, as `lint` reports
/// them: type examples (`example:`, `examples:`, `$file` ones), field examples, and operation examples
/// (parameters, request body, response body). A problem points at the value inside the example that
/// is wrong (in the `$file` when the example comes from one).
public enum ExampleCheck {
    public static func diagnostics(for schema: Schema) -> [Diagnostic] {
        let validator = PayloadValidator(schema: schema, maxIssues: 20)
        var diagnostics: [Diagnostic] = []
        func report(_ issues: [ValidationIssue], in node: YAMLNode, what: String) {
            // Warnings (an enum value the schema does not list) are what generated code keeps as
            // `.undocumented`: legitimate in an example of a newer server.
            for issue in issues where issue.severity == .error {
                let at = node.descendant(atPointer: issue.pointer) ?? node
                let place = issue.pointer.isEmpty ? "" : " at \(issue.pointer)"
                diagnostics.append(Diagnostic(.error, "\(what) does not match its type\(place): \(issue.message)", at: at.location))
            }
        }
        for type in schema.types {
            for example in type.examples {
                report(
                    validator.validate(JSON(example.value), against: .named(type.name)), in: example.value,
                    what: "example '\(example.name)' of type '\(type.name)'")
            }
            for field in type.fields {
                guard let example = field.example else { continue }
                report(
                    validator.validate(JSON(example), asField: field), in: example,
                    what: "the example of field '\(field.name)' of type '\(type.name)'")
            }
        }
        for operation in schema.operations {
            for field in operation.parameters.map(\.field) {
                guard let example = field.example else { continue }
                report(
                    validator.validateParameter(values: parameterValues(example), as: field), in: example,
                    what: "the example of parameter '\(field.name)' of operation '\(operation.name)'")
            }
            for example in operation.examples {
                let what = "example '\(example.name)' of operation '\(operation.name)'"
                for (location, field) in operation.parameters {
                    let key = location == .header && example.parameters[field.name] == nil ? field.wireName : field.name
                    guard let value = example.parameters[key] else { continue }
                    report(validator.validateParameter(values: parameterValues(value), as: field), in: value, what: "\(what), parameter '\(field.name)',")
                }
                if let request = example.request, let body = operation.body {
                    report(validator.validate(JSON(request), against: body.type), in: request, what: "the request of \(what)")
                }
                if let response = example.response {
                    if let type = operation.responseBody(status: example.status, in: schema) {
                        report(validator.validate(JSON(response), against: type), in: response, what: "the response of \(what)")
                    }
                }
            }
        }
        return diagnostics
    }

    /// A parameter example as the text values a request carries (a list: one per element).
    private static func parameterValues(_ node: YAMLNode) -> [String] {
        if let elements = node.elements { return elements.compactMap { $0.scalar?.text } }
        return node.scalar.map { [$0.text] } ?? []
    }
}

extension YAMLNode {
    /// The node a JSON Pointer (RFC 6901) leads to, or the deepest one on its way.
    func descendant(atPointer pointer: String) -> YAMLNode? {
        var current = self
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let pairs = current.pairs, let pair = pairs.first(where: { $0.key == key }) {
                current = pair.value
            } else if let elements = current.elements, let index = Int(key), elements.indices.contains(index) {
                current = elements[index]
            } else {
                break
            }
        }
        return current
    }
}
