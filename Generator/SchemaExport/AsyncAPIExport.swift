import Foundation
import SchemaModel

/// `client-generator export --format asyncapi`: the schema's channels (`channels:`) as an AsyncAPI 3.0.0
/// document. From the API's side, as AsyncAPI describes an application: a channel's `send` messages are what
/// the API receives (an operation with `action: receive`), its `receive` messages what it sends. The
/// messages' payloads are the JSON Schema export's definitions (`components.schemas`); the close-code
/// table, which AsyncAPI has no field for, is `x-close-codes` (docs/Exports.md).
public enum AsyncAPIExport {
    public enum ExportError: Error, CustomStringConvertible {
        case noChannels(api: String)

        public var description: String {
            switch self {
            case .noChannels(let api): "\(api) declares no channels: AsyncAPI describes channels; export its operations with --format openapi"
            }
        }
    }

    public static func document(_ schema: Schema, options: ExportOptions = ExportOptions()) throws -> OrderedJSON {
        guard !schema.channels.isEmpty else { throw ExportError.noChannels(api: schema.api) }
        let mapper = SchemaMapper(schema: schema, options: options, refPrefix: "#/components/schemas/", allowsNot: false)
        var root = ObjectBuilder()
        root.set("asyncapi", "3.0.0")
        var info = ObjectBuilder()
        info.set("title", schema.api)
        info.set("version", schema.version)
        info.set("description", SchemaMapper.description(schema.notes, summary: schema.summary))
        root.set("info", info.value)
        root.set("servers", .object(schema.environments.map { ($0.name, server($0)) }))
        root.set("channels", .object(schema.channels.map { ($0.name, channel($0, mapper)) }))
        root.set("operations", .object(schema.channels.flatMap { operations(of: $0, schema) }))
        var components = ObjectBuilder()
        components.set("schemas", mapper.definitions())
        var messages: [(String, OrderedJSON)] = []
        for type in schema.channels.flatMap({ [$0.send, $0.receive] }) {
            let name = messageName(type)
            guard !messages.contains(where: { $0.0 == name }) else { continue }
            var message = ObjectBuilder()
            message.set("name", name)
            message.set("contentType", "application/json")
            message.set("payload", mapper.type(type))
            messages.append((name, message.value))
        }
        components.set("messages", .object(messages))
        if !schema.authSchemes.isEmpty {
            components.set("securitySchemes", .object(schema.authSchemes.map { ($0.name, securityScheme($0)) }))
        }
        root.set("components", components.value)
        return root.value
    }

    /// The message component of a channel's `send` or `receive` type: the type's name.
    static func messageName(_ type: TypeReference) -> String {
        if case .named(let name) = type { return name }
        return type.description
    }

    // MARK: Servers, channels, operations

    /// An environment's URL as an AsyncAPI server: host (with port), pathname and the WebSocket protocol of
    /// its scheme (`wss` for https, `ws` for http); a URL given whole at run time stays one variable host.
    private static func server(_ environment: SchemaModel.Environment) -> OrderedJSON {
        var url = Substring(environment.url)
        var secure = true
        if let range = url.range(of: "://") {
            secure = url[..<range.lowerBound].lowercased() != "http"
            url = url[range.upperBound...]
        }
        let slash = url.firstIndex(of: "/")
        var builder = ObjectBuilder()
        builder.set("host", String(slash.map { url[..<$0] } ?? url))
        builder.set("protocol", secure ? "wss" : "ws")
        if let slash, url[slash...] != "/" { builder.set("pathname", String(url[slash...])) }
        builder.set("description", SchemaMapper.description(environment.notes, summary: environment.name))
        if !environment.variables.isEmpty {
            builder.set(
                "variables",
                .object(
                    environment.variables.map { variable in
                        var value = ObjectBuilder()
                        value.set("default", variable.defaultValue)
                        value.set("description", SchemaMapper.description(variable.notes))
                        return (variable.name, value.value)
                    }))
        }
        return builder.value
    }

