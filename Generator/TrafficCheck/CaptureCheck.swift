import Foundation
import PayloadValidation
import SchemaModel

/// `schema-check traffic`'s verdict on the entries of a capture: each entry is routed to its operation
/// (`TrafficRoutes`), then checked (`ExchangeChecker`). No input may crash it: the HAR reader's fuzz
/// target (Tests/Fuzz/fuzz-traffic) runs arbitrary bytes through `HARReader` and this.
public enum CaptureCheck {
    /// Route, then check: the verdict on one HAR entry.
    public static func check(_ entry: Result<HARExchange, HARReader.EntryError>, routes: TrafficRoutes, checker: ExchangeChecker) -> ExchangeReport {
        let exchange: HARExchange
        switch entry {
        case .success(let read): exchange = read
        case .failure(let error):
            let issue = ValidationIssue(
                severity: .error, kind: .syntax, pointer: error.pointer, expected: "a HAR 1.2 entry",
                found: "a malformed entry", message: "unreadable HAR entry: \(error.message)", rule: nil)
            return ExchangeReport(
                entry: error.entry, method: "", path: "", operation: nil, status: nil, kind: .unreadable,
                findings: [TrafficFinding(part: .capture, issue: issue)])
        }
        let path = TrafficRoutes.displayPath(of: exchange.url)
        let status = exchange.status == 0 ? nil : exchange.status
        // Of operations sharing a route, the exchange is the first whose request it passes.
        let requestParts: Set<TrafficFinding.Part> = [.path, .query, .header, .credentials, .request]
        let match = routes.match(method: exchange.method, url: exchange.url) { candidate, parameters in
            let passes = !checker.check(exchange, operation: candidate, pathParameters: parameters).contains { finding in
                finding.issue.severity == .error && requestParts.contains(finding.part)
            }
            return OperationRouter.CandidateFit(
                passes: passes, operation: candidate, queryNames: TrafficRoutes.queryItems(of: exchange.url).map(\.name),
                headerNames: exchange.requestHeaders.map(\.name), hasBody: (exchange.requestBody?.isEmpty == false) || exchange.requestBodySize > 0)
        }
        switch match {
        case .otherHost:
            return ExchangeReport(
                entry: exchange.entry, method: exchange.method, path: path, operation: nil, status: status,
                kind: .otherHost, findings: [])
        case .noOperation:
            let issue = ValidationIssue(
                severity: .error, kind: .type, pointer: "", expected: "an operation of \(checker.schema.api)",
                found: "\(exchange.method) \(path)",
                message: "matches no operation of \(checker.schema.api) (no operation has this method and path)", rule: nil)
            return ExchangeReport(
                entry: exchange.entry, method: exchange.method, path: path, operation: nil, status: status,
                kind: .noOperation, findings: [TrafficFinding(part: .route, issue: issue)])
        case .channel(let channel, let parameters):
            return ExchangeReport(
                entry: exchange.entry, method: exchange.method, path: path, operation: channel.name, status: status,
                kind: .checked, findings: checker.check(exchange, channel: channel, pathParameters: parameters))
        case .operation(let operation, let parameters):
            return ExchangeReport(
                entry: exchange.entry, method: exchange.method, path: path, operation: operation.name, status: status,
                kind: .checked, findings: checker.check(exchange, operation: operation, pathParameters: parameters))
        }
    }

    /// Every entry of a capture, read and checked; nil when the bytes are not a HAR capture.
    public static func check(capture bytes: [UInt8], routes: TrafficRoutes, checker: ExchangeChecker, maxBytes: Int = HARReader.defaultMaxBytes)
        -> [ExchangeReport]?
    {
        guard case .success(let capture) = HARCapture.open(bytes, maxBytes: maxBytes) else { return nil }
        var reports: [ExchangeReport] = []
        capture.forEachEntry { reports.append(check($0, routes: routes, checker: checker)) }
        return reports
    }
}
