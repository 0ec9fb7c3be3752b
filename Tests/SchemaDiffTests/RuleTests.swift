import SchemaDiff
import SchemaModel
import XCTest

/// Rules the corpus pairs do not show, one schema pair each, and the rule table itself.
final class RuleTests: XCTestCase {
    private func changes(_ old: String, _ new: String) throws -> [CorpusPair.Expectation] {
        SchemaComparer.compare(try schema(old, file: "old.yaml"), try schema(new, file: "new.yaml")).map(\.expectation)
    }

    private func assertChanges(_ old: String, _ new: String, _ expected: [String], line: UInt = #line) throws {
        XCTAssertEqual(try changes(old, new).map(\.description), expected, line: line)
    }

    func testEveryRuleHasAVerdictWithReasonsInEveryRole() {
        for rule in ChangeRule.allCases {
            for role in Role.allCases {
                let verdict = rule.verdict(as: role)
                XCTAssertFalse(verdict.wireReason.isEmpty, "\(rule) \(role)")
                XCTAssertFalse(verdict.sourceReason.isEmpty, "\(rule) \(role)")
            }
        }
    }

    func testUnionVariantsAddedRemovedAndRetagged() throws {
        let types = { (variants: String) in
            """
              Card: { fields: { number: string } }
              Bank: { fields: { iban: string } }
              Means:
                union:
                  discriminator: kind
                  variants:
            \(variants)
            """
        }
        let old = miniSchema(
            types: types("          card: Card\n          bank: Bank"),
            extraOperations: "  means:\n    http: GET /means\n    response: Means")
        let added = miniSchema(
            types: types("          card: Card\n          bank: Bank\n          wallet: Card"),
            extraOperations: "  means:\n    http: GET /means\n    response: Means")
        let retagged = miniSchema(
            types: types("          card: { type: Card, value: CARD }\n          bank: Bank"),
            extraOperations: "  means:\n    http: GET /means\n    response: Means")
        try assertChanges(old, added, ["union-variant-added|type Means.variant wallet|compatible|breaking"])
        try assertChanges(added, old, ["union-variant-removed|type Means.variant wallet|compatible|breaking"])
        try assertChanges(old, retagged, ["union-variant-changed|type Means.variant card|breaks-both|breaking"])
    }

    /// Recursive types (issue 27 line 3): the roles and comparisons follow each type once, so a cycle
    /// through structs, an alias and a list ends, and a change deep in it is reported with the roles of
    /// every operation that reaches it (the request body and the response here).
    func testChangesInsideARecursiveTypeAreReportedOnce() throws {
        let types = { (extra: String) in
            """
              Node:
                fields:
                  name: string
                  parent: { type: Node, optional: true }
                  link: { type: Link, nullable: true }
                  children: "[NodeRef]"
              Link:
                fields:
                  target: NodeRef\(extra)
              NodeRef: { type: Node }
            """
        }
        let operations = "  save:\n    http: PUT /nodes\n    body: Node\n    response: Node"
        let old = miniSchema(types: types(""), extraOperations: operations)
        let added = miniSchema(types: types("\n      label: { type: string, optional: true }"), extraOperations: operations)
        let required = miniSchema(types: types("\n      label: string"), extraOperations: operations)
        try assertChanges(old, added, ["field-added-optional|type Link.field label|compatible|compatible"])
        try assertChanges(old, required, ["field-added-required|type Link.field label|breaks-both|breaking"])
    }

    func testPaginationAddedAndRemoved() throws {
        let plain = miniSchema()
        let paged = miniSchema(operationExtras: "    paginate: { style: cursor, items: items, cursor: cursor, next: next }")
        try assertChanges(plain, paged, ["pagination-added|operation list|compatible|compatible"])
        try assertChanges(paged, plain, ["pagination-removed|operation list|compatible|breaking"])
    }

