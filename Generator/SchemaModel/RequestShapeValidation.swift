import Foundation

/// Checks of the request constructs that are not JSON-in, JSON-out: form, multipart and raw bodies,
/// binary responses, URLs given at call time, object-valued query parameters and environments whose
/// whole URL is a variable (docs/SchemaLanguage.md, "Bodies that are not JSON" and following).
extension SchemaValidator {
    func checkRequestShapes(types: [String: TypeDefinition]) {
        for type in schema.types {
            for field in type.fields where field.queryStyle != nil {
                log.error("'style' of field '\(field.name)' of type '\(type.name)' applies only to query parameters", at: field.location)
            }
        }
        for operation in schema.operations {
            let context = "operation '\(operation.name)'"
            checkAbsoluteURL(operation, context: context)
            if let body = operation.body {
                checkBody(body, context: context, types: types)
                // URLSession refuses to send one (NSURLErrorDataLengthExceedsMaximum), as do many proxies.
                if ["GET", "HEAD"].contains(operation.method) {
                    log.error(
                        "\(context) is a \(operation.method) request, which carries no body: the generated client could not send it; send the values as query parameters, or use POST",
                        at: body.typeLocation)
                }
            }
            for (location, field) in operation.parameters where location != .query && field.queryStyle != nil {
                log.error("'style' of \(location.rawValue) parameter '\(field.name)' of \(context) applies only to query parameters", at: field.location)
            }
            if let contentType = operation.responseContentType, !Self.isMediaType(contentType) {
                log.error(
                    "'contentType' of the response of \(context) must be a media type like image/png, found '\(contentType)'",
                    at: operation.responseLocation ?? operation.location)
            }
            for field in operation.queryParameters {
                checkQueryObject(field, context: context, types: types)
            }
        }
    }

    /// Handles `url: "{serverUrl}"`; true when the environment is of that kind (nothing else to check).
    func checkWholeURLEnvironment(_ environment: Environment) -> Bool {
        guard environment.url.hasPrefix("{"), SchemaParser.isWholeURLPlaceholder(Substring(environment.url)) else { return false }
        let name = String(environment.url.dropFirst().dropLast())
        guard let variable = environment.wholeURLVariable else {
            let declared = environment.variables.map(\.name)
            if declared.contains(name) {
                log.error("environment '\(environment.name)' whose url is the variable '{\(name)}' cannot declare other variables", at: environment.location)
            } else {
                log.error(
                    "'{\(name)}' in the url of environment '\(environment.name)' is not a declared variable\(Suggestion.didYouMean(name, in: declared))",
                    at: environment.location)
            }
            return true
        }
        if !SwiftNaming.isValidName(variable.name) {
            log.error(
                "variable name '\(variable.name)' cannot be a Swift identifier: use ASCII letters, digits and '_', not starting with a digit",
                at: variable.location)
        }
        if let value = variable.defaultValue, let problem = BaseURLRules.problem(value) {
            log.error("the default of variable '\(variable.name)' of environment '\(environment.name)' \(problem)", at: variable.location)
        }
        return true
    }

    private func checkAbsoluteURL(_ operation: OperationDefinition, context: String) {
        guard operation.hasAbsoluteURL, let parameter = operation.absoluteURLParameter else { return }
        if parameter.type != .primitive(.uri) {
            log.error(
                "path parameter '\(parameter.name)' of \(context) is the whole URL, so its type must be uri, found '\(parameter.type)'",
                at: parameter.typeLocation)
        }
        if !operation.auth.isEmpty {
            log.error(
                "\(context) takes its whole URL at call time, so it must be `auth: none`: credentials never go to a URL the schema does not fix (found auth \(operation.auth.joined(separator: ", ")))",
                at: operation.location)
        }
    }

