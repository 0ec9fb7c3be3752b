import Foundation
import FuzzSupport
import SchemaModel
import TrafficCheck

/// Fuzz target (c): `schema-check traffic`'s HAR reader, router and exchange checks
/// (Generator/TrafficCheck), which read captures from proxies and browsers: untrusted input. The input
/// is the capture; it is read once and every entry is checked against each bundled schema (and
/// KitchenSink), at the base URL its recorded demo traffic uses (Tests/Fixtures/Traffic, the seeds). Any input must give a
/// verdict per entry or a clear refusal: never a crash, a hang or unbounded memory.
///
/// Built with `-sanitize=fuzzer -DFUZZING` by Tests/Fuzz/run.sh, this is a libFuzzer target. In a
/// normal build it is a small tool that checks the files it is given, to replay fuzz findings by hand.
enum TrafficFuzz {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Each bundled schema with the routes and checker for the base URL of its recorded traffic; the
    /// open-enum checker, and for WhitelabelPay also the strict one.
    static let checks: [(TrafficRoutes, ExchangeChecker)] = {
        var checks: [(TrafficRoutes, ExchangeChecker)] = []
        // KitchenSink has the form, multipart and deep-object requests (seed corpus/traffic/request-shapes.har).
        let paths =
            ["whitelabelpay", "finaptic", "kdpay", "jumio", "bsa"].map { ($0, "Schemas/\($0).yaml") }
            + [("kitchensink", "Tests/GeneratedModules/KitchenSink/kitchensink.yaml")]
        for (api, path) in paths {
            let schema: Schema
            do { schema = try SchemaLoader.loadOrThrow(path: root.appendingPathComponent(path).path) } catch { fatalError("\(api): \(error)") }
            let base = api == "whitelabelpay" ? "http://127.0.0.1:{port}/wlp/v1" : "http://127.0.0.1:{port}"
            let routes = TrafficRoutes(schema: schema, baseURLs: [base])
            checks.append((routes, ExchangeChecker(schema: schema, strictEnums: false)))
            if api == "whitelabelpay" { checks.append((routes, ExchangeChecker(schema: schema, strictEnums: true))) }
        }
        return checks
    }()

    static func run(_ bytes: UnsafeRawBufferPointer) {
        // The reader's size limit is the command's default; inputs are far smaller.
        guard case .success(let entries) = HARReader.exchanges(from: Array(bytes)) else { return }
        for (routes, checker) in checks {
            for entry in entries { _ = CaptureCheck.check(entry, routes: routes, checker: checker) }
        }
    }
}

@main
struct TrafficFuzzMain {
    static func main() throws {
        try FuzzDriver.run(TrafficFuzz.run)
    }
}