    func testResponseTypeAndRequestBodyChanges() throws {
        let old = miniSchema(extraOperations: "  send:\n    http: POST /send\n    response: Page")
        let withBody = miniSchema(extraOperations: "  send:\n    http: POST /send\n    body: Page\n    response: Page")
        let otherResponse = miniSchema(extraOperations: "  send:\n    http: POST /send\n    response: \"[string]\"")
        try assertChanges(old, withBody, ["request-body-added|operation send|breaks-clients|breaking"])
        try assertChanges(withBody, old, ["request-body-removed|operation send|breaks-producers|breaking"])
        try assertChanges(old, otherResponse, ["response-type-changed|operation send|breaks-both|breaking"])
    }

    /// A nested form's style is its encoding, and a change inside the nested types is reported by the
    /// type's own field rules, in the request role the form gives it.
    func testNestedFormStyleAndChangesInsideItsMembers() throws {
        let types = { (extra: String) in
            """
              Charge:
                fields:
                  card: Card
                  expand: "[string]"
              Card:
                fields:
                  number: string\(extra)
            """
        }
        let operation = { (style: String) in "  charge:\n    http: POST /charges\n    body: { type: Charge, encoding: form\(style) }" }
        let flatType = "  Flat:\n    fields:\n      expand: \"[string]\""
        let flat = miniSchema(types: flatType, extraOperations: "  charge:\n    http: POST /charges\n    body: { type: Flat, encoding: form }")
        let flatNested = miniSchema(
            types: flatType, extraOperations: "  charge:\n    http: POST /charges\n    body: { type: Flat, encoding: form, style: deepObject }")
        try assertChanges(flat, flatNested, ["request-body-changed|operation charge|breaks-both|compatible"])
        let old = miniSchema(types: types(""), extraOperations: operation(", style: deepObject"))
        let required = miniSchema(types: types("\n      cvc: string"), extraOperations: operation(", style: deepObject"))
        try assertChanges(old, required, ["field-added-required|type Card.field cvc|breaks-clients|breaking"])
    }

    /// A type no operation reaches changes nothing on the wire; its Swift API still counts.
    func testUnusedTypesAreWireCompatible() throws {
        let old = miniSchema(types: "  Loose: { fields: { a: string } }")
        let new = miniSchema(types: "  Loose: { fields: { a: int } }")
        try assertChanges(old, new, ["field-retyped|type Loose.field a|compatible|breaking"])
    }

    /// Null for an optional key reads as absent, so nullability of an optional field is wire-compatible;
    /// the Swift property was Optional already.
    func testNullabilityOfAnOptionalFieldChangesNothing() throws {
        let old = miniSchema()
        let new = old.replacingOccurrences(of: "next: { type: string, optional: true }", with: "next: { type: string, optional: true, nullable: true }")
        try assertChanges(old, new, ["field-made-nullable|type Page.field next|compatible|compatible"])
    }

    func testEnvironmentRemovedAndUndeprecated() throws {
        let old = miniSchema().replacingOccurrences(
            of: "  local: { url: \"http://127.0.0.1\" }",
            with: "  local: { url: \"http://127.0.0.1\" }\n  legacy: { url: \"http://legacy\", deprecated: Gone soon. }")
        let undeprecated = miniSchema().replacingOccurrences(
            of: "  local: { url: \"http://127.0.0.1\" }",
            with: "  local: { url: \"http://127.0.0.1\" }\n  legacy: { url: \"http://legacy\" }")
        try assertChanges(old, miniSchema(), ["environment-removed|environment legacy|breaks-clients|breaking"])
        try assertChanges(old, undeprecated, ["undeprecated|environment legacy|compatible|compatible"])
    }

    func testTypeKindAndDateFormatChanges() throws {
        let old = miniSchema(types: "  When: { fields: { at: date-time } }", extraOperations: "  when:\n    http: GET /when\n    response: When")
        let epoch = miniSchema(
            types: "  When: { fields: { at: { type: date-time, format: epochSeconds } } }", extraOperations: "  when:\n    http: GET /when\n    response: When")
        let alias = miniSchema(types: "  When: { type: string }", extraOperations: "  when:\n    http: GET /when\n    response: When")
        try assertChanges(old, epoch, ["date-format-changed|type When.field at|breaks-both|compatible"])
        try assertChanges(old, alias, ["type-kind-changed|type When|breaks-both|breaking"])
    }

