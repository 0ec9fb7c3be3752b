import SchemaModel

/// Compares two checked schemas and lists every change that matters to generated clients, each
/// classified by `ChangeRule.verdict(as:)`. Constructs are matched by name; a construct whose
/// `renamedFrom:` names an old one that is gone is matched to it as a rename, otherwise a renamed
/// construct is a removal and an addition. Documentation and examples are not compared.
public struct SchemaComparer {
    let old: Schema
    let new: Schema
    private var changes: [SchemaChange] = []
    /// Old type name -> new type name, for the types the new schema marks `renamedFrom:`.
    private let typeRenames: [String: String]
    /// Old error case name -> new name, for the cases the new catalogue marks `renamedFrom:`.
    private let errorRenames: [String: String]
    private let oldRoles: [String: Set<Role>]
    private let newRoles: [String: Set<Role>]

    public init(old: Schema, new: Schema) {
        self.old = old
        self.new = new
        typeRenames = Dictionary(
            new.types.compactMap { type in
                type.notes.renamedFrom.flatMap { old.type(named: $0) == nil ? nil : ($0, type.name) }
            }, uniquingKeysWith: { first, _ in first })
        let oldErrors = Set((old.errors?.cases ?? []).map(\.name))
        errorRenames = Dictionary(
            (new.errors?.cases ?? []).compactMap { errorCase in
                errorCase.notes.renamedFrom.flatMap { oldErrors.contains($0) ? ($0, errorCase.name) : nil }
            }, uniquingKeysWith: { first, _ in first })
        oldRoles = TypeRoles.of(old)
        newRoles = TypeRoles.of(new)
    }

    /// Every change, in the order of the new schema (removals where the old construct was).
    public static func compare(_ old: Schema, _ new: Schema) -> [SchemaChange] {
        var comparer = SchemaComparer(old: old, new: new)
        comparer.compareEnvironments()
        comparer.compareAuthSchemes()
        comparer.compareErrors()
        comparer.compareTypes()
        comparer.compareOperations()
        comparer.compareChannels()
        comparer.compareEvents()
        return comparer.changes
    }

    // MARK: Recording

    mutating func record(
        _ rule: ChangeRule, _ subject: String, _ detail: String,
        old oldLocation: SourceLocation?, new newLocation: SourceLocation?,
        roles: Set<Role> = [.request], adjust: ((inout Verdict) -> Void)? = nil
    ) {
        var verdict = Self.verdict(of: rule, roles: roles)
        adjust?(&verdict)
        changes.append(
            SchemaChange(
                rule: rule, subject: subject, detail: detail, oldLocation: oldLocation, newLocation: newLocation,
                wire: verdict.wire, wireReason: verdict.wireReason, source: verdict.source, sourceReason: verdict.sourceReason))
    }

    /// A rule's verdict for a construct in all of `roles` (none: an unused type).
    private static func verdict(of rule: ChangeRule, roles: Set<Role>) -> Verdict {
        let ordered = Role.allCases.filter(roles.contains)
        return (ordered.isEmpty ? [Role.unused] : ordered).map(rule.verdict(as:)).reduce(nil as Verdict?) { $0?.combined(with: $1) ?? $1 }!
    }

    /// The roles of a type in either schema (a change matters wherever the type travels in one of them).
    private func roles(ofType oldName: String, newName: String) -> Set<Role> {
        let roles = (oldRoles[oldName] ?? []).union(newRoles[newName] ?? [])
        return roles.isEmpty ? [.unused] : roles
    }

    /// A type reference of the old schema written with the new schema's names.
    private func inNewNames(_ reference: TypeReference) -> TypeReference {
        switch reference {
        case .primitive: return reference
        case .named(let name): return .named(typeRenames[name] ?? name)
        case .array(let element): return .array(inNewNames(element))
        case .map(let key, let value): return .map(key: key, value: inNewNames(value))
        }
    }

    /// Pairs old and new constructs by name, or by `renamedFrom` where the old name is gone.
    func match<T>(_ oldItems: [T], _ newItems: [T], name: (T) -> String, notes: (T) -> Notes)
        -> (pairs: [(old: T, new: T, renamed: Bool)], removed: [T], added: [T])
    {
        let newNames = Set(newItems.map(name))
        var oldByName: [String: T] = [:]
        for item in oldItems where oldByName[name(item)] == nil { oldByName[name(item)] = item }
        var used = Set<String>()
        var pairs: [(old: T, new: T, renamed: Bool)] = []
        var added: [T] = []
        for item in newItems {
            if let previous = oldByName[name(item)], !used.contains(name(item)) {
                used.insert(name(item))
                pairs.append((previous, item, false))
            } else if let from = notes(item).renamedFrom, !newNames.contains(from), let previous = oldByName[from], !used.contains(from) {
                used.insert(from)
                pairs.append((previous, item, true))
            } else {
                added.append(item)
            }
        }
        let removed = oldItems.filter { !used.contains(name($0)) }
        return (pairs, removed, added)
    }

    private mutating func compareDeprecation(_ old: Notes, _ new: Notes, _ subject: String, _ oldLocation: SourceLocation, _ newLocation: SourceLocation) {
        if !old.isDeprecated && new.isDeprecated {
            record(
                .deprecated, subject, new.deprecated.map { $0.isEmpty ? "deprecated" : "deprecated: \($0)" } ?? "deprecated", old: oldLocation, new: newLocation
            )
        } else if old.isDeprecated && !new.isDeprecated {
            record(.undeprecated, subject, "no longer deprecated", old: oldLocation, new: newLocation)
        }
    }

    // MARK: Environments and auth

    private mutating func compareEnvironments() {
        let matched = match(old.environments, new.environments, name: \.name, notes: \.notes)
        for environment in matched.removed {
            record(.environmentRemoved, "environment \(environment.name)", "removed", old: environment.location, new: nil)
        }
        for (before, after, _) in matched.pairs {
            let subject = "environment \(after.name)"
            if before.url != after.url {
                record(.environmentURLChanged, subject, "'\(before.url)' -> '\(after.url)'", old: before.location, new: after.location)
            }
            let oldVariables = before.variables.map { "\($0.name)=\($0.defaultValue ?? "")" }
            let newVariables = after.variables.map { "\($0.name)=\($0.defaultValue ?? "")" }
            if oldVariables != newVariables {
                let sameNames = before.variables.map(\.name) == after.variables.map(\.name)
                record(
                    .environmentVariablesChanged, subject, "variables [\(oldVariables.joined(separator: ", "))] -> [\(newVariables.joined(separator: ", "))]",
                    old: before.location, new: after.location
                ) { verdict in
                    // Only defaults changed: the generated `.environment(variable:)` keeps its arguments
                    // (a default value is not part of a call's spelling), as the diff proof's caller shows.
                    guard sameNames else { return }
                    verdict.source = .compatible
                    verdict.sourceReason = "only the defaults changed; the environment's arguments are the same"
                }
            }
            compareDeprecation(before.notes, after.notes, subject, before.location, after.location)
        }
        for environment in matched.added {
            record(.environmentAdded, "environment \(environment.name)", "added: \(environment.url)", old: nil, new: environment.location)
        }
    }