    private func checkBody(_ body: OperationDefinition.Body, context: String, types: [String: TypeDefinition]) {
        let bodyContext = "the body of \(context)"
        switch body.encoding {
        case .raw:
            if body.type != .primitive(.binary) {
                log.error("\(bodyContext) is raw bytes (encoding: raw), so its type must be binary, found '\(body.type)'", at: body.typeLocation)
            }
            if body.contentType == nil {
                log.error("\(bodyContext) is raw bytes and needs a 'contentType', like image/jpeg", at: body.typeLocation)
            }
        case .json, .form:
            if body.contentType != nil {
                log.error(
                    "'contentType' of \(bodyContext) applies only to raw and multipart bodies; \(body.encoding.rawValue) bodies are sent as \(body.encoding.mediaType(contentType: nil))",
                    at: body.typeLocation)
            }
            if body.encoding == .form { checkFlatStruct(body.type, what: "a form body", at: body.typeLocation, context: bodyContext, types: types) }
        case .multipart:
            checkFlatStruct(body.type, what: "a multipart body", at: body.typeLocation, context: bodyContext, types: types)
        }
        if let contentType = body.contentType, !Self.isMediaType(contentType) {
            log.error("'contentType' of \(bodyContext) must be a media type like image/jpeg, found '\(contentType)'", at: body.typeLocation)
        }
    }

    /// Query parameters holding a map or a struct: the map's keys are strings, every value is a scalar.
    private func checkQueryObject(_ field: Field, context: String, types: [String: TypeDefinition]) {
        let parameterContext = "query parameter '\(field.name)' of \(context)"
        guard isQueryObject(field.type, types: types) else {
            if field.queryStyle != nil {
                log.error("'style' of \(parameterContext) applies only to a map ([string: T]) or a struct, found '\(field.type)'", at: field.location)
            }
            return
        }
        if case .map(let key, let value) = resolvedAlias(field.type, types: types) {
            if key != .string {
                log.error("\(parameterContext) is a map, so its keys must be string (query names are text), found '\(field.type)'", at: field.typeLocation)
            } else if !isScalar(value, types: types) {
                log.error("the values of \(parameterContext) must be scalars (a primitive or an enum), found '\(value)'", at: field.typeLocation)
            }
        } else {
            checkFlatStruct(
                field.type, what: "an object-valued query parameter", at: field.typeLocation, context: parameterContext, types: types, allowLists: false)
        }
    }

    func isQueryObject(_ type: TypeReference, types: [String: TypeDefinition]) -> Bool {
        schema.isQueryObject(type)
    }

    /// A struct whose fields are scalars (and lists of scalars when `allowLists`), as forms, multipart
    /// bodies and object-valued query parameters need.
    private func checkFlatStruct(
        _ type: TypeReference, what: String, at location: SourceLocation, context: String,
        types: [String: TypeDefinition], allowLists: Bool = true
    ) {
        guard case .named(let name) = resolvedAlias(type, types: types), let definition = types[name] else {
            if case .named(let name) = type, types[name] == nil { return }  // reported as an unknown type
            log.error("\(context) is \(what), so its type must be a struct of fields, found '\(type)'", at: location)
            return
        }
        guard case .structure(let fields) = definition.kind else {
            log.error("\(context) is \(what), so its type must be a struct of fields, found '\(type)'", at: location)
            return
        }
        for field in fields {
            var element = resolvedAlias(field.type, types: types)
            if allowLists, case .array(let inner) = element { element = resolvedAlias(inner, types: types) }
            if case .named(let name) = element, types[name] == nil { continue }  // reported as an unknown type
            if !isScalar(element, types: types) {
                let allowed = allowLists ? "scalars and lists of scalars" : "scalars"
                log.error(
                    "field '\(field.name)' of type '\(definition.name)' is '\(field.type)', but \(what) (\(context)) holds only \(allowed)",
                    at: field.typeLocation)
            }
        }
    }

    private func isScalar(_ type: TypeReference, types: [String: TypeDefinition]) -> Bool {
        switch resolvedAlias(type, types: types) {
        case .primitive(let primitive): return primitive != .json
        case .named(let name):
            if case .enumeration? = types[name]?.kind { return true }
            return false
        case .array, .map: return false
        }
    }

    private func resolvedAlias(_ type: TypeReference, types: [String: TypeDefinition]) -> TypeReference {
        schema.resolvingAliases(type)
    }

    static func isMediaType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let token = CharacterSet(charactersIn: "!#$&^_.+-").union(.alphanumerics)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0.isASCII && token.contains($0) } }
    }
}
