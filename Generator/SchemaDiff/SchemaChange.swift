import SchemaModel

/// What a schema change does to generated clients already in the field and to the servers and
/// payload producers they talk to (docs/SchemaDiff.md, "Verdicts").
public enum WireImpact: String, Sendable, Codable, CaseIterable, Comparable {
    case compatible
    /// An old (deployed) client talking to a server built for the new schema fails or misreads.
    case breaksClients = "breaks-clients"
    /// A new client talking to a server that still follows the old schema fails, or payloads the old
    /// schema allowed (captured traffic, other producers) are rejected by the new one.
    case breaksProducers = "breaks-producers"
    /// Both of the above.
    case breaksBoth = "breaks-both"

    public var isBreaking: Bool { self != .compatible }

    /// The impact of two changes or two roles together.
    public func combined(with other: WireImpact) -> WireImpact {
        let clients = breaksClientsOrBoth || other.breaksClientsOrBoth
        let producers = breaksProducersOrBoth || other.breaksProducersOrBoth
        switch (clients, producers) {
        case (true, true): return .breaksBoth
        case (true, false): return .breaksClients
        case (false, true): return .breaksProducers
        case (false, false): return .compatible
        }
    }

    var breaksClientsOrBoth: Bool { self == .breaksClients || self == .breaksBoth }
    var breaksProducersOrBoth: Bool { self == .breaksProducers || self == .breaksBoth }

    public static func < (lhs: WireImpact, rhs: WireImpact) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Words for text and Markdown output.
    public var phrase: String {
        switch self {
        case .compatible: return "compatible"
        case .breaksClients: return "breaks deployed clients"
        case .breaksProducers: return "breaks servers and payload producers"
        case .breaksBoth: return "breaks deployed clients and servers"
        }
    }
}

/// What a schema change does to Swift code that calls the generated library.
public enum SourceImpact: String, Sendable, Codable, CaseIterable {
    case compatible
    /// Some code that compiled against the old module does not compile against the new one.
    case breaking

    public var isBreaking: Bool { self == .breaking }
}

/// One difference between two schemas with its classification on both axes.
public struct SchemaChange: Sendable, Hashable {
    /// Which rule of `ChangeRules` classified it (stable identifiers, listed in docs/SchemaDiff.md).
    public var rule: ChangeRule
    /// The construct, as a dotted path: `operation getUser`, `type User.field email`.
    public var subject: String
    /// What changed, in words (`'int' -> 'string'`).
    public var detail: String
    public var oldLocation: SourceLocation?
    public var newLocation: SourceLocation?
    public var wire: WireImpact
    public var wireReason: String
    public var source: SourceImpact
    public var sourceReason: String

    public init(
        rule: ChangeRule, subject: String, detail: String, oldLocation: SourceLocation?, newLocation: SourceLocation?,
        wire: WireImpact, wireReason: String, source: SourceImpact, sourceReason: String
    ) {
        self.rule = rule
        self.subject = subject
        self.detail = detail
        self.oldLocation = oldLocation
        self.newLocation = newLocation
        self.wire = wire
        self.wireReason = wireReason
        self.source = source
        self.sourceReason = sourceReason
    }

    public var isBreaking: Bool { wire.isBreaking || source.isBreaking }
}