    func testConstraintDirection() throws {
        let old = miniSchema(operationExtras: "    headers:\n      size: { type: int, minimum: 1, maximum: 50, optional: true }")
        let wider = miniSchema(operationExtras: "    headers:\n      size: { type: int, minimum: 0, maximum: 50, optional: true }")
        let pattern = miniSchema(
            operationExtras:
                "    headers:\n      size: { type: int, minimum: 1, maximum: 50, optional: true }\n      tag: { type: string, pattern: \"^[a-z]+$\", optional: true }"
        )
        let patternOld = miniSchema(
            operationExtras: "    headers:\n      size: { type: int, minimum: 1, maximum: 50, optional: true }\n      tag: { type: string, optional: true }")
        try assertChanges(old, wider, ["constraint-loosened|operation list.parameter size|breaks-producers|compatible"])
        try assertChanges(wider, old, ["constraint-tightened|operation list.parameter size|breaks-clients|compatible"])
        try assertChanges(patternOld, pattern, ["constraint-tightened|operation list.parameter tag|breaks-clients|compatible"])
    }

    func testFieldRenamedDefaultAndNonNullable() throws {
        let old = miniSchema(operationExtras: "    headers:\n      lang: { type: string, default: en }\n      token: { type: string, nullable: true }")
        let renamed = miniSchema(
            operationExtras:
                "    headers:\n      language: { type: string, wire: lang, default: en, renamedFrom: lang }\n      token: { type: string, nullable: true }")
        let otherDefault = miniSchema(operationExtras: "    headers:\n      lang: { type: string, default: de }\n      token: { type: string, nullable: true }")
        let notNullable = miniSchema(operationExtras: "    headers:\n      lang: { type: string, default: en }\n      token: string")
        try assertChanges(old, renamed, ["field-renamed|operation list.parameter language|compatible|breaking"])
        try assertChanges(old, otherDefault, ["field-default-changed|operation list.parameter lang|compatible|compatible"])
        try assertChanges(old, notNullable, ["field-made-non-nullable|operation list.parameter token|breaks-clients|breaking"])
    }

    /// Issue 25 line 11: a rename is one change with one wire verdict, whether the wire name goes with it
    /// (no `wire:` keeps the old key) or stays.
    func testARenameIsOneChangeWithOneWireVerdict() throws {
        let invoice = { (field: String) in
            miniSchema(types: "  Invoice:\n    fields:\n      \(field)", extraOperations: "  invoice:\n    http: GET /invoice\n    response: Invoice")
        }
        let old = try schema(invoice("number: string"), file: "old.yaml")
        let onTheWire = try schema(invoice("invoice_number: { type: string, renamedFrom: number }"), file: "new.yaml")
        let inSwiftOnly = try schema(invoice("invoiceNumber: { type: string, wire: number, renamedFrom: number }"), file: "new.yaml")
        let describe = { (change: SchemaChange) in "\(change.expectation)|\(change.detail)|\(change.wireReason)|\(change.sourceReason)" }
        XCTAssertEqual(
            SchemaComparer.compare(old, onTheWire).map(describe),
            [
                "field-renamed|type Invoice.field invoice_number|breaks-both|breaking|renamed from number; wire name 'number' -> 'invoice_number'"
                    + "|the key or parameter is sent and read under a different name|the Swift name changed"
            ])
        XCTAssertEqual(
            SchemaComparer.compare(old, inSwiftOnly).map(describe),
            [
                "field-renamed|type Invoice.field invoiceNumber|compatible|breaking|renamed from number; wire name 'number' unchanged"
                    + "|the wire name is unchanged|the Swift name changed"
            ])
        // The same for a parameter (always in a request).
        let header = { (parameter: String) in miniSchema(operationExtras: "    headers:\n      \(parameter)") }
        try assertChanges(
            header("lang: string"), header("language: { type: string, renamedFrom: lang }"),
            ["field-renamed|operation list.parameter language|breaks-both|breaking"])
    }

