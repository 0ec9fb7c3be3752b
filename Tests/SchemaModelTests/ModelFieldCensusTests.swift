import Foundation
import SchemaModel
import TestSupport
import XCTest

/// The tripwire for a new field of the schema model. A new enum case stops every module that switches over
/// the enum from compiling (CONTRIBUTING.md, "The compiler enforces the checklist"), but a new stored field
/// compiles everywhere: consumers read the model's structs property by property, and only the parser calls
/// their memberwise initializers (and not even it when the field has a default value). So this test lists
/// every stored property of the model's structs, read with `Mirror` from the KitchenSink schema, which uses
/// every construct, and fails when one is added, removed or renamed. Update `recorded` after the field has
/// been through CONTRIBUTING.md's "Adding a schema construct" checklist: parser, validator, docs,
/// meta-schema, renderer, payload validation, sandbox, exports, import, diff, describe, traffic, fuzzing.
final class ModelFieldCensusTests: XCTestCase {
    /// `Schema.typePositions` is the private index of `types`, not a construct.
    static let recorded: [String: [String]] = [
        "SchemaModel.AuthScheme": ["name", "kind", "notes", "location", "flows"],
        "SchemaModel.CachePolicy": ["mode", "maxAge", "refreshErrors", "notes", "store", "cacheOnlyParameter", "maxAgeParameter", "parameterLocations"],
        "SchemaModel.Constraints": [
            "minLength", "maxLength", "pattern", "minimum", "maximum", "minItems", "maxItems", "dateFormat", "excluded", "elements",
        ],
        "SchemaModel.ElementRules": ["isNullable", "constraints", "location", "keyword"],
        "SchemaModel.CredentialExchange": ["operation", "request", "requestInputs", "response", "location"],
        "SchemaModel.CredentialFlows": ["login", "refresh", "logout", "logoutLocation"],
        "SchemaModel.Enumeration": ["rawType", "cases"],
        "SchemaModel.Enumeration.Case": ["name", "value", "notes", "location"],
        "SchemaModel.Environment": ["name", "url", "variables", "notes", "location"],
        "SchemaModel.Environment.Variable": ["name", "defaultValue", "notes", "location"],
        "SchemaModel.ErrorCatalogue": ["body", "bodyLocation", "codePath", "cases", "notes", "envelope", "envelopeLocation"],
        "SchemaModel.ErrorCatalogue.Case": [
            "name", "code", "status", "isRetryable", "notes", "location", "family", "declaredRetryable", "conditions", "statusFirst", "statusFirstLocation",
            "body", "bodyLocation",
        ],
        "SchemaModel.Example": ["name", "value", "location"],
        "SchemaModel.ExcludedValue": ["text", "location"],
        "SchemaModel.Field": [
            "name", "wireName", "type", "typeLocation", "isOptional", "isNullable", "defaultValue", "constraints", "example", "isSecret", "queryStyle",
            "includedFrom",
            "notes", "location",
        ],
        "SchemaModel.Notes": ["docs", "deprecated", "modelled", "renamedFrom", "renamedFromLocation"],
        "SchemaModel.OperationDefinition": [
            "name", "method", "path", "pathLocation", "pathParameters", "queryParameters", "headerParameters", "body", "response", "responseLocation",
            "successStatus", "errors", "authRequirements", "isIdempotent", "idempotencyKeyHeader", "pagination", "cache", "notes", "examples", "location",
            "responseContentType", "outcomes", "responseHeaders", "literalQuery", "stream", "requestStream",
        ],
        "SchemaModel.EventStreamResponse": ["format", "events", "eventsLocation", "notes", "location"],
        "SchemaModel.OperationDefinition.Body": ["type", "typeLocation", "notes", "encoding", "contentType", "style"],
        "SchemaModel.OperationDefinition.OperationExample": ["name", "parameters", "request", "response", "status", "location"],
        "SchemaModel.LiteralQueryItem": ["name", "value"],
        "SchemaModel.Outcome": ["name", "status", "conditions", "kind", "notes", "location"],
        "SchemaModel.Outcome.Condition": ["path", "values"],
        "SchemaModel.Pagination": ["style", "items", "requestParameter", "sizeParameter", "firstPage", "next", "previous", "totalPages", "last", "location"],
        "SchemaModel.Schema": [
            "api", "version", "summary", "notes", "environments", "authSchemes", "defaultAuth", "errors", "types", "operations", "channels", "events",
            "file", "typePositions",
        ],
        "SchemaModel.ChannelDefinition": ["name", "handshake", "send", "sendLocation", "receive", "receiveLocation", "closeCodes"],
        "SchemaModel.ChannelDefinition.CloseCode": ["code", "action", "notes", "location"],
        "SchemaModel.EventDefinition": ["name", "payload", "payloadLocation", "delivery", "recognition", "recognitionLocation", "notes", "location"],
        "SchemaModel.EventDefinition.Webhook": ["method", "path", "headers"],
        "SchemaModel.TypeDefinition": ["name", "kind", "notes", "examples", "location", "includes", "additionalFields", "isNullable"],
        "SchemaModel.Inclusion": ["name", "location"],
        "SchemaModel.AdditionalFields": ["type", "location"],
        "SchemaModel.Union": ["discriminator", "tagType", "variants"],
        "SchemaModel.Union.Variant": ["name", "type", "tag", "constraints", "notes", "location"],
    ]

