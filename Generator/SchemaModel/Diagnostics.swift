/// Where a schema construct was written, so a diagnostic can point at it (editors and Xcode link
/// `file:line:column`).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public let file: String
    /// 1-based.
    public let line: Int
    /// 1-based, counted in Unicode scalars as libYAML does.
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// One finding about a schema, printed in the compiler format `file:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public let severity: Severity
    public let message: String
    public let location: SourceLocation?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

extension Diagnostic {
    /// The line both `lint` commands print for each schema after its diagnostics, so a clean run says so:
    /// `Schemas/x.yaml: ok, no problems`, `Schemas/x.yaml: ok, 2 warnings` or
    /// `Schemas/x.yaml: 1 error, 2 warnings`.
    public static func lintSummary(of path: String, _ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        switch (errors, warnings) {
        case (0, 0): return "\(path): ok, no problems"
        case (0, _): return "\(path): ok, \(count(warnings, "warning"))"
        case (_, 0): return "\(path): \(count(errors, "error"))"
        default: return "\(path): \(count(errors, "error")), \(count(warnings, "warning"))"
        }
    }
}

/// Thrown when a schema cannot be used; carries every diagnostic found, not only the first.
public struct SchemaError: Error, CustomStringConvertible, Sendable {
    public let diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Collects diagnostics while one schema is parsed and checked. Parsing goes on after an error so
/// that one run reports every mistake.
final class DiagnosticLog {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    func warning(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.warning, message, at: location))
    }
}

/// Suggestions for misspelled keys and names: the closest candidate within a small edit distance.
public enum Suggestion {
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(3, word.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// ", did you mean 'x'?" or "" — appended to "unknown ..." messages.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters ("Itme" is one step from "Item").
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
