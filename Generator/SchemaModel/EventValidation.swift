extension SchemaValidator {
    /// `events:`: each payload a declared type, each event recognised by something its payload or its
    /// delivery has, and no two events recognised the same way (the generated `<API>Event` could not tell
    /// them apart).
    func checkEvents(types: [String: TypeDefinition]) {
        let events = schema.events
        for event in events {
            checkName(event.name, what: "event name", at: event.location)
            checkEvent(event, types: types)
        }
        checkDistinct(
            events.map { ($0.name, SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.events), $0.location) }, what: "event names")
        var recognisers: [String: String] = [:]
        var shapes: [String: String] = [:]
        var payloadsRecognisedByValue: [String: String] = [:]
        for event in events {
            guard case .named(let payload) = event.payload else { continue }
            let key: String
            switch event.recognition {
            case .field(let name, let value):
                key = "field \(name)=\(value)"
                payloadsRecognisedByValue[payload] = payloadsRecognisedByValue[payload] ?? event.name
            case .header(let name, let value):
                key = "header \(name.lowercased())=\(value)"
                payloadsRecognisedByValue[payload] = payloadsRecognisedByValue[payload] ?? event.name
            case .shape:
                key = "shape \(payload)"
                shapes[payload] = shapes[payload] ?? event.name
            }
            if let earlier = recognisers[key] {
                let how = event.recognition == .shape ? "the shape of '\(payload)'" : event.recognition.description
                log.error(
                    "events '\(earlier)' and '\(event.name)' are both recognised by \(how); give each a 'match' that tells it apart",
                    at: event.recognitionLocation)
            } else {
                recognisers[key] = event.name
            }
        }
        // A payload of an event recognised by its shape would also catch every event recognised by a value
        // of the same payload type whose value is new: an unknown event would not be `undocumented`.
        for event in events where event.recognition == .shape {
            guard case .named(let payload) = event.payload, let other = payloadsRecognisedByValue[payload] else { continue }
            log.error(
                "event '\(event.name)' is recognised by the shape of '\(payload)', which event '\(other)' carries too: every '\(payload)' would be '\(event.name)'; give it a 'match' by field or header",
                at: event.recognitionLocation)
        }
    }

    private func checkEvent(_ event: EventDefinition, types: [String: TypeDefinition]) {
        let context = "event '\(event.name)'"
        guard case .named(let payloadName) = event.payload else {
            log.error("'payload' of \(context) must be a declared type (a struct, a union, ...), found '\(event.payload)'", at: event.payloadLocation)
            return
        }
        let resolved = resolve(event.payload, at: event.payloadLocation, types: types)
        if case .webhook(let webhook) = event.delivery {
            checkDistinct(webhook.headers.map { ($0.name, $0.wireName.lowercased(), $0.location) }, what: "headers of \(context)")
            for header in webhook.headers { resolve(header.type, at: header.typeLocation, types: types) }
        }
        switch event.recognition {
        case .shape:
            guard resolved, let definition = types[payloadName] else { return }
            let requiresAField: Bool
            switch definition.kind {
            case .structure(let fields): requiresAField = fields.contains(where: \.isRequiredOnWire)
            case .union, .enumeration, .alias: requiresAField = false
            }
            if !requiresAField {
                log.error(
                    "\(context) is recognised by its shape, but '\(payloadName)' is not a struct that requires a field, so every payload would be '\(event.name)' and none undocumented: give it a 'match' by field or header",
                    at: event.recognitionLocation)
            }
        case .header(let name, _):
            if case .push = event.delivery {
                log.error(
                    "\(context) arrives by push, which has no headers: match it by a 'field' of its payload or by its shape", at: event.recognitionLocation)
            }
            if name.isEmpty || name.contains(where: { !$0.isASCII || $0.isWhitespace || $0 == ":" }) {
                log.error("'header' of the match of \(context) must be an HTTP header name, found '\(name)'", at: event.recognitionLocation)
            }
        case .field(let wireName, let value):
            guard resolved, let definition = types[payloadName] else { return }
            guard case .structure(let fields) = definition.kind else {
                log.error(
                    "\(context) is matched by field '\(wireName)', but its payload '\(payloadName)' is not a struct: match it by its shape",
                    at: event.recognitionLocation)
                return
            }
            guard let field = fields.first(where: { $0.wireName == wireName }) else {
                let named = fields.first { $0.name == wireName }.map { "; its field '\($0.name)' is '\($0.wireName)' on the wire" }
                log.error(
                    "\(context) is matched by field '\(wireName)', which payload '\(payloadName)' does not have\(named ?? Suggestion.didYouMean(wireName, in: fields.map(\.wireName)))",
                    at: event.recognitionLocation)
                return
            }
            guard schema.recognisingValue(of: event) == nil else { return }
            if case .named(let name) = field.type, case .enumeration(let enumeration)? = types[name]?.kind {
                let values = enumeration.cases.map(\.value)
                log.error(
                    "\(context) is matched by field '\(wireName)' = '\(value)', which is not a value of '\(name)' (\(values.joined(separator: ", ")))\(Suggestion.didYouMean(value, in: values))",
                    at: event.recognitionLocation)
            } else {
                log.error(
                    "\(context) is matched by field '\(wireName)' = '\(value)', which a '\(field.type)' cannot hold: a matching field is text, an integer, a boolean or an enum",
                    at: event.recognitionLocation)
            }
        }
    }
}