    private mutating func compareAuthSchemes() {
        let matched = match(old.authSchemes, new.authSchemes, name: \.name, notes: \.notes)
        for scheme in matched.removed {
            record(.authSchemeChanged, "auth \(scheme.name)", "scheme removed", old: scheme.location, new: nil)
        }
        for (before, after, _) in matched.pairs where Self.credentialShape(before.kind) != Self.credentialShape(after.kind) {
            record(.authSchemeChanged, "auth \(after.name)", "\(describe(before.kind)) -> \(describe(after.kind))", old: before.location, new: after.location)
        }
        for scheme in matched.added {
            record(.authSchemeChanged, "auth \(scheme.name)", "scheme added", old: nil, new: scheme.location) { verdict in
                verdict = Verdict(.compatible, "operations that use it are reported on their own", .compatible, "credentials are configured on the client")
            }
        }
        for scheme in matched.removed {
            compareCredentialFlows(scheme, nil)
        }
        for (before, after, _) in matched.pairs {
            compareCredentialFlows(before, after)
        }
        for scheme in matched.added {
            compareCredentialFlows(nil, scheme)
        }
    }

    /// One wired call of a scheme (`login:`, `refresh:` or `logout:` written as a mapping or name) as the
    /// comparison sees it: which operation, and where the tokens are read and written.
    private struct WiredCall: Equatable {
        var operation: String
        var wiring: String
        var location: SourceLocation?

        static func == (lhs: WiredCall, rhs: WiredCall) -> Bool { lhs.operation == rhs.operation && lhs.wiring == rhs.wiring }
    }

    private func wiredCalls(_ scheme: AuthScheme?) -> [(kind: String, call: WiredCall?)] {
        func exchange(_ exchange: CredentialExchange?) -> WiredCall? {
            exchange.map { exchange in
                let request = exchange.request.map { "\($0.input) <- \($0.role.rawValue)" }
                let response = exchange.response.map { "\($0.role.rawValue) <- \($0.path)" }
                let parts = [request.isEmpty ? nil : "request \(request.joined(separator: ", "))", "response \(response.joined(separator: ", "))"]
                return WiredCall(operation: exchange.operation, wiring: parts.compactMap { $0 }.joined(separator: "; "), location: exchange.location)
            }
        }
        let flows = scheme?.flows ?? CredentialFlows()
        return [
            ("login", exchange(flows.login)), ("refresh", exchange(flows.refresh)),
            ("logout", flows.logout.map { WiredCall(operation: $0, wiring: "clears the store", location: flows.logoutLocation) }),
        ]
    }

    /// The token-store wiring of a scheme (docs/SchemaLanguage.md, "Sessions and token refresh"): what
    /// it generates is API (`<scheme>TokenMiddleware(store:)`, the login with `savingTo:`, the logout with
    /// `clearing:`), and where it reads the tokens is how the client understands the server.
    private mutating func compareCredentialFlows(_ before: AuthScheme?, _ after: AuthScheme?) {
        guard let name = after?.name ?? before?.name else { return }
        let stillWired = after?.flows.isWired ?? false
        for ((kind, oldCall), (_, newCall)) in zip(wiredCalls(before), wiredCalls(after)) where oldCall != newCall {
            let subject = "auth \(name).\(kind)"
            let oldLocation = oldCall?.location ?? before?.location
            let newLocation = newCall?.location ?? after?.location
            let describe = { (call: WiredCall) in "\(kind) through \(call.operation) (\(call.wiring))" }
            // Login and logout get their own overloads (`savingTo:`, `clearing:`); refresh only changes
            // what the middleware does.
            let hasOverload = kind != "refresh"
            switch (oldCall, newCall) {
            case (nil, let call?):
                record(.credentialFlowAdded, subject, "\(describe(call)) added", old: oldLocation, new: newLocation) { verdict in
                    guard !hasOverload else { return }
                    verdict.sourceReason = "the token middleware renews tokens through \(call.operation)"
                }
            case (let call?, nil):
                record(.credentialFlowRemoved, subject, "\(describe(call)) removed", old: oldLocation, new: newLocation) { verdict in
                    guard !hasOverload && stillWired else { return }
                    verdict.source = .compatible
                    verdict.sourceReason = "the token middleware stays; it no longer renews tokens through \(call.operation)"
                }
            case (let oldCall?, let newCall?):
                record(.credentialFlowChanged, subject, "\(describe(oldCall)) -> \(describe(newCall))", old: oldLocation, new: newLocation) { verdict in
                    guard hasOverload && oldCall.operation != newCall.operation else { return }
                    verdict.source = .breaking
                    verdict.sourceReason = "the \(kind == "login" ? "savingTo:" : "clearing:") overload moves from \(oldCall.operation) to \(newCall.operation)"
                }
            case (nil, nil):
                break
            }
        }
    }

    /// How a scheme's credential is sent. The login or refresh operation a scheme names documents it only
    /// (wired calls are compared by `compareCredentialFlows`), so it does not count here.
    private static func credentialShape(_ kind: AuthScheme.Kind) -> AuthScheme.Kind {
        switch kind {
        case .bearer: return .bearer(refresh: nil)
        case .session(_, let header): return .session(login: "", header: header)
        case .apiKey, .basic: return kind
        }
    }

    private func describe(_ kind: AuthScheme.Kind) -> String {
        switch kind {
        case .bearer: return "bearer"
        case .apiKey(let location, let name): return "apiKey in \(location.rawValue) '\(name)'"
        case .session(let login, let header): return "session (login \(login), header '\(header)')"
        case .basic: return "basic"
        }
    }

    // MARK: Errors