    /// Issue 25 line 11: wiring a login (or refresh, or logout) to the token store generates API
    /// (`<scheme>TokenMiddleware(store:)`, the call with `savingTo:`), so the diff lists it, as a minor change.
    /// A case's own body (`body:` on a catalogue case) is the case's payload type: a change of it is an
    /// `error-body-changed` of that case, with the wire verdict of what each side's body requires.
    func testACaseBodyChangeIsReportedOnTheCase() throws {
        let bodies = """
              Basic: { fields: { message: string } }
              Validation: { fields: { message: string, errors: "[string]" } }
              Loose: { fields: { message: string, errors: { type: "[string]", optional: true } } }
            """
        let catalogue = { (body: String) in
            "errors:\n  body: Basic\n  cases:\n    notFound: { status: 404 }\n    invalid: { status: 422\(body) }\n"
        }
        let plain = catalogue("") + miniSchema(types: bodies)
        let strict = catalogue(", body: Validation") + miniSchema(types: bodies)
        let loose = catalogue(", body: Loose") + miniSchema(types: bodies)
        try assertChanges(plain, strict, ["error-body-changed|error invalid|breaks-producers|breaking"])
        try assertChanges(strict, loose, ["error-body-changed|error invalid|breaks-clients|breaking"])
        try assertChanges(strict, strict, [])
    }

    func testCredentialFlowWiringIsListed() throws {
        let tokens = "  Tokens: { fields: { access_token: string, id_token: string } }"
        let signIn = "  signIn:\n    http: POST /sign-in\n    auth: none\n    response: Tokens"
        let scheme = { (wiring: String) in "auth:\n  oauth:\n    kind: bearer\n\(wiring)" }
        let unwired = scheme("") + miniSchema(types: tokens, extraOperations: signIn)
        let noSignIn = scheme("") + miniSchema(types: tokens)
        let wired = scheme("    login: { operation: signIn, response: { token: access_token } }\n") + miniSchema(types: tokens, extraOperations: signIn)
        let otherField = scheme("    login: { operation: signIn, response: { token: id_token } }\n") + miniSchema(types: tokens, extraOperations: signIn)
        try assertChanges(unwired, wired, ["credential-flow-added|auth oauth.login|compatible|compatible"])
        try assertChanges(
            noSignIn, wired,
            ["credential-flow-added|auth oauth.login|compatible|compatible", "operation-added|operation signIn|compatible|compatible"])
        try assertChanges(wired, unwired, ["credential-flow-removed|auth oauth.login|compatible|breaking"])
        try assertChanges(wired, otherField, ["credential-flow-changed|auth oauth.login|breaks-both|compatible"])
        let added = DiffReport(old: try schema(unwired, file: "old.yaml"), oldName: "old.yaml", new: try schema(wired, file: "new.yaml"), newName: "new.yaml")
        XCTAssertEqual(added.suggestedBump, .minor)
        XCTAssertEqual(added.changes.map(\.detail), ["login through signIn (response token <- access_token) added"])
    }

    func testAuthOfAnOperation() throws {
        let schemes = "auth:\n  key: { kind: apiKey, in: header, name: X-Key }\n  bearer: { kind: bearer }\n"
        let withKey = schemes + miniSchema(operationExtras: "    auth: key")
        let withBearer = schemes + miniSchema(operationExtras: "    auth: bearer")
        let withNone = schemes + miniSchema(operationExtras: "    auth: none")
        try assertChanges(withKey, withNone, ["auth-removed|operation list|breaks-producers|compatible"])
        try assertChanges(withKey, withBearer, ["auth-changed|operation list|breaks-both|compatible"])
    }

