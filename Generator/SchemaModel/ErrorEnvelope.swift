/// Which operations a catalogue's `envelope` applies to: every one, except those whose own success
/// body declares a field at the catalogue's code path (there the value is part of a normal answer,
/// like a type that embeds an error object).
extension Schema {
    /// Names of the operations whose 2xx bodies are never read as failures although the catalogue has
    /// `envelope: true`, in schema order; empty without an envelope.
    public var operationsExemptFromEnvelope: [String] {
        guard let catalogue = errors, catalogue.envelope, let codePath = catalogue.codePath else { return [] }
        let path = codePath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return operations.filter { operation in
            successBodies(of: operation).contains { hasField(at: path, in: $0, depth: 0) }
        }.map(\.name)
    }

    private func successBodies(of operation: OperationDefinition) -> [TypeReference] {
        guard let outcomes = operation.outcomes else { return operation.response.map { [$0] } ?? [] }
        return outcomes.filter { (200..<300).contains($0.status) }.compactMap(\.body)
    }

    private func hasField(at path: [String], in type: TypeReference, depth: Int) -> Bool {
        guard let first = path.first, depth < 32, case .named(let name) = type, let definition = self.type(named: name) else { return false }
        switch definition.kind {
        case .structure(let fields):
            guard let field = fields.first(where: { $0.wireName == first }) else { return false }
            return path.count == 1 || hasField(at: Array(path.dropFirst()), in: field.type, depth: depth + 1)
        case .alias(let target, _):
            return hasField(at: path, in: target, depth: depth + 1)
        case .union(let union):
            return union.variants.contains { hasField(at: path, in: .named($0.type), depth: depth + 1) }
        case .enumeration:
            return false
        }
    }
}
