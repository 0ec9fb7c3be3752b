import Foundation
import PayloadValidation
import SchemaModel

/// Checks a request against its operation with the validator schema-check uses: path, query and header
/// parameters (presence, form, enum values, constraints) and the JSON body. Only `.error` issues count;
/// warnings (an unknown enum value without `strictEnums`) let the request through.
struct RequestValidator: Sendable {
    let validator: PayloadValidator
    let schema: Schema

    init(schema: Schema, strictEnums: Bool) {
        self.schema = schema
        validator = PayloadValidator(schema: schema, strictEnums: strictEnums)
    }

    /// One line per problem, `where pointer: message`, in parameter order, then the body's.
    func problems(
        in request: IncomingRequest, query: [(name: String, value: String)], pathParameters: [String: String],
        operation: SchemaOperation
    ) -> [String] {
        var problems: [String] = []
        func add(_ issues: [ValidationIssue], _ place: String) {
            for issue in issues where issue.severity == .error {
                let pointer = issue.pointer.isEmpty ? "" : " " + issue.pointer
                problems.append("\(place)\(pointer): \(issue.message)")
            }
        }
        for field in operation.pathParameters where field.name != operation.absoluteURLParameter?.name {
            add(validator.validateParameter(pathParameters[field.wireName], as: field), "path parameter")
        }
        for field in operation.queryParameters {
            if schema.isQueryObject(field.type) {
                problems += queryObjectProblems(field, query: query, operation: operation)
                continue
            }
            let values = query.filter { $0.name == field.wireName }.map(\.value)
            add(
                values.isEmpty ? validator.validateParameter(nil, as: field) : validator.validateParameter(values: values, as: field),
                "query parameter")
        }
        for field in operation.headerParameters {
            let values = request.headerValues(field.wireName)
            add(
                values.isEmpty ? validator.validateParameter(nil, as: field) : validator.validateParameter(values: values, as: field),
                "header")
        }
        if let body = operation.body, body.encoding != .json {
            problems += nonJSONBodyProblems(request, body: body)
        } else if let body = operation.body {
            if request.body.isEmpty {
                problems.append("body: a JSON body of type \(body.type) is required")
            } else {
                add(validator.validate(data: request.body, against: body.type), "body")
            }
        }
        return problems
    }
}
