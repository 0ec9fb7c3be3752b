import SchemaModel

/// Which types travel in requests and which in responses, following fields, elements, union
/// variants and aliases from each operation's parameters and body (requests) and its response,
/// outcome bodies, the error body and event payloads (responses: the API produces them, an app or a
/// server receives them); a channel's `send` messages travel as requests, its `receive` messages as
/// responses.
enum TypeRoles {
    static func of(_ schema: Schema) -> [String: Set<Role>] {
        var roles: [String: Set<Role>] = [:]
        let requestRoots =
            schema.operations.flatMap { operation in
                operation.parameters.map(\.field.type) + [operation.body?.type, operation.requestStream?.events].compactMap { $0 }
            } + schema.channels.flatMap { channel in channel.handshake.parameters.map(\.field.type) + [channel.send] }
        let responseRoots =
            schema.operations.flatMap { operation in
                [operation.response, operation.stream?.events].compactMap { $0 } + (operation.outcomes ?? []).compactMap(\.body)
            } + [schema.errors?.body].compactMap { $0 } + schema.channels.map(\.receive) + schema.events.map(\.payload)
        for name in schema.typesReachable(from: requestRoots) { roles[name, default: []].insert(.request) }
        for name in schema.typesReachable(from: responseRoots) { roles[name, default: []].insert(.response) }
        return roles
    }
}