    private mutating func compareErrors() {
        let before = old.errors
        let after = new.errors
        if let before, let after, inNewNames(before.body ?? .primitive(.json)) != (after.body ?? .primitive(.json)) || before.codePath != after.codePath {
            // With the code in the same place every error is still named by its code, so only the body's
            // fields can be misread, in the direction where one side requires what the other does not
            // promise (the diff proof shows both: docs/SchemaDiff.md, "Error bodies").
            var misreads: (oldClients: Bool, newClients: Bool)?
            if before.codePath == after.codePath, let oldBody = before.body, let newBody = after.body,
                let oldClients = requiresMore(oldBody, than: newBody, reader: old, writer: new),
                let newClients = requiresMore(newBody, than: oldBody, reader: new, writer: old)
            {
                misreads = (oldClients, newClients)
            }
            let sameBodyType = before.body?.description == after.body?.description
            record(
                .errorBodyChanged, "errors",
                "body \(before.body?.description ?? "none") code '\(before.codePath ?? "")' -> body \(after.body?.description ?? "none") code '\(after.codePath ?? "")'",
                old: before.bodyLocation, new: after.bodyLocation
            ) { verdict in
                if sameBodyType {
                    verdict.source = .compatible
                    verdict.sourceReason = "the error body keeps its type"
                }
                guard let misreads else { return }
                let oldClientsMisread = misreads.oldClients
                let newClientsMisread = misreads.newClients
                switch (oldClientsMisread, newClientsMisread) {
                case (true, true): verdict.wire = .breaksBoth
                case (true, false): verdict.wire = .breaksClients
                case (false, true): verdict.wire = .breaksProducers
                case (false, false): verdict.wire = .compatible
                }
                verdict.wireReason =
                    verdict.wire == .compatible
                    ? "errors are still named by their code and each body carries every field the other side requires"
                    : "errors are still named by their code, but "
                        + [
                            oldClientsMisread ? "deployed clients cannot read the new body (it lacks a field they require)" : nil,
                            newClientsMisread ? "new clients cannot read an old server's body (it lacks a field they require)" : nil,
                        ]
                        .compactMap { $0 }.joined(separator: "; ")
            }
        }
        let matched = match(before?.cases ?? [], after?.cases ?? [], name: \.name, notes: \.notes)
        for errorCase in matched.removed {
            record(.errorCaseRemoved, "error \(errorCase.name)", "removed", old: errorCase.location, new: nil)
        }
        for (oldCase, newCase, renamed) in matched.pairs {
            let subject = "error \(newCase.name)"
            if renamed {
                record(.errorCaseRenamed, subject, "renamed from \(oldCase.name)", old: oldCase.location, new: newCase.location)
            }
            if let before, let after, let oldBody = before.body(of: oldCase), let newBody = after.body(of: newCase),
                oldCase.body != nil || newCase.body != nil, inNewNames(oldBody) != newBody
            {
                // A case with a body of its own (`body:`): the case's payload type is what changed.
                let oldClients = requiresMore(oldBody, than: newBody, reader: old, writer: new)
                let newClients = requiresMore(newBody, than: oldBody, reader: new, writer: old)
                record(
                    .errorBodyChanged, subject, "body \(oldBody) -> \(newBody)", old: oldCase.bodyLocation ?? oldCase.location,
                    new: newCase.bodyLocation ?? newCase.location
                ) { verdict in
                    guard let oldClients, let newClients else { return }
                    verdict.wire = oldClients ? (newClients ? .breaksBoth : .breaksClients) : (newClients ? .breaksProducers : .compatible)
                    verdict.wireReason =
                        verdict.wire == .compatible
                        ? "each side's body for the case carries every field the other side requires"
                        : "one side's body for the case lacks a field the other side requires"
                }
            }
            if oldCase.code != newCase.code || oldCase.family != newCase.family {
                record(.errorCodeChanged, subject, "code \(describe(oldCase)) -> \(describe(newCase))", old: oldCase.location, new: newCase.location)
            }
            if oldCase.status != newCase.status {
                // Generated clients recognise a case by its code first; the status decides only for
                // cases without one (or with `statusFirst`).
                let recognisedByCode =
                    (oldCase.code != nil || oldCase.family != nil) && oldCase.code == newCase.code && oldCase.family == newCase.family
                    && !oldCase.statusFirst && !newCase.statusFirst
                record(
                    .errorStatusChanged, subject, "status \(oldCase.status.map(String.init) ?? "none") -> \(newCase.status.map(String.init) ?? "none")",
                    old: oldCase.location, new: newCase.location
                ) { verdict in
                    guard recognisedByCode else { return }
                    verdict.wire = .compatible
                    verdict.wireReason = "the case is recognised by its unchanged code, whatever the status"
                }
            }
            if oldCase.isRetryable != newCase.isRetryable {
                record(
                    .errorRetryableChanged, subject, "retryable \(oldCase.isRetryable) -> \(newCase.isRetryable)", old: oldCase.location, new: newCase.location)
            }
            compareDeprecation(oldCase.notes, newCase.notes, subject, oldCase.location, newCase.location)
        }
        for errorCase in matched.added {
            record(.errorCaseAdded, "error \(errorCase.name)", "added (\(describe(errorCase)))", old: nil, new: errorCase.location)
        }
    }

    private func describe(_ errorCase: ErrorCatalogue.Case) -> String {
        switch errorCase.family {
        case .prefix(let prefix): return "prefix '\(prefix)'"
        case .pattern(let pattern): return "pattern '\(pattern)'"
        case nil: return errorCase.code.map { "'\($0)'" } ?? "none"
        }
    }

    // MARK: Types

    private mutating func compareTypes() {
        let matched = match(old.types, new.types, name: \.name, notes: \.notes)
        for type in matched.removed {
            record(.typeRemoved, "type \(type.name)", "removed", old: type.location, new: nil)
        }
        for (before, after, renamed) in matched.pairs {
            let subject = "type \(after.name)"
            let roles = roles(ofType: before.name, newName: after.name)
            if renamed {
                record(.typeRenamed, subject, "renamed from \(before.name)", old: before.location, new: after.location)
            }
            compareDeprecation(before.notes, after.notes, subject, before.location, after.location)
            switch (before.kind, after.kind) {
            case (.structure(let oldFields), .structure(let newFields)):
                // Included fields are in both lists: a base's change reads as a change of each struct that
                // includes it, by the same field rules.
                compareFields(oldFields, newFields, owner: subject, roles: roles, ownerLocations: (before.location, after.location))
                compareAdditionalFields(
                    before.additionalFields, after.additionalFields, subject: subject, roles: roles, locations: (before.location, after.location))
            case (.enumeration(let oldEnum), .enumeration(let newEnum)):
                compareEnum(oldEnum, newEnum, owner: subject, roles: roles)
            case (.union(let oldUnion), .union(let newUnion)):
                compareUnion(oldUnion, newUnion, owner: subject, roles: roles, locations: (before.location, after.location))
            case (.alias(let oldTarget, let oldConstraints), .alias(let newTarget, let newConstraints)):
                if inNewNames(oldTarget) != newTarget {
                    record(.fieldRetyped, subject, "alias of \(oldTarget) -> \(newTarget)", old: before.location, new: after.location, roles: roles)
                }
                compareConstraints(oldConstraints, newConstraints, subject: subject, roles: roles, locations: (before.location, after.location))
            // The kind changed. Listed by the old kind, so a new kind fails to compile here until it has its comparison.
            case (.structure, _), (.enumeration, _), (.union, _), (.alias, _):
                record(
                    .typeKindChanged, subject, "\(kindName(before.kind)) -> \(kindName(after.kind))", old: before.location, new: after.location, roles: roles)
            }
        }
        for type in matched.added {
            record(.typeAdded, "type \(type.name)", "added (\(kindName(type.kind)))", old: nil, new: type.location)
        }
    }

    private func kindName(_ kind: TypeDefinition.Kind) -> String {
        switch kind {
        case .structure: return "struct"
        case .enumeration: return "enum"
        case .union: return "union"
        case .alias: return "alias"
        }
    }

    private mutating func compareEnum(_ before: Enumeration, _ after: Enumeration, owner: String, roles: Set<Role>) {
        let matched = match(before.cases, after.cases, name: \.name, notes: \.notes)
        // A case whose name changed but whose value did not is the same value on the wire.
        for oldCase in matched.removed {
            record(.enumCaseRemoved, "\(owner).case \(oldCase.name)", "removed (value '\(oldCase.value)')", old: oldCase.location, new: nil, roles: roles)
        }
        for (oldCase, newCase, renamed) in matched.pairs {
            let subject = "\(owner).case \(newCase.name)"
            if renamed {
                record(.enumCaseRenamed, subject, "renamed from \(oldCase.name)", old: oldCase.location, new: newCase.location, roles: roles)
            }
            if oldCase.value != newCase.value {
                record(
                    .enumCaseValueChanged, subject, "value '\(oldCase.value)' -> '\(newCase.value)'", old: oldCase.location, new: newCase.location, roles: roles
                )
            }
            compareDeprecation(oldCase.notes, newCase.notes, subject, oldCase.location, newCase.location)
        }
        for newCase in matched.added {
            record(.enumCaseAdded, "\(owner).case \(newCase.name)", "added (value '\(newCase.value)')", old: nil, new: newCase.location, roles: roles)
        }
    }

