/// `channels:` (docs/SchemaLanguage.md, "Channels"): the handshake is checked as an operation's path, query
/// and auth are; the messages are declared types; the close-code table is codes a close frame can carry,
/// each once, whose failure cases can become Swift names.
extension SchemaValidator {
    /// Codes RFC 6455 §7.4.1 reserves for an endpoint to report, never to send in a close frame.
    static let unsendableCloseCodes: Set<Int> = [1004, 1005, 1006, 1015]

    func checkChannels(types: [String: TypeDefinition]) {
        let schemeNames = schema.authSchemes.map(\.name)
        for channel in schema.channels {
            let context = "channel '\(channel.name)'"
            let handshake = channel.handshake
            checkName(channel.name, what: "channel name", at: channel.location)
            checkPathTemplate(handshake, what: context)
            if handshake.path.contains("?") {
                log.error(
                    "the path of \(context) must not contain '?': declare its query parameters under 'query'", at: handshake.pathLocation)
            }
            checkPathParameters(handshake.pathParameters, of: context, secretsGoIn: "the query")
            checkFields(handshake.pathParameters, in: "the path of \(context)", types: types, reserved: [], sentInHeadOfRequest: true)
            checkFields(handshake.queryParameters, in: "the query of \(context)", types: types, reserved: [], sentInHeadOfRequest: true)
            for (location, field) in handshake.parameters {
                checkScalarParameter(field, location: location, in: context, types: types)
                if field.wireName.isEmpty { log.error("parameter '\(field.name)' of \(context) has an empty wire name", at: field.location) }
            }
            checkDistinct(
                handshake.parameters.map {
                    ($0.field.name, SwiftNaming.memberName($0.field.name, reserved: SwiftNaming.Reserved.parameters), $0.field.location)
                }, what: "parameters of \(context)")
            for scheme in handshake.auth where !schemeNames.contains(scheme) && !declared.authSchemes.contains(scheme) {
                log.error("\(context) uses an unknown auth scheme '\(scheme)'\(Suggestion.didYouMean(scheme, in: schemeNames))", at: channel.location)
            }
            checkCombinedAuth(handshake.authRequirements, context: context, at: channel.location)
            for (key, type, location) in [("send", channel.send, channel.sendLocation), ("receive", channel.receive, channel.receiveLocation)] {
                guard case .named = type else {
                    log.error(
                        "'\(key)' of \(context) must be a declared type (a struct, or a union of the kinds of message), found '\(type)'", at: location)
                    continue
                }
                resolve(type, at: location, types: types)
            }
            checkCloseCodes(channel, context: context)
        }
        // A channel's method sits beside the operations' methods on the client.
        var methods = Dictionary(
            schema.operations.map { (SwiftNaming.bare(SwiftNaming.operationName($0.name, api: schema.api)), "operation '\($0.name)'") },
            uniquingKeysWith: { first, _ in first })
        for channel in schema.channels {
            let method = SwiftNaming.bare(SwiftNaming.operationName(channel.name, api: schema.api))
            if let earlier = methods[method] {
                log.error("channel '\(channel.name)' and \(earlier) both become the client method '\(method)'; rename one", at: channel.location)
            } else {
                methods[method] = "channel '\(channel.name)'"
            }
        }
    }

    private func checkCloseCodes(_ channel: ChannelDefinition, context: String) {
        var seen: [Int: SourceLocation] = [:]
        for entry in channel.closeCodes {
            if !ChannelDefinition.closeCodeRange.contains(entry.code) {
                log.error(
                    "close code \(entry.code) of \(context) is not one a close frame can carry: use 1000-4999 (4000-4999 for the API's own)",
                    at: entry.location)
            } else if Self.unsendableCloseCodes.contains(entry.code) {
                log.error(
                    "close code \(entry.code) of \(context) is never sent in a close frame (RFC 6455 §7.4.1): a client sees a dropped connection instead, which reconnects",
                    at: entry.location)
            }
            if let earlier = seen[entry.code] {
                log.error("close code \(entry.code) of \(context) is listed twice (first at line \(earlier.line))", at: entry.location)
            } else {
                seen[entry.code] = entry.location
            }
            if case .fail(let name) = entry.action { checkName(name, what: "failure case of close code \(entry.code) of \(context)", at: entry.location) }
        }
        var cases: [(String, String, SourceLocation)] = []
        for entry in channel.closeCodes {
            guard case .fail(let name) = entry.action, !cases.contains(where: { $0.0 == name }) else { continue }
            cases.append((name, SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.channelFailureCases), entry.location))
        }
        checkDistinct(cases, what: "failure cases of \(context)")
        // The failure enum is nested in the client, where it would hide a schema type of its name.
        let typeName = SwiftNaming.channelFailureTypeName(channel.name, api: schema.api)
        if let type = schema.types.first(where: { SwiftNaming.typeName($0.name, api: schema.api) == typeName }) {
            log.error("type '\(type.name)' has the name of the generated failure type of \(context), '\(typeName)'; rename the type", at: type.location)
        }
    }
}
