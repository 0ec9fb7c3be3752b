import SchemaModel

/// A channel's method (`channels:`): it returns a `Channel` at once, not yet connected, whose every connect
/// builds the opening request like an operation's, and whose close codes map to the channel's failure enum.
extension ClientRenderer {
    func renderChannels(into writer: inout SwiftWriter) {
        // A received union keeps a message it cannot decode as `.undocumented`, so the channel goes on.
        var conformed = Set<String>()
        for channel in schema.channels {
            guard case .named(let typeName) = channel.receive, case .union? = schema.type(named: typeName)?.kind else { continue }
            let name = SwiftTypes.name(channel.receive, in: schema)
            guard conformed.insert(name).inserted else { continue }
            writer.line()
            writer.line("extension \(name): UndocumentedMessage {}")
        }
        for channel in schema.channels {
            writer.line()
            writer.block("extension \(clientName)") { writer in
                renderChannelFailure(channel, into: &writer)
                writer.line()
                renderChannelMethod(channel, into: &writer)
            }
        }
    }

    private func failureCaseName(_ name: String) -> String {
        SwiftNaming.memberName(name, reserved: SwiftNaming.Reserved.channelFailureCases)
    }

    private func renderChannelFailure(_ channel: ChannelDefinition, into writer: inout SwiftWriter) {
        let method = SwiftNaming.bare(SwiftNaming.operationName(channel.name, api: schema.api))
        writer.docs(["Why `\(method)` failed: the close codes its schema lists as failures, and any code it does not list."])
        writer.block("public enum \(SwiftNaming.channelFailureTypeName(channel.name, api: schema.api)): Error, Sendable, Hashable") { writer in
            for name in channel.failureCases {
                let rows = channel.closeCodes.filter { $0.action == .fail(name) }
                let codes = rows.map { String($0.code) }.joined(separator: ", ")
                writer.docs(
                    rows.compactMap(\.notes.docs).map { Optional($0) }
                        + ["Close code\(rows.count > 1 ? "s" : "") \(codes); `reason` is the server's close reason."])
                writer.line("case \(failureCaseName(name))(reason: String)")
            }
            writer.line("/// A close code the schema does not list (nor 1000, 1001, 1012 or 1013, which end or reconnect).")
            writer.line("case undocumented(code: Int, reason: String)")
        }
    }

    private func renderChannelMethod(_ channel: ChannelDefinition, into writer: inout SwiftWriter) {
        let handshake = channel.handshake
        let name = SwiftNaming.operationName(channel.name, api: schema.api)
        let parameters = parameters(of: handshake)
        let send = SwiftTypes.name(channel.send, in: schema)
        let receive = SwiftTypes.name(channel.receive, in: schema)
        let failure = SwiftNaming.channelFailureTypeName(channel.name, api: schema.api)
        let codes = channel.closeCodes.map { entry -> String in
            switch entry.action {
            case .reconnect: return "\(entry.code) reconnects"
            case .reauthenticate: return "\(entry.code) renews the credential and reconnects"
            case .finish: return "\(entry.code) ends the messages"
            case .fail(let name): return "\(entry.code) throws `.\(SwiftNaming.bare(failureCaseName(name)))`"
            }
        }
        var extra: [String?] = [
            "WebSocket `\(Docs.inline(handshake.path))`: sends `\(Docs.inline(send))`, receives `\(Docs.inline(receive))` (JSON text messages)."
        ]
        if !codes.isEmpty { extra.append("Close codes: " + codes.joined(separator: "; ") + ".") }
        extra.append(
            "- Parameters:\n"
                + (parameters.isEmpty ? ["  - (none)"] : parameters.map { Docs.parameter(SwiftNaming.bare($0.label), $0.docs) }).joined(separator: "\n"))
        extra.append("- Returns: the channel, not yet connected: `connect()` opens it, every reconnect builds its request again.")
        writer.docs(Docs.paragraphs(handshake.notes, extra: extra))
        if let message = handshake.notes.deprecated {
            writer.line(Docs.availability(message))
        }
        let signature = parameters.map { "\($0.label): \($0.type)\($0.defaultArgument)" }.joined(separator: ", ")
        writer.block("public func \(name)(\(signature)) -> Channel<\(send), \(receive), \(failure)>") { writer in
            for line in requestBuilderLines(handshake, parameters, changedLater: false) { writer.line(line) }
            writer.line("return self.core.channel(builder) { closure in")
            writer.indented { writer in
                writer.switchBlock("closure.code") { writer in
                    var listed = Set<Int>()
                    for entry in channel.closeCodes where listed.insert(entry.code).inserted {
                        writer.line("case \(entry.code): return \(actionExpression(entry.action))")
                    }
                    for (code, action) in ChannelDefinition.unlistedCloseActions where listed.insert(code).inserted {
                        writer.line("case \(code): return \(actionExpression(action))")
                    }
                    writer.line("default: return .fail(.undocumented(code: closure.code, reason: closure.reason))")
                }
            }
            writer.line("}")
        }
    }

    private func actionExpression(_ action: ChannelDefinition.CloseAction) -> String {
        switch action {
        case .reconnect: return ".reconnect"
        case .reauthenticate: return ".reauthenticate"
        case .finish: return ".finish"
        case .fail(let name): return ".fail(.\(failureCaseName(name))(reason: closure.reason))"
        }
    }
}