    private mutating func compareUnion(
        _ before: Union, _ after: Union, owner: String, roles: Set<Role>,
        locations: (SourceLocation, SourceLocation)
    ) {
        if before.discriminator != after.discriminator {
            record(
                .unionDiscriminatorChanged, owner, "discriminator '\(before.discriminator ?? "none")' -> '\(after.discriminator ?? "none")'",
                old: locations.0, new: locations.1, roles: roles)
        }
        let matched = match(before.variants, after.variants, name: \.name, notes: \.notes)
        for variant in matched.removed {
            record(.unionVariantRemoved, "\(owner).variant \(variant.name)", "removed", old: variant.location, new: nil, roles: roles)
        }
        for (oldVariant, newVariant, renamed) in matched.pairs {
            let subject = "\(owner).variant \(newVariant.name)"
            if renamed {
                record(.unionVariantRenamed, subject, "renamed from \(oldVariant.name)", old: oldVariant.location, new: newVariant.location, roles: roles)
            }
            if inNewNames(oldVariant.type) != newVariant.type || oldVariant.tag != newVariant.tag {
                record(
                    .unionVariantChanged, subject, "\(oldVariant.type) tag '\(oldVariant.tag)' -> \(newVariant.type) tag '\(newVariant.tag)'",
                    old: oldVariant.location, new: newVariant.location, roles: roles)
            } else {
                // The same type: its own constraints (`maxLength`, `items:`) by the constraint rules.
                compareConstraints(
                    oldVariant.constraints, newVariant.constraints, subject: subject, roles: roles, locations: (oldVariant.location, newVariant.location))
            }
            if inNewNames(oldVariant.type) == newVariant.type, oldVariant.tag == newVariant.tag, before.discriminator == nil, after.discriminator == nil {
                // The same struct, but the constants that choose it (`type: file`) changed.
                let (oldConstants, newConstants) = (old.constants(of: oldVariant), new.constants(of: newVariant))
                if oldConstants != newConstants {
                    func text(_ constants: [String: VariantShape.Constant]) -> String {
                        constants.isEmpty ? "none" : constants.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                    }
                    record(
                        .unionVariantConstantChanged, subject, "constants \(text(oldConstants)) -> \(text(newConstants))",
                        old: oldVariant.location, new: newVariant.location, roles: roles)
                }
            }
        }
        for variant in matched.added {
            record(.unionVariantAdded, "\(owner).variant \(variant.name)", "added (\(variant.type))", old: nil, new: variant.location, roles: roles)
        }
    }

    /// `additionalFields: T` added, removed or retyped.
    private mutating func compareAdditionalFields(
        _ before: AdditionalFields?, _ after: AdditionalFields?, subject: String, roles: Set<Role>, locations: (SourceLocation, SourceLocation)
    ) {
        switch (before, after) {
        case (nil, nil): return
        case (nil, let added?):
            record(.additionalFieldsAdded, "\(subject).additionalFields", "added (\(added.type))", old: locations.0, new: added.location, roles: roles)
        case (let removed?, nil):
            record(.additionalFieldsRemoved, "\(subject).additionalFields", "removed (\(removed.type))", old: removed.location, new: locations.1, roles: roles)
        case (let old?, let new?):
            if inNewNames(old.type) != new.type {
                record(
                    .additionalFieldsRetyped, "\(subject).additionalFields", "\(old.type) -> \(new.type)", old: old.location, new: new.location, roles: roles)
            }
        }
    }

    // MARK: Fields, parameters and constraints

    private mutating func compareFields(
        _ oldFields: [Field], _ newFields: [Field], owner: String, roles: Set<Role>,
        ownerLocations: (SourceLocation, SourceLocation), what: String = "field"
    ) {
        let matched = match(oldFields, newFields, name: \.name, notes: \.notes)
        for field in matched.removed {
            record(
                field.isRequiredOnWire ? .fieldRemovedRequired : .fieldRemovedOptional, "\(owner).\(what) \(field.name)", "removed",
                old: field.location, new: ownerLocations.1, roles: roles)
        }
        for (before, after, renamed) in matched.pairs {
            compareField(before, after, subject: "\(owner).\(what) \(after.name)", renamed: renamed, roles: roles)
        }
        for field in matched.added {
            record(
                field.isRequiredOnWire ? .fieldAddedRequired : .fieldAddedOptional, "\(owner).\(what) \(field.name)",
                "added (\(field.type)\(field.isRequiredOnWire ? ", required" : ", optional"))", old: ownerLocations.0, new: field.location, roles: roles)
        }
    }

    private mutating func compareField(_ before: Field, _ after: Field, subject: String, renamed: Bool, roles: Set<Role>) {
        let locations = (before.location, after.location)
        let wireNameChanged = before.wireName != after.wireName
        if renamed {
            // One change with one wire verdict: a rename that also changes the key or parameter name on the
            // wire (no `wire:` keeps the old one) takes the wire-name rule's verdict, not "unchanged".
            let wire = wireNameChanged ? "wire name '\(before.wireName)' -> '\(after.wireName)'" : "wire name '\(after.wireName)' unchanged"
            record(.fieldRenamed, subject, "renamed from \(before.name); \(wire)", old: locations.0, new: locations.1, roles: roles) { verdict in
                guard wireNameChanged else { return }
                let wireVerdict = Self.verdict(of: .fieldWireNameChanged, roles: roles)
                verdict.wire = wireVerdict.wire
                verdict.wireReason = wireVerdict.wireReason
            }
        } else if wireNameChanged {
            record(.fieldWireNameChanged, subject, "wire name '\(before.wireName)' -> '\(after.wireName)'", old: locations.0, new: locations.1, roles: roles)
        }
        let retyped = inNewNames(before.type) != after.type
        if retyped {
            record(.fieldRetyped, subject, "\(before.type) -> \(after.type)", old: before.typeLocation, new: after.typeLocation, roles: roles)
        }
        let swiftOptionalityChanged = before.isSwiftOptional != after.isSwiftOptional
        let keepSourceWhenOptionalityHolds: (inout Verdict) -> Void = { verdict in
            if !swiftOptionalityChanged {
                verdict.source = .compatible
                verdict.sourceReason = "the Swift property keeps its optionality"
            }
        }
        if before.isRequiredOnWire && !after.isRequiredOnWire {
            record(
                .fieldMadeOptional, subject, "required -> optional", old: locations.0, new: locations.1, roles: roles, adjust: keepSourceWhenOptionalityHolds)
        } else if !before.isRequiredOnWire && after.isRequiredOnWire {
            record(
                .fieldMadeRequired, subject, "optional -> required", old: locations.0, new: locations.1, roles: roles, adjust: keepSourceWhenOptionalityHolds)
        }
        if before.isNullable != after.isNullable {
            // An absent-or-null optional key reads as nil either way (decodeIfPresent).
            let wireHolds = !before.isRequiredOnWire && !after.isRequiredOnWire
            record(
                after.isNullable ? .fieldMadeNullable : .fieldMadeNonNullable, subject, after.isNullable ? "made nullable" : "no longer nullable",
                old: locations.0, new: locations.1, roles: roles
            ) { verdict in
                keepSourceWhenOptionalityHolds(&verdict)
                if wireHolds {
                    verdict.wire = .compatible
                    verdict.wireReason = "the key is optional, and generated code reads null for an optional key as absent"
                }
            }
        }
        if before.defaultValue?.jsonText != after.defaultValue?.jsonText, before.isRequiredOnWire == after.isRequiredOnWire {
            record(
                .fieldDefaultChanged, subject, "default \(before.defaultValue?.jsonText ?? "none") -> \(after.defaultValue?.jsonText ?? "none")",
                old: locations.0, new: locations.1, roles: roles)
        }
        // The constraints of another type are not comparable; the retype says it all.
        if !retyped {
            compareConstraints(before.constraints, after.constraints, subject: subject, roles: roles, locations: locations)
        }
        compareDeprecation(before.notes, after.notes, subject, locations.0, locations.1)
    }

