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
            if body.encoding == .form {
                if body.style == .deepObject {
                    checkNestedObject(body.type, what: "a form body with style: deepObject", at: body.typeLocation, context: bodyContext, types: types)
                } else {
                    checkFlatStruct(body.type, what: "a form body", at: body.typeLocation, context: bodyContext, types: types)
                }
            }
        case .multipart:
            // Any field can be a part: scalars are text parts, binary fields file parts, anything else
            // a JSON part; only the body itself must be a struct, whose fields are the parts.
            checkFlatStruct(body.type, what: "a multipart body", at: body.typeLocation, context: bodyContext, types: types, members: .any)
        }
        if let style = body.style, body.encoding != .form {
            log.error(
                "'style' of \(bodyContext) applies only to form bodies (encoding: form), found style \(style.rawValue) on a \(body.encoding.rawValue) body",
                at: body.typeLocation)
        }
        if let contentType = body.contentType, !Self.isMediaType(contentType) {
            log.error("'contentType' of \(bodyContext) must be a media type like image/jpeg, found '\(contentType)'", at: body.typeLocation)
        }
    }

    /// Query parameters holding a map or a struct: the map's keys are strings; in `form` style every
    /// value is a scalar, in `deepObject` style values nest in brackets (`filter[price][gte]=10`).
    private func checkQueryObject(_ field: Field, context: String, types: [String: TypeDefinition]) {
        let parameterContext = "query parameter '\(field.name)' of \(context)"
        guard isQueryObject(field.type, types: types) else {
            if field.queryStyle != nil {
                log.error("'style' of \(parameterContext) applies only to a map ([string: T]) or a struct, found '\(field.type)'", at: field.location)
            }
            return
        }
        let nested = field.queryStyle == .deepObject
        if case .map(let key, let value) = resolvedAlias(field.type, types: types) {
            if key != .string {
                log.error("\(parameterContext) is a map, so its keys must be string (query names are text), found '\(field.type)'", at: field.typeLocation)
            } else if nested {
                var walk = NestedWalk(what: "a deepObject query parameter", context: parameterContext)
                checkNestedMember(value, field: field.name, owner: "the map", at: field.typeLocation, walk: &walk, types: types)
            } else if !isScalar(value, types: types) {
                log.error(
                    "the values of \(parameterContext) must be scalars (a primitive or an enum), found '\(value)'; with `style: deepObject` they may nest in brackets",
                    at: field.typeLocation)
            }
        } else if nested {
            checkNestedObject(field.type, what: "a deepObject query parameter", at: field.typeLocation, context: parameterContext, types: types)
        } else {
            checkFlatStruct(
                field.type, what: "an object-valued query parameter", at: field.typeLocation, context: parameterContext, types: types,
                members: .scalars)
        }
    }

    func isQueryObject(_ type: TypeReference, types: [String: TypeDefinition]) -> Bool {
        schema.isQueryObject(type)
    }

    /// What the fields of a struct checked by `checkFlatStruct` may be.
    private enum FlatMembers {
        case scalars, scalarsAndLists, any
    }

    /// A struct whose fields are `members`, as flat forms, multipart bodies and form-style object-valued
    /// query parameters need.
    private func checkFlatStruct(
        _ type: TypeReference, what: String, at location: SourceLocation, context: String,
        types: [String: TypeDefinition], members: FlatMembers = .scalarsAndLists
    ) {
        guard let (definition, fields) = structure(type, what: what, at: location, context: context, types: types) else { return }
        for field in fields {
            var element = resolvedAlias(field.type, types: types)
            switch members {
            case .any: continue
            case .scalarsAndLists: if case .array(let inner) = element { element = resolvedAlias(inner, types: types) }
            case .scalars: break
            }
            if case .named(let name) = element, types[name] == nil { continue }  // reported as an unknown type
            if !isScalar(element, types: types) {
                let allowed = members == .scalars ? "scalars" : "scalars and lists of scalars"
                log.error(
                    "field '\(field.name)' of type '\(definition.name)' is '\(field.type)', but \(what) (\(context)) holds only \(allowed); with `style: deepObject` structs, maps and lists nest in brackets (card[number]=4242)",
                    at: field.typeLocation)
            }
        }
    }

    /// The definition and fields of the struct `type` names, or nil after reporting that it is none.
    private func structure(
        _ type: TypeReference, what: String, at location: SourceLocation, context: String, types: [String: TypeDefinition]
    ) -> (TypeDefinition, [Field])? {
        guard case .named(let name) = resolvedAlias(type, types: types), let definition = types[name] else {
            if case .named(let name) = type, types[name] == nil { return nil }  // reported as an unknown type
            log.error("\(context) is \(what), so its type must be a struct of fields, found '\(type)'", at: location)
            return nil
        }
        guard case .structure(let fields) = definition.kind else {
            log.error("\(context) is \(what), so its type must be a struct of fields, found '\(type)'", at: location)
            return nil
        }
        return (definition, fields)
    }

    /// The state of one walk through a nested form or deepObject parameter.
    private struct NestedWalk {
        let what: String
        let context: String
        /// The structs on the way from the root to the current field: reaching one again is recursion.
        var path: [String] = []
        /// Structs already checked in this walk, so a struct reached twice is reported once.
        var checked: Set<String> = []
    }

    /// A struct nested in brackets to any finite depth: structs, string-keyed maps, lists and scalars;
    /// never `json` (any value has no bracket form), a union (the text does not say which variant) or a
    /// struct that contains itself (the depth would have no bound).
    private func checkNestedObject(
        _ type: TypeReference, what: String, at location: SourceLocation, context: String, types: [String: TypeDefinition]
    ) {
        guard let (definition, fields) = structure(type, what: what, at: location, context: context, types: types) else { return }
        var walk = NestedWalk(what: what, context: context, path: [definition.name], checked: [definition.name])
        for field in fields {
            checkNestedMember(field.type, field: field.name, owner: "type '\(definition.name)'", at: field.typeLocation, walk: &walk, types: types)
        }
    }

    /// `declared` is the field's type as written, for messages (`[Tree]` while `type` is its element).
    private func checkNestedMember(
        _ type: TypeReference, field: String, owner: String, at location: SourceLocation, walk: inout NestedWalk, types: [String: TypeDefinition],
        declared: TypeReference? = nil
    ) {
        let declared = declared ?? type
        func refuse(_ reason: String) {
            log.error("field '\(field)' of \(owner) is '\(declared)', but \(walk.what) (\(walk.context)) \(reason)", at: location)
        }
        switch resolvedAlias(type, types: types) {
        case .primitive(let primitive):
            if primitive == .json { refuse("cannot carry an untyped json value in brackets: give the field a type") }
        case .array(let element):
            checkNestedMember(element, field: field, owner: owner, at: location, walk: &walk, types: types, declared: declared)
        case .map(let key, let value):
            if key != .string {
                refuse("needs string map keys: a key is a bracketed name (metadata[order_id])")
                return
            }
            checkNestedMember(value, field: field, owner: owner, at: location, walk: &walk, types: types, declared: declared)
        case .named(let name):
            guard let definition = types[name] else { return }  // reported as an unknown type
            switch definition.kind {
            case .enumeration, .alias:
                return
            case .union:
                refuse("cannot hold a union: bracketed text does not say which variant it is")
            case .structure(let fields):
                if walk.path.contains(name) {
                    refuse("cannot hold '\(name)' again inside itself: a form or query nests to a bounded depth, so recursion through it is refused")
                    return
                }
                guard walk.checked.insert(name).inserted else { return }
                if definition.additionalFields != nil {
                    refuse("cannot hold '\(name)', whose additionalFields the server could not tell from mistyped members")
                }
                walk.path.append(name)
                for inner in fields {
                    checkNestedMember(inner.type, field: inner.name, owner: "type '\(name)'", at: inner.typeLocation, walk: &walk, types: types)
                }
                walk.path.removeLast()
            }
        }
    }

    private func isScalar(_ type: TypeReference, types: [String: TypeDefinition]) -> Bool {
        schema.isScalar(type)
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