    private static func channel(_ channel: ChannelDefinition, _ mapper: SchemaMapper) -> OrderedJSON {
        let handshake = channel.handshake
        var builder = ObjectBuilder()
        builder.set("address", handshake.path)
        builder.set("description", SchemaMapper.description(channel.notes))
        builder.set(
            "messages",
            .object([
                ("send", .object([("$ref", .string("#/components/messages/\(messageName(channel.send))"))])),
                ("receive", .object([("$ref", .string("#/components/messages/\(messageName(channel.receive))"))])),
            ]))
        if !handshake.pathParameters.isEmpty {
            builder.set(
                "parameters",
                .object(
                    handshake.pathParameters.map { field in
                        var parameter = ObjectBuilder()
                        parameter.set("description", SchemaMapper.description(field.notes))
                        return (field.wireName, parameter.value)
                    }))
        }
        if !handshake.queryParameters.isEmpty {
            // The WebSockets binding's `query`: a JSON Schema object of the opening request's query.
            let properties = handshake.queryParameters.map { ($0.wireName, mapper.parameterSchema($0)) }
            let required = handshake.queryParameters.filter(\.isRequiredOnWire).map { OrderedJSON.string($0.wireName) }
            var query = ObjectBuilder()
            query.set("type", "object")
            query.set("properties", .object(properties))
            if !required.isEmpty { query.set("required", .array(required)) }
            builder.set(
                "bindings", .object([("ws", .object([("method", .string("GET")), ("query", query.value), ("bindingVersion", .string("0.1.0"))]))]))
        }
        builder.set(
            "x-close-codes",
            .object(
                channel.closeCodes.map { entry in
                    var value = ObjectBuilder()
                    value.set("action", entry.action.keyword)
                    if case .fail(let name) = entry.action { value.set("case", name) }
                    value.set("description", SchemaMapper.description(entry.notes))
                    return (String(entry.code), value.value)
                }))
        if channel.notes.isDeprecated { builder.set("x-deprecated", .bool(true)) }
        return builder.value
    }

    /// Two operations per channel, from the API's side: it receives the client's `send` messages and sends
    /// its `receive` messages.
    private static func operations(of channel: ChannelDefinition, _ schema: Schema) -> [(String, OrderedJSON)] {
        // Schemes sent together cannot be said in AsyncAPI 3.0 (a list of schemes is alternatives): each
        // requirement's first scheme stands for it.
        let security = channel.handshake.authRequirements.compactMap(\.first).map { name -> OrderedJSON in
            .object([("$ref", .string("#/components/securitySchemes/\(name)"))])
        }
        return [("receive", channel.send), ("send", channel.receive)].map { action, type in
            var operation = ObjectBuilder()
            operation.set("action", action)
            operation.set("channel", .object([("$ref", .string("#/channels/\(channel.name)"))]))
            operation.set(
                "summary", action == "receive" ? "What the client sends on \(channel.name)." : "What the client receives on \(channel.name).")
            if !security.isEmpty { operation.set("security", .array(security)) }
            operation.set(
                "messages",
                .array([.object([("$ref", .string("#/channels/\(channel.name)/messages/\(action == "receive" ? "send" : "receive")"))])]))
            return ("\(channel.name)-\(action == "receive" ? "send" : "receive")", operation.value)
        }
    }

    private static func securityScheme(_ scheme: AuthScheme) -> OrderedJSON {
        var builder = ObjectBuilder()
        switch scheme.kind {
        case .bearer:
            builder.set("type", "http")
            builder.set("scheme", "bearer")
        case .basic:
            builder.set("type", "http")
            builder.set("scheme", "basic")
        case .apiKey(let location, let name):
            builder.set("type", "httpApiKey")
            builder.set("name", name)
            builder.set("in", location.rawValue)
        case .session(_, let header):
            builder.set("type", "httpApiKey")
            builder.set("name", header)
            builder.set("in", "header")
        }
        builder.set("description", SchemaMapper.description(scheme.notes))
        return builder.value
    }
}