    private mutating func compareConstraints(
        _ before: Constraints, _ after: Constraints, subject: String, roles: Set<Role>,
        locations: (SourceLocation, SourceLocation)
    ) {
        if before.dateFormat != after.dateFormat {
            record(
                .dateFormatChanged, subject, "format \(before.dateFormat.map { "\($0)" } ?? "RFC 3339") -> \(after.dateFormat.map { "\($0)" } ?? "RFC 3339")",
                old: locations.0, new: locations.1, roles: roles)
        }
        for change in ConstraintChange.between(before, after) {
            record(change.tightened ? .constraintTightened : .constraintLoosened, subject, change.detail, old: locations.0, new: locations.1, roles: roles)
        }
        for change in ConstraintChange.elementNullability(before, after) {
            record(
                change.nullable ? .elementsMadeNullable : .elementsMadeNonNullable, subject,
                "\(change.path) \(change.nullable ? "made nullable" : "no longer nullable")", old: locations.0, new: locations.1, roles: roles)
        }
    }

    // MARK: Operations

    private mutating func compareOperations() {
        let matched = match(old.operations, new.operations, name: \.name, notes: \.notes)
        for operation in matched.removed {
            // An unmarked rename: still a removal and an addition, but the request line is served.
            let sameRequest = matched.added.first {
                $0.method == operation.method && PathTemplate.shape($0.pathWithLiteralQuery) == PathTemplate.shape(operation.pathWithLiteralQuery)
            }
            record(.operationRemoved, "operation \(operation.name)", "removed (\(operation.method) \(operation.path))", old: operation.location, new: nil) {
                verdict in
                guard let sameRequest else { return }
                verdict.wire = .compatible
                verdict.wireReason =
                    "the added operation \(sameRequest.name) serves the same request line (mark it `renamedFrom: \(operation.name)` to report a rename)"
            }
        }
        for (before, after, renamed) in matched.pairs {
            compareOperation(before, after, renamed: renamed)
        }
        for operation in matched.added {
            record(.operationAdded, "operation \(operation.name)", "added (\(operation.method) \(operation.path))", old: nil, new: operation.location)
        }
    }

    // MARK: Channels

    private mutating func compareChannels() {
        let matched = match(old.channels, new.channels, name: \.name, notes: \.notes)
        for channel in matched.removed {
            record(.channelRemoved, "channel \(channel.name)", "removed (\(channel.handshake.path))", old: channel.location, new: nil)
        }
        for (before, after, _) in matched.pairs {
            compareChannel(before, after)
        }
        for channel in matched.added {
            record(.channelAdded, "channel \(channel.name)", "added (\(channel.handshake.path))", old: nil, new: channel.location)
        }
    }

    /// A channel's path, its opening request's parameters and auth (as an operation's: a parameter is always
    /// in a request), its message types each way and its close codes. A union of messages gaining or losing a
    /// variant is the union's change, judged by the roles its directions give it (TypeRoles).
    private mutating func compareChannel(_ before: ChannelDefinition, _ after: ChannelDefinition) {
        let subject = "channel \(after.name)"
        if PathTemplate.shape(before.handshake.path) != PathTemplate.shape(after.handshake.path) {
            record(
                .channelPathChanged, subject, "\(before.handshake.path) -> \(after.handshake.path)", old: before.handshake.pathLocation,
                new: after.handshake.pathLocation)
        }
        compareParameters(before.handshake, after.handshake, subject: subject)
        // The opening request carries the channel's credentials as an operation's request does.
        compareAuth(before.handshake, after.handshake, subject: subject)
        for (direction, old, new, locations) in [
            ("send", before.send, after.send, (before.sendLocation, after.sendLocation)),
            ("receive", before.receive, after.receive, (before.receiveLocation, after.receiveLocation)),
        ] where inNewNames(old) != new {
            record(.channelMessageChanged, subject, "\(direction) \(old) -> \(new)", old: locations.0, new: locations.1)
        }
        let codes = Set(before.closeCodes.map(\.code)).union(after.closeCodes.map(\.code)).sorted()
        let casesChanged = before.failureCases != after.failureCases
        for code in codes {
            let old = before.action(forCloseCode: code)
            let new = after.action(forCloseCode: code)
            guard old != new else { continue }
            let describe: (ChannelDefinition.CloseAction?) -> String = { action in
                switch action {
                case .fail(let name): return "fail \(name)"
                case .reconnect, .reauthenticate, .finish: return action?.keyword ?? ""
                case nil: return "undocumented failure"
                }
            }
            let location = { (channel: ChannelDefinition) in channel.closeCodes.first { $0.code == code }?.location ?? channel.location }
            record(.closeCodeChanged, subject, "close code \(code): \(describe(old)) -> \(describe(new))", old: location(before), new: location(after)) {
                verdict in
                verdict.wire = Self.closeCodeImpact(code, before, after)
                if !verdict.wire.isBreaking {
                    verdict.wireReason =
                        "either way the channel ends with an error (a listed failure or an undocumented code), as an error case added or removed reaches clients as .undocumented"
                } else if verdict.wire != .breaksBoth {
                    verdict.wireReason =
                        verdict.wire == .breaksClients
                        ? "only the new server documents the code: deployed clients act on it as an undocumented failure"
                        : "only old servers document the code: new clients act on it as an undocumented failure"
                }
                guard casesChanged else { return }
                verdict.source = .breaking
                verdict.sourceReason = "the channel's failure enum gained or lost a case: an exhaustive switch over it no longer compiles"
            }
        }
    }

    /// What a close code's new meaning breaks. A client does one of four things with a code: reconnect, renew
    /// the credential and reconnect, end the messages, or end them with an error; a listed failure and an
    /// undocumented code are the same on the wire (which case the app sees is the source side). A server
    /// closes only with the codes its schema documents (its rows and the unlisted defaults), so deployed
    /// clients break when the new schema documents the code, new clients of old servers when the old one does.
    static func closeCodeImpact(_ code: Int, _ before: ChannelDefinition, _ after: ChannelDefinition) -> WireImpact {
        func behaviour(_ action: ChannelDefinition.CloseAction?) -> String {
            switch action {
            case .fail?, nil: return "fail"
            case let action?: return action.keyword
            }
        }
        guard behaviour(before.action(forCloseCode: code)) != behaviour(after.action(forCloseCode: code)) else { return .compatible }
        func documents(_ channel: ChannelDefinition) -> Bool { channel.action(forCloseCode: code) != nil }
        let clients: WireImpact = documents(after) ? .breaksClients : .compatible
        return clients.combined(with: documents(before) ? .breaksProducers : .compatible)
    }