    func testCacheArgumentsPaginationChangeAndEnvironmentVariables() throws {
        let cached = miniSchema(operationExtras: "    cache: { mode: network, store: true, maxAge: 60, cacheOnlyParameter: cached }")
        let plainCache = miniSchema(operationExtras: "    cache: { mode: network, store: true, maxAge: 60 }")
        try assertChanges(cached, plainCache, ["cache-arguments-changed|operation list|compatible|breaking"])
        let cursor = miniSchema(operationExtras: "    paginate: { style: cursor, items: items, cursor: cursor, next: next }")
        let token = miniSchema(operationExtras: "    paginate: { style: token, items: items, token: cursor, next: next }")
        try assertChanges(cursor, token, ["pagination-changed|operation list|breaks-both|compatible"])
        let variable = miniSchema().replacingOccurrences(
            of: "  local: { url: \"http://127.0.0.1\" }", with: "  local: { url: \"http://{host}\", variables: { host: { default: 127.0.0.1 } } }")
        let otherDefault = variable.replacingOccurrences(of: "default: 127.0.0.1", with: "default: localhost")
        try assertChanges(variable, otherDefault, ["environment-variables-changed|environment local|compatible|compatible"])
        let twoVariables = miniSchema().replacingOccurrences(
            of: "  local: { url: \"http://127.0.0.1\" }",
            with: "  local: { url: \"http://{host}:{port}\", variables: { host: { default: 127.0.0.1 }, port: { default: \"80\" } } }")
        try assertChanges(
            variable, twoVariables,
            [
                "environment-url-changed|environment local|breaks-both|compatible",
                "environment-variables-changed|environment local|compatible|breaking",
            ])
    }

    func testErrorCatalogueBodyAndRetryable() throws {
        let errors = { (body: String, retryable: String) in
            "errors:\n  body: \(body)\n  code: code\n  cases:\n    busy: { code: BUSY, status: 503, retryable: \(retryable) }\n"
        }
        let types = "  Problem: { fields: { code: string } }\n  OtherProblem: { fields: { code: string, detail: string } }"
        try assertChanges(
            errors("Problem", "true") + miniSchema(types: types), errors("OtherProblem", "true") + miniSchema(types: types),
            ["error-body-changed|errors|breaks-producers|breaking"])
        // The code moved: errors are no longer named the same way on either side.
        try assertChanges(
            errors("OtherProblem", "true") + miniSchema(types: types),
            errors("OtherProblem", "true").replacingOccurrences(of: "code: code", with: "code: detail") + miniSchema(types: types),
            ["error-body-changed|errors|breaks-both|compatible"])
        try assertChanges(
            errors("Problem", "true") + miniSchema(types: types), errors("Problem", "false") + miniSchema(types: types),
            ["error-retryable-changed|error busy|compatible|compatible"])
    }

    func testOutcomesAndUnionDiscriminatorAndVariantRename() throws {
        let single = miniSchema(extraOperations: "  check:\n    http: GET /check\n    responses:\n      ok: { status: 200, body: Page }")
        let two = miniSchema(
            extraOperations: "  check:\n    http: GET /check\n    responses:\n      ok: { status: 200, body: Page }\n      gone: { status: 404 }")
        try assertChanges(single, two, ["outcomes-changed|operation check|breaks-both|breaking"])
        let union = { (discriminator: String, variant: String) in
            miniSchema(
                types:
                    "  Card: { fields: { number: string } }\n  Means:\n    union:\n      discriminator: \(discriminator)\n      variants:\n        \(variant)",
                extraOperations: "  means:\n    http: GET /means\n    response: Means")
        }
        try assertChanges(
            union("kind", "card: Card"), union("type", "card: Card"),
            ["union-discriminator-changed|type Means|breaks-both|compatible"])
        try assertChanges(
            union("kind", "card: Card"), union("kind", "creditCard: { type: Card, value: card, renamedFrom: card }"),
            ["union-variant-renamed|type Means.variant creditCard|compatible|breaking"])
    }

