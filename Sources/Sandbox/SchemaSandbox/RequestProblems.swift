import Foundation
import PayloadValidation
import SchemaModel

/// The sandbox's check of a request before it answers: the parameter and body issues of
/// `RequestValidator` (Generator/PayloadValidation, the checks `schema-check traffic` runs on recorded
/// requests) and of the JSON body, as the lines of a 400's message. Only `.error` issues count; warnings
/// (an enum value the schema does not list without `strictEnums`, a query item the operation does not
/// declare) let the request through.
extension SandboxEngine {
    /// One line per problem, `where pointer: message`, in parameter order, then the body's.
    func problems(
        in request: IncomingRequest, query: [(name: String, value: String)], pathParameters: [String: String],
        operation: SchemaOperation
    ) -> [String] {
        let parameterIssues = requestValidator.parameterIssues(
            of: operation, pathParameters: pathParameters, query: query, headerValues: request.headerValues)
        var problems = parameterIssues.compactMap { found -> String? in
            guard found.issue.severity == .error else { return nil }
            return Self.line(found.issue, place: Self.place(found.location))
        }
        if let body = operation.body, body.encoding != .json {
            problems += nonJSONBodyProblems(request, body: body)
        } else if let body = operation.body {
            if request.body.isEmpty {
                problems.append("body: a JSON body of type \(body.type) is required")
            } else {
                problems += lines(requestValidator.validator.validate(data: request.body, against: body.type), place: "body")
            }
        }
        return problems
    }

    /// Problems of a non-JSON body against the operation's body.
    private func nonJSONBodyProblems(_ request: IncomingRequest, body: SchemaOperation.Body) -> [String] {
        let mediaType = (request.header("content-type") ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let expected = body.encoding.mediaType(contentType: body.contentType).lowercased()
        guard mediaType == expected else {
            return ["body: Content-Type must be \(expected), found '\(mediaType)'"]
        }
        switch body.encoding {
        case .json:
            return []
        case .raw:
            return request.body.isEmpty ? ["body: the \(expected) body is empty"] : []
        case .form:
            return lines(requestValidator.formBodyIssues(request.body, of: body), place: "body")
        case .multipart:
            return lines(
                requestValidator.multipartBodyIssues(request.body, contentType: request.header("content-type") ?? "", of: body), place: "body")
        }
    }

    /// How a problem line names where a parameter travels.
    private static func place(_ location: ParameterLocation) -> String {
        switch location {
        case .path: "path parameter"
        case .query: "query parameter"
        case .header: "header"
        }
    }

    /// `place pointer: message` for each error (`place: message` for the whole body).
    private func lines(_ issues: [ValidationIssue], place: String) -> [String] {
        issues.filter { $0.severity == .error }.map { Self.line($0, place: place) }
    }

    private static func line(_ issue: ValidationIssue, place: String) -> String {
        "\(place)\(issue.pointer.isEmpty ? "" : " " + issue.pointer): \(issue.message)"
    }
}