    private mutating func compareOperation(_ before: OperationDefinition, _ after: OperationDefinition, renamed: Bool) {
        let subject = "operation \(after.name)"
        let locations = (before.location, after.location)
        if renamed {
            record(.operationRenamed, subject, "renamed from \(before.name)", old: locations.0, new: locations.1)
        }
        if before.method != after.method {
            record(.methodChanged, subject, "\(before.method) -> \(after.method)", old: before.pathLocation, new: after.pathLocation)
        }
        if PathTemplate.shape(before.path) != PathTemplate.shape(after.path) {
            record(
                .pathChanged, subject, "\(before.pathWithLiteralQuery) -> \(after.pathWithLiteralQuery)", old: before.pathLocation, new: after.pathLocation)
        } else {
            // A server routes no request without its literal pairs, and ignores query items it does not know:
            // a pair added breaks old clients, a pair removed breaks new clients of old servers; changed, both.
            let old = Set(before.literalQuery.map(\.text))
            let new = Set(after.literalQuery.map(\.text))
            for (rule, pairs) in [(ChangeRule.literalQueryAdded, new.subtracting(old)), (.literalQueryRemoved, old.subtracting(new))] where !pairs.isEmpty {
                record(rule, subject, pairs.sorted().joined(separator: "&"), old: before.pathLocation, new: after.pathLocation)
            }
        }
        compareParameters(before, after, subject: subject)
        compareBody(before, after, subject: subject)
        compareResponse(before, after, subject: subject)
        let oldErrors = Set(before.errors.map { errorRenames[$0] ?? $0 })
        let newErrors = Set(after.errors)
        if oldErrors != newErrors {
            let added = newErrors.subtracting(oldErrors).sorted()
            let removed = oldErrors.subtracting(newErrors).sorted()
            let detail = [added.isEmpty ? nil : "added \(added.joined(separator: ", "))", removed.isEmpty ? nil : "removed \(removed.joined(separator: ", "))"]
                .compactMap { $0 }
            record(.operationErrorsChanged, subject, "errors " + detail.joined(separator: "; "), old: locations.0, new: locations.1)
        }
        compareAuth(before, after, subject: subject)
        if before.isIdempotent != after.isIdempotent || before.idempotencyKeyHeader != after.idempotencyKeyHeader {
            record(
                .idempotencyChanged, subject,
                "idempotent \(before.isIdempotent) key '\(before.idempotencyKeyHeader ?? "none")' -> idempotent \(after.isIdempotent) key '\(after.idempotencyKeyHeader ?? "none")'",
                old: locations.0, new: locations.1)
        }
        comparePagination(before, after, subject: subject)
        compareCache(before, after, subject: subject)
        compareDeprecation(before.notes, after.notes, subject, locations.0, locations.1)
    }

    private mutating func compareParameters(_ before: OperationDefinition, _ after: OperationDefinition, subject: String) {
        let oldParameters = before.parameters
        let newParameters = after.parameters
        let matched = match(oldParameters, newParameters, name: \.field.name, notes: \.field.notes)
        for parameter in matched.removed {
            record(
                parameter.field.isRequiredOnWire ? .fieldRemovedRequired : .fieldRemovedOptional, "\(subject).parameter \(parameter.field.name)",
                "removed (\(parameter.location.rawValue))", old: parameter.field.location, new: after.location)
        }
        // Generated methods take path parameters, the body, query and header parameters, in that order:
        // arguments that change relative order break labelled calls.
        let oldOrder = matched.pairs.sorted { lhs, rhs in
            oldParameters.firstIndex { $0.field.name == lhs.old.field.name }! < oldParameters.firstIndex { $0.field.name == rhs.old.field.name }!
        }.map(\.new.field.name)
        let newOrder = matched.pairs.map(\.new.field.name)
        let reordered = oldOrder != newOrder
        var reportedMove = false
        for (oldParameter, newParameter, renamed) in matched.pairs {
            let parameterSubject = "\(subject).parameter \(newParameter.field.name)"
            if oldParameter.location != newParameter.location {
                reportedMove = true
                record(
                    .parameterMoved, parameterSubject, "\(oldParameter.location.rawValue) -> \(newParameter.location.rawValue)",
                    old: oldParameter.field.location, new: newParameter.field.location
                ) { verdict in
                    guard reordered else { return }
                    verdict.source = .breaking
                    verdict.sourceReason = "the argument moves among the others (path, body, query, headers), and labelled arguments must keep their order"
                }
            }
            // A struct or map in the query is written member by member: `min=1` (form) or `range[min]=1` (deepObject).
            let oldStyle = oldParameter.field.queryStyle ?? .form
            let newStyle = newParameter.field.queryStyle ?? .form
            if oldParameter.location == .query, newParameter.location == .query, oldStyle != newStyle {
                record(
                    .queryStyleChanged, parameterSubject, "style \(oldStyle.rawValue) -> \(newStyle.rawValue)", old: oldParameter.field.location,
                    new: newParameter.field.location)
            }
            compareField(oldParameter.field, newParameter.field, subject: parameterSubject, renamed: renamed, roles: [.request])
        }
        if reordered && !reportedMove {
            record(
                .parametersReordered, subject, "arguments (\(oldOrder.joined(separator: ", "))) -> (\(newOrder.joined(separator: ", ")))", old: before.location,
                new: after.location)
        }
        for parameter in matched.added {
            record(
                parameter.field.isRequiredOnWire ? .fieldAddedRequired : .fieldAddedOptional, "\(subject).parameter \(parameter.field.name)",
                "added (\(parameter.location.rawValue), \(parameter.field.type)\(parameter.field.isRequiredOnWire ? ", required" : ", optional"))",
                old: before.location, new: parameter.field.location)
        }
    }

    private mutating func compareBody(_ before: OperationDefinition, _ after: OperationDefinition, subject: String) {
        switch (before.body, after.body) {
        case (nil, let body?):
            record(.requestBodyAdded, subject, "body \(body.type) added", old: before.location, new: body.typeLocation)
        case (let body?, nil):
            record(.requestBodyRemoved, subject, "body \(body.type) removed", old: body.typeLocation, new: after.location)
        case (let oldBody?, let newBody?):
            // A form's style is part of its encoding: `expand=a` and `expand[0]=a` are different bodies.
            let oldStyle = oldBody.style ?? .form
            let newStyle = newBody.style ?? .form
            let sameEncoding = oldBody.encoding == newBody.encoding && oldBody.contentType == newBody.contentType && oldStyle == newStyle
            if inNewNames(oldBody.type) != newBody.type || !sameEncoding {
                let sameJSON = sameEncoding && sameShape(oldBody.type, newBody.type)
                let sameType = inNewNames(oldBody.type) == newBody.type
                func described(_ body: OperationDefinition.Body) -> String {
                    "\(body.encoding.rawValue)\(body.encoding == .form && body.style == .deepObject ? ", deepObject" : "")"
                }
                record(
                    .requestBodyChanged, subject, "body \(oldBody.type) (\(described(oldBody))) -> \(newBody.type) (\(described(newBody)))",
                    old: oldBody.typeLocation, new: newBody.typeLocation
                ) { verdict in
                    if sameType {
                        verdict.source = .compatible
                        verdict.sourceReason = "the body argument keeps its type; only how it is written on the wire changes"
                    }
                    guard sameJSON else { return }
                    verdict.wire = .compatible
                    verdict.wireReason = "the new type has the same fields on the wire (mark it `renamedFrom:` to report a rename)"
                }
            }
        case (nil, nil):
            break
        }
    }