    /// Every rule is pinned by a corpus pair (and so by the proof) or by a test in this file.
    /// Rules the diff proof cannot observe by running a client against a server, and why;
    /// docs/SchemaDiff.md lists the same. They are pinned by the unit tests above.
    static let rulesTheProofCannotDrive: [String: String] = [
        "environment-removed":
            "a removed environment is an address the new schema no longer documents; whether a server still answers there is a deployment fact that no server built from the new schema can show (the sandbox serves one schema at one address), so the wire verdict is a warning for apps configured for it, not something a client can observe",
        "credential-flow-added":
            "the proof's callers call every operation but not the wrappers a credential wiring generates (`<scheme>TokenMiddleware(store:)`, `savingTo:`, `clearing:`), so neither axis of a wiring change is observed by them yet",
        "credential-flow-removed": "as credential-flow-added",
        "credential-flow-changed": "as credential-flow-added",
    ]

    func testEveryRuleHasACorpusPair() throws {
        let corpusRules = Set(try CorpusPair.all().flatMap(\.expected).map(\.rule))
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let withoutPair = ChangeRule.allCases.map(\.rawValue).filter { !corpusRules.contains($0) && Self.rulesTheProofCannotDrive[$0] == nil }
        XCTAssertEqual(withoutPair, [])
        for rule in Self.rulesTheProofCannotDrive.keys.sorted() {
            XCTAssertFalse(corpusRules.contains(rule), "\(rule) has a corpus pair now; drop it from rulesTheProofCannotDrive")
            XCTAssertTrue(source.contains("\"\(rule)|"), "\(rule) is neither in the corpus nor pinned by a unit test")
        }
    }

    func testSemverBump() throws {
        let pairs = try CorpusPair.all()
        func bump(_ name: String) throws -> VersionBump {
            let pair = try XCTUnwrap(pairs.first { $0.name == name })
            return DiffReport(
                old: try SchemaLoader.loadOrThrow(path: pair.old.path), oldName: "old", new: try SchemaLoader.loadOrThrow(path: pair.new.path), newName: "new"
            ).suggestedBump
        }
        XCTAssertEqual(try bump("identical"), VersionBump.none)
        XCTAssertEqual(try bump("cache-changed"), .patch)
        XCTAssertEqual(try bump("operation-added"), .minor)
        XCTAssertEqual(try bump("deprecated"), .minor)
        XCTAssertEqual(try bump("operation-removed"), .major)
        XCTAssertEqual(try bump("constraint-loosened-request"), .major)
    }

    func testFailurePolicies() throws {
        let change = { (wire: WireImpact, source: SourceImpact) in
            SchemaChange(
                rule: .deprecated, subject: "s", detail: "d", oldLocation: nil, newLocation: nil, wire: wire, wireReason: "w", source: source, sourceReason: "s"
            )
        }
        XCTAssertTrue(FailurePolicy.wire.fails([change(.breaksProducers, .compatible)]))
        XCTAssertFalse(FailurePolicy.wire.fails([change(.compatible, .breaking)]))
        XCTAssertTrue(FailurePolicy.source.fails([change(.compatible, .breaking)]))
        XCTAssertFalse(FailurePolicy.source.fails([change(.breaksBoth, .compatible)]))
        XCTAssertTrue(FailurePolicy.any.fails([change(.breaksClients, .compatible)]))
        XCTAssertFalse(FailurePolicy.any.fails([change(.compatible, .compatible)]))
    }
}

/// docs/SchemaDiff.md lists every rule identifier the JSON output can contain.
final class RuleDocumentationTests: XCTestCase {
    func testEveryRuleIsDocumented() throws {
        let docs = try String(contentsOf: packageRoot.appendingPathComponent("docs/SchemaDiff.md"), encoding: .utf8)
        let undocumented = ChangeRule.allCases.filter { rule in
            // Families are written once with their suffixes: `union-variant-added`, `-removed`, ...
            !docs.contains("`\(rule.rawValue)`") && !docs.contains("`-\(rule.rawValue.split(separator: "-").last!)`")
        }
        XCTAssertEqual(undocumented, [])
    }
}
