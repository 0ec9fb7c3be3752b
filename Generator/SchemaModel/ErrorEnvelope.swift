/// Which operations a catalogue's `envelope` applies to: every one, except those whose own success
/// body declares a field at the catalogue's code path (there the value is part of a normal answer,
/// like a type that embeds an error object).
extension Schema {
    /// Names of the operations whose 2xx bodies are never read as failures although the catalogue has
    /// `envelope: true`, in schema order; empty without an envelope.
    public var operationsExemptFromEnvelope: [String] {
        guard let catalogue = errors, catalogue.envelope, let codePath = catalogue.codePath else { return [] }
        let path = FieldPath(codePath)
        return operations.filter { operation in
            successBodies(of: operation).contains { path.mayLead(from: $0, types: type(named:)) }
        }.map(\.name)
    }

    private func successBodies(of operation: OperationDefinition) -> [TypeReference] {
        guard let outcomes = operation.outcomes else { return operation.response.map { [$0] } ?? [] }
        // `default` may answer a 2xx too.
        return outcomes.filter { $0.status.isSuccess || $0.status == .other }.compactMap(\.body)
    }
}