    private mutating func compareResponse(_ before: OperationDefinition, _ after: OperationDefinition, subject: String) {
        let oldResponse = before.response.map(inNewNames)
        if oldResponse != after.response || before.responseContentType != after.responseContentType {
            let sameJSON =
                before.responseContentType == after.responseContentType && before.response.flatMap { old in after.response.map { sameShape(old, $0) } } == true
            record(
                .responseTypeChanged, subject, "response \(before.response?.description ?? "none") -> \(after.response?.description ?? "none")",
                old: before.responseLocation ?? before.location, new: after.responseLocation ?? after.location
            ) { verdict in
                guard sameJSON else { return }
                verdict.wire = .compatible
                verdict.wireReason = "the new type has the same fields on the wire (mark it `renamedFrom:` to report a rename)"
            }
        }
        let describeStream: (EventStreamResponse?) -> String = { stream in
            stream.map { "\($0.format.rawValue) of \($0.events)" } ?? "none"
        }
        if before.stream?.format != after.stream?.format || before.stream.map({ inNewNames($0.events) }) != after.stream?.events {
            // A union of events gaining or losing a variant is the union's change (an added one arrives as
            // `.undocumented` in old clients); this is the stream itself changing.
            record(
                .streamChanged, subject, "stream \(describeStream(before.stream)) -> \(describeStream(after.stream))",
                old: before.stream?.location ?? before.location, new: after.stream?.location ?? after.location)
        }
        if before.requestStream?.format != after.requestStream?.format
            || before.requestStream.map({ inNewNames($0.events) }) != after.requestStream?.events
        {
            let sameEvents = before.requestStream.map({ inNewNames($0.events) }) == after.requestStream?.events
            record(
                .requestStreamChanged, subject, "request stream \(describeStream(before.requestStream)) -> \(describeStream(after.requestStream))",
                old: before.requestStream?.location ?? before.location, new: after.requestStream?.location ?? after.location
            ) { verdict in
                // Only the framing changed: the method still takes an AsyncSequence of the same events.
                guard sameEvents else { return }
                verdict.source = .compatible
                verdict.sourceReason = "the method takes the same events; only how they are framed on the wire changes"
            }
        }
        if before.successStatus != after.successStatus {
            record(.successStatusChanged, subject, "status \(before.successStatus) -> \(after.successStatus)", old: before.location, new: after.location)
        }
        let describeHeaders: ([Field]) -> String = { fields in
            fields.map { "\($0.wireName): \($0.type)\($0.isOptional ? "?" : "")" }.joined(separator: ", ")
        }
        if describeHeaders(before.responseHeaders) != describeHeaders(after.responseHeaders) {
            record(
                .responseHeadersChanged, subject,
                "response headers [\(describeHeaders(before.responseHeaders))] -> [\(describeHeaders(after.responseHeaders))]", old: before.location,
                new: after.location
            ) { verdict in
                verdict = Self.headersVerdict(before.responseHeaders, after.responseHeaders)
            }
        }
        let describeOutcomes: ([Outcome]?) -> String = { outcomes in
            (outcomes ?? []).map { "\($0.name) \($0.status.text)" }.joined(separator: ", ")
        }
        if describeOutcomes(before.outcomes) != describeOutcomes(after.outcomes) {
            let widened = outcomesOnlyWidenedToTheirClass(before.outcomes ?? [], after.outcomes ?? [])
            record(
                .outcomesChanged, subject, "responses [\(describeOutcomes(before.outcomes))] -> [\(describeOutcomes(after.outcomes))]", old: before.location,
                new: after.location
            ) { verdict in
                guard let widened else { return }
                verdict.wire = .compatible
                verdict.wireReason =
                    "an exact status widened to its class (410 -> 4XX) with the same body: an old client still decodes the status it knew, a new one any status of the class"
                if !widened.contains(where: { $0.body != nil }) {
                    verdict.source = .compatible
                    verdict.sourceReason = "the case gains the status received (`case gone(status: Int)`); a `switch` over the outcome still compiles"
                } else {
                    verdict.sourceReason = "the case gains the status received beside its body, so a pattern binding the body alone no longer matches"
                }
            }
        }
    }

    /// The outcomes whose exact status became its class (`410` -> `4XX`), when that is the only change
    /// of the list (same names in the same order, same kind and body, same conditions); nil otherwise.
    private func outcomesOnlyWidenedToTheirClass(_ before: [Outcome], _ after: [Outcome]) -> [Outcome]? {
        guard before.count == after.count, !before.isEmpty else { return nil }
        var widened: [Outcome] = []
        for (old, new) in zip(before, after) {
            guard old.name == new.name, old.conditions == new.conditions, old.errorCase == new.errorCase,
                old.body.map(inNewNames) == new.body
            else { return nil }
            if old.status == new.status { continue }
            guard case .exact(let status) = old.status, case .range(let digit) = new.status, status / 100 == digit else { return nil }
            widened.append(new)
        }
        return widened.isEmpty ? nil : widened
    }

    /// The verdict of a change of `responseHeaders:`, header by header (the plain method reads none; only
    /// `…WithHeaders` calls and code that reads or makes the headers struct are affected): a header added
    /// as required breaks new clients on old servers, which do not send it; one removed or made optional
    /// breaks old clients, which require it, on new servers; one made required breaks new clients on old
    /// servers; a retyped one both. Source: a header added optional (the initialiser defaults it) or the
    /// first headers of an operation (a new method) are additions; anything else changes a property or the
    /// initialiser an app uses.
    static func headersVerdict(_ before: [Field], _ after: [Field]) -> Verdict {
        func key(_ field: Field) -> String { field.wireName.lowercased() }
        var clients: [String] = []
        var producers: [String] = []
        var sourceBreaks: [String] = []
        for new in after {
            guard let old = before.first(where: { key($0) == key(new) }) else {
                if !new.isOptional { producers.append("\(new.wireName) is required and old servers do not send it") }
                if !new.isOptional && !before.isEmpty { sourceBreaks.append("the headers initialiser takes a new \(new.name)") }
                continue
            }
            if old.type.description != new.type.description {
                clients.append("\(new.wireName) is read as another type")
                producers.append("\(new.wireName) is read as another type")
                sourceBreaks.append("\(new.name) has another type")
            } else if old.isOptional && !new.isOptional {
                producers.append("\(new.wireName) is now required and old servers may not send it")
                sourceBreaks.append("\(new.name) is no longer optional")
            } else if !old.isOptional && new.isOptional {
                clients.append("old clients require \(new.wireName), which new servers may leave out")
                sourceBreaks.append("\(new.name) is now optional")
            }
            if old.name != new.name { sourceBreaks.append("\(old.name) is now \(new.name)") }
        }
        for old in before where !after.contains(where: { key($0) == key(old) }) {
            if !old.isOptional { clients.append("old clients require \(old.wireName), which new servers do not send") }
            sourceBreaks.append(after.isEmpty ? "the `…WithHeaders` method is gone" : "\(old.name) is gone")
        }
        let wire: WireImpact =
            switch (clients.isEmpty, producers.isEmpty) {
            case (true, true): .compatible
            case (false, true): .breaksClients
            case (true, false): .breaksProducers
            case (false, false): .breaksBoth
            }
        let wireReason =
            wire == .compatible
            ? "no `…WithHeaders` call requires a header the other side does not send; the plain method reads none"
            : (clients + producers).joined(separator: "; ")
        return Verdict(
            wire, wireReason, sourceBreaks.isEmpty ? .compatible : .breaking,
            sourceBreaks.isEmpty ? "the headers struct and method only gain members an app does not have to pass" : sourceBreaks.joined(separator: "; "))
    }

