extension OperationDefinition {
    /// Whether an answer with `status` carries the declared response headers (`responseHeaders:`): any
    /// 2xx of an operation with one response; with several outcomes (`responses:`), a status some normal
    /// answer (not an `error` outcome) takes, 4xx and `default` ones included. The generated client reads
    /// them there, the sandbox sends them there and `schema-check traffic` checks them there; an error
    /// answer is the catalogue's.
    public func carriesResponseHeaders(status: Int) -> Bool {
        guard let outcomes else { return (200...299).contains(status) }
        return outcomes.candidates(for: status).contains(where: \.isResult)
    }
}