    func testEveryStoredFieldOfTheModelIsRecorded() throws {
        let schema = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path)
        let found = try Self.storedFields(of: schema)
        let added = found.flatMap { type, fields in fields.filter { !(Self.recorded[type] ?? []).contains($0) }.map { "\(type).\($0)" } }
        let removed = Self.recorded.flatMap { type, fields in fields.filter { !(found[type] ?? []).contains($0) }.map { "\(type).\($0)" } }
        XCTAssertTrue(
            added.isEmpty && removed.isEmpty,
            """
            the model's stored fields changed (added: \(added.sorted()), removed: \(removed.sorted())). Take the field through \
            CONTRIBUTING.md's "Adding a schema construct" checklist, then record it here:
            \(Self.literal(found))
            """)
    }

    /// The stored property names of one value of each model struct, by type name.
    private static func storedFields(of schema: Schema) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        func record(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            found[String(reflecting: mirror.subjectType)] = mirror.children.compactMap(\.label)
        }
        let environment = try XCTUnwrap(schema.environments.first { !$0.variables.isEmpty })
        let flows = try XCTUnwrap(schema.authSchemes.map(\.flows).first { $0.refresh != nil })
        let errors = try XCTUnwrap(schema.errors)
        let enumeration = try XCTUnwrap(schema.types.lazy.compactMap { if case .enumeration(let e) = $0.kind { e } else { nil } }.first)
        let union = try XCTUnwrap(schema.types.lazy.compactMap { if case .union(let u) = $0.kind { u } else { nil } }.first)
        let field = try XCTUnwrap(schema.types.flatMap(\.fields).first)
        let excluded = try XCTUnwrap(schema.types.flatMap(\.fields).lazy.compactMap(\.constraints.excluded?.first).first)
        let elements = try XCTUnwrap(schema.types.flatMap(\.fields).lazy.compactMap(\.constraints.elements).first)
        let example = try XCTUnwrap(schema.types.flatMap(\.examples).first)
        let body = try XCTUnwrap(schema.operations.lazy.compactMap(\.body).first)
        let operationExample = try XCTUnwrap(schema.operations.flatMap(\.examples).first)
        let outcome = try XCTUnwrap(schema.operations.flatMap { $0.outcomes ?? [] }.first { !$0.conditions.isEmpty })
        let composed = try XCTUnwrap(schema.types.first { !$0.includes.isEmpty && $0.additionalFields != nil })
        let webhook: EventDefinition.Webhook = try XCTUnwrap(
            schema.events.lazy.compactMap { event -> EventDefinition.Webhook? in
                guard case .webhook(let webhook) = event.delivery else { return nil }
                return webhook
            }.first)
        for value: Any in [
            schema, schema.notes, environment, environment.variables[0], schema.authSchemes[0], flows, try XCTUnwrap(flows.refresh),
            errors, errors.cases[0], schema.types[0], enumeration, enumeration.cases[0], union, union.variants[0], field, field.constraints,
            excluded, elements, example, composed.includes[0], try XCTUnwrap(composed.additionalFields), schema.operations[0], body, operationExample, outcome,
            outcome.conditions[0], try XCTUnwrap(schema.operations.lazy.compactMap(\.literalQuery.first).first),
            try XCTUnwrap(schema.operations.lazy.compactMap(\.pagination).first), try XCTUnwrap(schema.operations.lazy.compactMap(\.cache).first),
            try XCTUnwrap(schema.operations.lazy.compactMap(\.stream).first), try XCTUnwrap(schema.channels.first),
            try XCTUnwrap(schema.channels.first?.closeCodes.first), schema.events[0], webhook,
        ] {
            record(value)
        }
        return found
    }

    /// `found` as the Swift literal of `recorded`, to paste.
    private static func literal(_ found: [String: [String]]) -> String {
        let entries = found.keys.sorted().map { type in
            "        \"\(type)\": [" + found[type]!.map { "\"\($0)\"" }.joined(separator: ", ") + "],"
        }
        return "[\n" + entries.joined(separator: "\n") + "\n    ]"
    }
}