    /// Whether a `reader` decoding `readType` needs a field that `writeType` (of `writer`) does not
    /// promise: a required field the writer lacks, makes optional or nullable, or types differently (by
    /// the type's name). nil when either is not a struct, so the caller keeps the table's verdict.
    private func requiresMore(_ readType: TypeReference, than writeType: TypeReference, reader: Schema, writer: Schema) -> Bool? {
        guard case .named(let readName) = readType, case .named(let writeName) = writeType,
            case .structure(let readFields)? = reader.type(named: readName)?.kind,
            case .structure(let writeFields)? = writer.type(named: writeName)?.kind
        else { return nil }
        return readFields.contains { needed in
            guard needed.isRequiredOnWire && !needed.isNullable else { return false }
            guard let promised = writeFields.first(where: { $0.wireName == needed.wireName }) else { return true }
            return !promised.isRequiredOnWire || promised.isNullable || promised.type.description != needed.type.description
        }
    }

    /// Whether an old and a new struct type (under different names) are the same JSON object: the same
    /// wire names with the same types and optionality, one level deep.
    private func sameShape(_ oldReference: TypeReference, _ newReference: TypeReference) -> Bool {
        guard case .named(let oldName) = oldReference, case .named(let newName) = newReference,
            let oldType = old.type(named: oldName), let newType = new.type(named: newName),
            case .structure(let oldFields) = oldType.kind, case .structure(let newFields) = newType.kind
        else { return false }
        let shape = { (fields: [Field]) in fields.map { "\($0.wireName) \($0.type) \($0.isRequiredOnWire) \($0.isNullable)" }.sorted() }
        return shape(oldFields) == shape(newFields)
    }

    private mutating func compareAuth(_ before: OperationDefinition, _ after: OperationDefinition, subject: String) {
        guard before.authRequirements != after.authRequirements else { return }
        let written = { (requirements: [[String]]) in requirements.map { $0.joined(separator: "+") }.joined(separator: ", ") }
        let detail = "auth [\(written(before.authRequirements))] -> [\(written(after.authRequirements))]"
        let oldSets = before.authRequirements.map(Set.init)
        let newSets = after.authRequirements.map(Set.init)
        let rule: ChangeRule
        if before.auth.isEmpty {
            rule = .authAdded
        } else if after.auth.isEmpty {
            rule = .authRemoved
        } else if Set(oldSets).isStrictSubset(of: Set(newSets)), oldSets.allSatisfy({ newSets.firstIndex(of: $0) == oldSets.firstIndex(of: $0) }) {
            // Every requirement a deployed client may send is still accepted, in the same order of preference.
            rule = .authAlternativeAdded
        } else if oldSets.count == newSets.count, zip(oldSets, newSets).allSatisfy({ $0.isSubset(of: $1) }) {
            // The same alternatives, some needing more credentials together: deployed clients omit the new one.
            rule = .authRequirementExtended
        } else {
            rule = .authChanged
        }
        record(rule, subject, detail, old: before.location, new: after.location)
    }

    private mutating func comparePagination(_ before: OperationDefinition, _ after: OperationDefinition, subject: String) {
        switch (before.pagination, after.pagination) {
        case (nil, let pagination?):
            record(.paginationAdded, subject, "paginated (\(pagination.style.rawValue))", old: before.location, new: pagination.location)
        case (let pagination?, nil):
            record(.paginationRemoved, subject, "no longer paginated", old: pagination.location, new: after.location)
        case (let oldPaging?, let newPaging?):
            let describe: (Pagination) -> String = { p in
                "\(p.style.rawValue) items \(p.items) request \(p.requestParameter) size \(p.sizeParameter ?? "-") first \(p.firstPage) next \(p.next ?? "-") previous \(p.previous ?? "-") totalPages \(p.totalPages ?? "-") last \(p.last ?? "-")"
            }
            if describe(oldPaging) != describe(newPaging) {
                let drivenChanged = oldPaging.requestParameter != newPaging.requestParameter
                record(.paginationChanged, subject, "\(describe(oldPaging)) -> \(describe(newPaging))", old: oldPaging.location, new: newPaging.location) {
                    verdict in
                    // The sequence methods take every argument but the one they drive: when that changes,
                    // the old one appears among their arguments and the new one disappears (the proof's
                    // caller and swift-api-digester both show it).
                    guard drivenChanged else { return }
                    verdict.source = .breaking
                    verdict.sourceReason = "the sequence methods drive another argument, so their arguments change"
                }
            }
        case (nil, nil):
            break
        }
    }

    private mutating func compareCache(_ before: OperationDefinition, _ after: OperationDefinition, subject: String) {
        let describe: (CachePolicy?) -> String = { policy in
            guard let policy else { return "none" }
            return
                "\(policy.mode.rawValue) maxAge \(policy.maxAge.map(String.init) ?? "-") refreshErrors \(policy.refreshErrors.rawValue) store \(policy.store)"
        }
        if describe(before.cache) != describe(after.cache) {
            record(.cacheChanged, subject, "cache \(describe(before.cache)) -> \(describe(after.cache))", old: before.location, new: after.location)
        }
        let oldArguments = (before.cache?.parameters ?? []).map { "\($0.name) (\($0.role.rawValue))" }
        let newArguments = (after.cache?.parameters ?? []).map { "\($0.name) (\($0.role.rawValue))" }
        if oldArguments != newArguments {
            record(
                .cacheArgumentsChanged, subject, "cache arguments [\(oldArguments.joined(separator: ", "))] -> [\(newArguments.joined(separator: ", "))]",
                old: before.location, new: after.location)
        }
    }
}

/// Path templates compared by shape: `/users/{id}` and `/users/{userId}` are the same request line.
enum PathTemplate {
    static func shape(_ path: String) -> String {
        var result = ""
        var inPlaceholder = false
        for character in path {
            if character == "{" {
                inPlaceholder = true
                result += "{}"
            } else if character == "}" {
                inPlaceholder = false
            } else if !inPlaceholder {
                result.append(character)
            }
        }
        return result
    }
}
