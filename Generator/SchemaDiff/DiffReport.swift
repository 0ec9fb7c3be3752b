import Foundation
import SchemaModel

/// The semantic version bump a change list calls for in the generated library.
public enum VersionBump: String, Sendable, Codable, Comparable {
    case none, patch, minor, major

    public static func < (lhs: VersionBump, rhs: VersionBump) -> Bool {
        let order: [VersionBump] = [.none, .patch, .minor, .major]
        return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
}

/// Which changes make `client-generator diff --fail-on` exit with status 1.
public enum FailurePolicy: String, Sendable, CaseIterable {
    /// Any change that breaks on the wire (deployed clients, servers or payload producers).
    case wire
    /// Any change that breaks Swift callers.
    case source
    /// Any breaking change on either axis.
    case any

    public func fails(_ changes: [SchemaChange]) -> Bool {
        switch self {
        case .wire: return changes.contains { $0.wire.isBreaking }
        case .source: return changes.contains { $0.source.isBreaking }
        case .any: return changes.contains(where: \.isBreaking)
        }
    }
}

/// The comparison of two schemas: what each side is and every change, with the bump it calls for.
public struct DiffReport: Sendable {
    public struct Side: Sendable {
        /// As given on the command line (`main:Schemas/x.yaml` for a git revision).
        public var file: String
        public var api: String
        public var version: String
    }

    public var old: Side
    public var new: Side
    public var changes: [SchemaChange]

    public init(old: Schema, oldName: String, new: Schema, newName: String) {
        self.old = Side(file: oldName, api: old.api, version: old.version)
        self.new = Side(file: newName, api: new.api, version: new.version)
        changes = SchemaComparer.compare(old, new)
    }

    /// Major for anything breaking on either axis; minor for additions and deprecations; patch for
    /// the rest (compatible changes of behaviour); none when nothing changed.
    public var suggestedBump: VersionBump {
        guard !changes.isEmpty else { return .none }
        if changes.contains(where: \.isBreaking) { return .major }
        if changes.contains(where: { Self.additions.contains($0.rule) }) { return .minor }
        return .patch
    }

    /// Rules that add API: a minor version when nothing breaks.
    static let additions: Set<ChangeRule> = [
        .operationAdded, .typeAdded, .fieldAddedOptional, .enumCaseAdded, .unionVariantAdded,
        .errorCaseAdded, .paginationAdded, .environmentAdded, .credentialFlowAdded, .deprecated,
    ]

    public var breaksClients: [SchemaChange] { changes.filter { $0.wire == .breaksClients || $0.wire == .breaksBoth } }
    public var breaksProducers: [SchemaChange] { changes.filter { $0.wire == .breaksProducers || $0.wire == .breaksBoth } }
    public var breaksSource: [SchemaChange] { changes.filter { $0.source.isBreaking } }
}
