import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// One construct the schema language cannot say never fails a whole document (issue 27): the import
/// leaves it out at the smallest scope (a default, a constraint, a union, an operation, a server) with
/// a `file:line:column` warning naming its JSON Pointer, and the written schema loads the first time.
/// Each document is the smallest form of a construct that failed a corpus document before.
final class SmallestScopeTests: XCTestCase {
    private struct Imported {
        let schema: Schema
        let text: String
        let warnings: [String]
    }

    private func imported(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Imported {
        let result = OpenAPIImport.importDocument(text: text, file: "api.yaml")
        let diagnostics = result.diagnostics.map(\.description)
        XCTAssertFalse(result.hasErrors, diagnostics.joined(separator: "\n"), file: file, line: line)
        let text = try XCTUnwrap(result.schema, diagnostics.joined(separator: "\n"), file: file, line: line)
        let loaded = SchemaLoader.load(text: text, file: "api.imported.yaml")
        XCTAssertEqual(loaded.diagnostics.map(\.description), [], "the written schema lints clean", file: file, line: line)
        let schema = try XCTUnwrap(loaded.schema, text, file: file, line: line)
        return Imported(schema: schema, text: text, warnings: result.diagnostics.filter { $0.severity == .warning }.map(\.description))
    }

    private func document(schemas: String, paths: String = "{}", servers: String = #"[{ url: "https://api.example.com" }]"#) -> String {
        """
        openapi: 3.0.3
        info: { title: Api, version: "1" }
        servers: \(servers)
        paths: \(paths)
        components:
          schemas:
        \(schemas)
        """
    }

    // MARK: Defaults

    /// cloud-hypervisor (`size: {type: integer, default: 512 MB}`) and openai (`default: inf` on an
    /// integer) failed whole: a default that is not a value of its type goes, and the field, no
    /// longer defaulted, becomes optional. So does one outside its bounds (openai's `file_ids: default: []`
    /// with `minItems: 1`, which the client sent and the server refused).
    func testADefaultThatIsNotAValueOfItsTypeIsLeftOut() throws {
        let result = try imported(
            document(
                schemas: """
                        Memory:
                          type: object
                          required: [label]
                          properties:
                            size: { type: integer, format: int64, default: 512 MB }
                            tokens: { type: integer, default: inf }
                            small: { type: integer, format: int32, default: 4294967296 }
                            level: { $ref: "#/components/schemas/Level" }
                            label: { type: string, default: 7 }
                            ratio: { type: number, minimum: 0, maximum: 1, default: 2 }
                            kept: { type: integer, default: 3 }
                            fileIds: { type: array, items: { type: string }, minItems: 1, default: [] }
                        Level:
                          type: string
                          enum: [low, high]
                          default: medium
                    """))
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:11:56: warning: default a string '512 MB' of type int must be an integer, found a string: not imported [#/components/schemas/Memory/properties/size/default]",
                "api.yaml:12:43: warning: default a string 'inf' of type int must be an integer, found a string: not imported [#/components/schemas/Memory/properties/tokens/default]",
                "api.yaml:13:57: warning: default an integer '4294967296' of type int32 does not fit in int32: not imported [#/components/schemas/Memory/properties/small/default]",
                "api.yaml:15:41: warning: default an integer '7' of type string must be a string, found an integer: not imported [#/components/schemas/Memory/properties/label/default]",
                "api.yaml:16:65: warning: default an integer '2' is greater than the maximum 1: not imported [#/components/schemas/Memory/properties/ratio/default]",
                "api.yaml:18:80: warning: default a list has 0 elements, fewer than minItems 1: not imported [#/components/schemas/Memory/properties/fileIds/default]",
            ])
        let fields = try XCTUnwrap(result.schema.type(named: "Memory")?.fields)
        XCTAssertEqual(
            fields.map { "\($0.name) \($0.type) optional=\($0.isOptional) default=\($0.defaultValue?.scalar?.text ?? "-")" },
            [
                "size int optional=true default=-", "tokens int optional=true default=-", "small int32 optional=true default=-",
                "level Level optional=true default=-",
                // A required field stays required: its default was never what made it so.
                "label string optional=false default=-", "ratio double optional=true default=-", "kept int optional=false default=3",
                "fileIds [string] optional=true default=-",
            ])
    }

    /// A parameter's default is checked the same way; a path parameter's default never applies.
    func testAParameterDefaultThatIsNotAValueOfItsTypeIsLeftOut() throws {
        let result = try imported(
            document(
                schemas: "    {}",
                paths: """

                      /items/{id}:
                        get:
                          operationId: listItems
                          parameters:
                            - { name: id, in: path, required: true, schema: { type: string, default: all } }
                            - { name: limit, in: query, schema: { type: integer, default: lots } }
                            - { name: page, in: query, schema: { type: integer, default: 1 } }
                          responses: { "204": { description: none } }
                    """))
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:9:82: warning: a path parameter's default cannot be written in the schema language: not imported [#/paths/~1items~1{id}/get/parameters/0/schema/default]",
                "api.yaml:10:71: warning: default a string 'lots' of type int must be an integer, found a string: not imported [#/paths/~1items~1{id}/get/parameters/1/schema/default]",
            ])
        let operation = try XCTUnwrap(result.schema.operations.first)
        XCTAssertEqual(
            operation.parameters.map { "\($0.field.name) optional=\($0.field.isOptional) default=\($0.field.defaultValue?.scalar?.text ?? "-")" },
            ["id optional=false default=-", "limit optional=true default=-", "page optional=false default=1"])
    }

    // MARK: Constraints

    /// A constraint the language would reject for the type it ends up on goes alone.
    func testAConstraintTheTypeCannotHoldIsLeftOut() throws {
        let result = try imported(
            document(
                schemas: """
                        Thing:
                          type: object
                          properties:
                            owner: { $ref: "#/components/schemas/Owner", maxLength: 3 }
                            code: { type: string, pattern: "[" }
                            size: { type: integer, minimum: 10, maximum: 1 }
                        Owner:
                          type: object
                          properties: { name: { type: string } }
                    """))
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:10:65: warning: 'maxLength' applies to strings, not to Owner, in the schema language: not imported [#/components/schemas/Thing/properties/owner/maxLength]",
                "api.yaml:11:40: warning: 'pattern' is not a regular expression the validator can apply in the schema language: not imported [#/components/schemas/Thing/properties/code/pattern]",
                "api.yaml:12:41: warning: 'minimum' is greater than 'maximum' (neither is imported), which cannot be written in the schema language: not imported [#/components/schemas/Thing/properties/size/minimum]",
            ])
        let fields = try XCTUnwrap(result.schema.type(named: "Thing")?.fields)
        XCTAssertTrue(fields.allSatisfy { $0.constraints.isEmpty }, "\(fields.map(\.constraints))")
    }

    // MARK: Unions

    /// netflix-consoleme: a variant that is `allOf` of one component (an alias of a struct) is that
    /// struct; box: a union of maps is an untagged union, its maps told apart by their values (issue
    /// 27 line 3; it was `json` before).
    func testUnionMembersThatAreNotStructs() throws {
        let result = try imported(
            document(
                schemas: """
                        Base:
                          type: object
                          required: [kind]
                          properties: { kind: { type: string }, note: { type: string } }
                        Move: { allOf: [{ $ref: "#/components/schemas/Base" }] }
                        Approve: { allOf: [{ $ref: "#/components/schemas/Base" }] }
                        Modification:
                          oneOf: [{ $ref: "#/components/schemas/Move" }, { $ref: "#/components/schemas/Approve" }]
                          discriminator: { propertyName: kind, mapping: { move: "#/components/schemas/Move", approve: "#/components/schemas/Approve" } }
                        StringFilter: { type: object, additionalProperties: { type: string } }
                        NumberFilter: { type: object, additionalProperties: { type: number } }
                        Filter:
                          anyOf: [{ $ref: "#/components/schemas/StringFilter" }, { $ref: "#/components/schemas/NumberFilter" }]
                        Search:
                          type: object
                          properties: { filter: { $ref: "#/components/schemas/Filter" }, change: { $ref: "#/components/schemas/Modification" } }
                    """))
        XCTAssertEqual(result.warnings, [])
        guard case .union(let union)? = result.schema.type(named: "Modification")?.kind else {
            return XCTFail("Modification is not a union:\n\(result.text)")
        }
        XCTAssertEqual(union.variants.map { "\($0.name) \($0.type) \($0.tag)" }, ["move Base move", "approve Base approve"])
        guard case .union(let filter)? = result.schema.type(named: "Filter")?.kind else {
            return XCTFail("Filter is not a union:\n\(result.text)")
        }
        XCTAssertNil(filter.discriminator)
        XCTAssertEqual(filter.variants.map { "\($0.name) \($0.type)" }, ["string StringFilter", "number NumberFilter"])
        XCTAssertEqual(result.schema.variantShape(of: .named("NumberFilter")), .map(.fraction))
    }

    /// box's File is `allOf: [File--Mini, {…}]` and File--Mini `allOf: [File--Base, {…}]`, where File--Base
    /// requires `id` and `type`: the flattened struct holds every part's properties and `required`, a
    /// component part's too (they were dropped, so File required no keys).
    func testAllOfOfComponentsKeepsEveryPartsFieldsAndRequiredKeys() throws {
        let result = try imported(
            document(
                schemas: """
                        FileBase:
                          type: object
                          required: [id, type]
                          properties: { id: { type: string }, type: { type: string, enum: [file] }, etag: { type: string } }
                        FileMini:
                          allOf: [{ $ref: "#/components/schemas/FileBase" }, { properties: { name: { type: string } } }]
                        File:
                          allOf: [{ $ref: "#/components/schemas/FileMini" }, { properties: { size: { type: integer } } }]
                    """))
        let fields = try XCTUnwrap(result.schema.type(named: "File")?.fields, result.text)
        XCTAssertEqual(fields.map { "\($0.wireName)\($0.isRequiredOnWire ? "" : "?")" }, ["id", "type", "etag?", "name?", "size?"], result.text)
        XCTAssertEqual(
            result.schema.variantShape(of: .named("File")),
            .structure(
                requiredKeys: ["id", "type"], constants: ["type": .string("file")],
                valueKinds: ["id": [.string], "type": [.string], "etag": [.string], "name": [.string], "size": [.number]]))
    }

    /// box's `file | folder` and openai's assistant tools (`type: code_interpreter | retrieval`): structs
    /// requiring the same keys but holding different constants (a single-value `enum` or a `const`) are an
    /// untagged union (they were `json`, issue 27 line 3); structs alike in their constants too stay `json`.
    func testUnionOfStructsToldApartByConstants() throws {
        let result = try imported(
            document(
                schemas: """
                        CodeTool:
                          type: object
                          required: [type]
                          properties: { type: { type: string, enum: [code_interpreter] } }
                        RetrievalTool:
                          type: object
                          required: [type]
                          properties: { type: { const: retrieval } }
                        Tool:
                          oneOf: [{ $ref: "#/components/schemas/CodeTool" }, { $ref: "#/components/schemas/RetrievalTool" }]
                        Level1:
                          type: object
                          required: [level, name]
                          properties: { level: { type: integer, enum: [1] }, name: { type: string } }
                        OtherLevel1:
                          type: object
                          required: [level, name]
                          properties: { level: { type: integer, enum: [1] }, name: { type: string, format: email } }
                        Same:
                          anyOf: [{ $ref: "#/components/schemas/Level1" }, { $ref: "#/components/schemas/OtherLevel1" }]
                    """))
        guard case .union(let tool)? = result.schema.type(named: "Tool")?.kind else { return XCTFail("Tool is not a union:\n\(result.text)") }
        XCTAssertNil(tool.discriminator)
        XCTAssertEqual(tool.variants.map { result.schema.constants(of: $0) }, [["type": .string("code_interpreter")], ["type": .string("retrieval")]])
        XCTAssertEqual(
            result.warnings.map { $0.replacingOccurrences(of: #"api\.yaml:\d+:\d+: "#, with: "", options: .regularExpression) },
            [
                "warning: variants 'level1' and 'otherLevel1' of 'Same' require the same keys (level, name) and constants (level), so no payload tells them apart without a discriminator: imported as json [#/components/schemas/Same]"
            ], result.text)
    }

    /// netflix-consoleme's change models: variants `allOf` a shared base, each narrowing `change_type` by a
    /// `pattern` without regex syntax (`inline_policy`, `resource_policy|sts_resource_policy`), used as
    /// constants. The pattern is read as the values it names (an enum, a one-value enum being a constant),
    /// with one warning for every unanchored one (the document also allows strings containing them);
    /// `^word$` says exactly its value and warns nothing. A `discriminator` without a mapping over such
    /// variants cannot mean component names as tags, so the union is read by shape (the two were `json`,
    /// and the discriminated response tagged by names no payload can carry).
    func testPatternsUsedAsConstantsTellVariantsApart() throws {
        let result = try imported(
            document(
                schemas: """
                        Change:
                          type: object
                          required: [change_type, arn]
                          properties: { change_type: { type: string }, arn: { type: string } }
                        InlineChange:
                          allOf: [{ $ref: "#/components/schemas/Change" }, { properties: { change_type: { type: string, pattern: inline_policy } } }]
                        ManagedChange:
                          allOf: [{ $ref: "#/components/schemas/Change" }, { properties: { change_type: { type: string, pattern: "^managed_policy$" } } }]
                        ResourceChange:
                          allOf:
                            - $ref: "#/components/schemas/Change"
                            - properties: { change_type: { type: string, pattern: "resource_policy|sts_resource_policy" } }
                        Changes:
                          anyOf: [{ $ref: "#/components/schemas/InlineChange" }, { $ref: "#/components/schemas/ManagedChange" }]
                        Tagged:
                          oneOf: [{ $ref: "#/components/schemas/InlineChange" }, { $ref: "#/components/schemas/ResourceChange" }]
                          discriminator: { propertyName: change_type }
                        Regex:
                          type: object
                          properties: { code: { type: string, pattern: "^[a-z]+$" }, word: { type: string, pattern: "a.b" } }
                    """))
        guard case .union(let changes)? = result.schema.type(named: "Changes")?.kind else { return XCTFail("Changes is not a union:\n\(result.text)") }
        XCTAssertEqual(
            changes.variants.map { result.schema.constants(of: $0) }, [["change_type": .string("inline_policy")], ["change_type": .string("managed_policy")]])
        guard case .union(let tagged)? = result.schema.type(named: "Tagged")?.kind else { return XCTFail("Tagged is not a union:\n\(result.text)") }
        XCTAssertNil(tagged.discriminator, "payloads carry inline_policy, not InlineChange")
        XCTAssertEqual(tagged.variants.map(\.type), [.named("InlineChange"), .named("ResourceChange")])
        let resourceType = try XCTUnwrap(result.schema.type(named: "ResourceChange")?.fields.first { $0.wireName == "change_type" }?.type)
        guard case .enumeration(let values)? = result.schema.type(named: resourceType.description)?.kind else {
            return XCTFail("ResourceChange.change_type is not an enum:\n\(result.text)")
        }
        XCTAssertEqual(values.cases.map(\.value), ["resource_policy", "sts_resource_policy"])
        let regex = try XCTUnwrap(result.schema.type(named: "Regex")?.fields)
        XCTAssertEqual(
            regex.map { "\($0.type) \($0.constraints.pattern ?? "")" }, ["string ^[a-z]+$", "string a.b"], "a pattern with regex syntax stays a pattern")
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:12:110: warning: a pattern without regex syntax is read as the values it names, an enum ('sqs' is the value 'sqs'); unanchored, the document also allows any string containing them [#/components/schemas/InlineChange/allOf/1/properties/change_type/pattern] (and 1 more place)",
                "api.yaml:23:22: warning: discriminator 'change_type' has no mapping, and branch 'InlineChange' only allows 'inline_policy' there, so payloads cannot carry component names as tags: imported without the discriminator, its variants told apart by shape [#/components/schemas/Tagged/discriminator]",
            ], result.text)
    }

    /// GitHub's 422 bodies (`validation-error | validation-error-simple`) and box's metadata filters (maps of
    /// `{gt, lt}` numbers or of `{gt, lt}` date-times): structs requiring the same keys, without constants,
    /// whose values at a key both declare differ in JSON kind are an untagged union (they were `json`): a
    /// payload the first cannot decode goes to the second. Alike in kinds too, they stay `json`.
    func testUnionOfStructsToldApartByTheKindsOfTheirValues() throws {
        let result = try imported(
            document(
                schemas: """
                        Detailed:
                          type: object
                          required: [message]
                          properties: { message: { type: string }, errors: { type: array, items: { type: object, required: [code], properties: { code: { type: string } } } } }
                        Simple:
                          type: object
                          required: [message]
                          properties: { message: { type: string }, errors: { type: array, items: { type: string } } }
                        Problem:
                          oneOf: [{ $ref: "#/components/schemas/Detailed" }, { $ref: "#/components/schemas/Simple" }]
                        FloatRange:
                          type: object
                          additionalProperties: { type: object, properties: { gt: { type: number }, lt: { type: number } } }
                        DateRange:
                          type: object
                          additionalProperties: { type: object, properties: { gt: { type: string, format: date-time }, lt: { type: string, format: date-time } } }
                        Filter:
                          anyOf: [{ $ref: "#/components/schemas/FloatRange" }, { $ref: "#/components/schemas/DateRange" }]
                        Emails:
                          type: object
                          required: [message]
                          properties: { message: { type: string }, errors: { type: array, items: { type: string, format: email } } }
                        Alike:
                          oneOf: [{ $ref: "#/components/schemas/Simple" }, { $ref: "#/components/schemas/Emails" }]
                    """))
        guard case .union(let problem)? = result.schema.type(named: "Problem")?.kind else { return XCTFail("Problem is not a union:\n\(result.text)") }
        XCTAssertEqual(problem.variants.map(\.type), [.named("Detailed"), .named("Simple")])
        XCTAssertEqual(
            problem.variants.map { result.schema.variantShape(of: $0.type) },
            [
                .structure(requiredKeys: ["message"], valueKinds: ["message": [.string], "errors": [.array, .object]]),
                .structure(requiredKeys: ["message"], valueKinds: ["message": [.string], "errors": [.array, .string]]),
            ])
        guard case .union(let filter)? = result.schema.type(named: "Filter")?.kind else { return XCTFail("Filter is not a union:\n\(result.text)") }
        XCTAssertEqual(filter.variants.map(\.type), [.named("FloatRange"), .named("DateRange")])
        XCTAssertEqual(
            result.warnings.map { $0.replacingOccurrences(of: #"api\.yaml:\d+:\d+: "#, with: "", options: .regularExpression) },
            [
                "warning: variants 'simple' and 'emails' of 'Alike' require the same keys (message), so no payload tells them apart without a discriminator: imported as json [#/components/schemas/Alike]"
            ], result.text)
        XCTAssertEqual(SchemaLoader.load(text: result.text, file: "imported.yaml").diagnostics.map(\.description), [], "lint accepts what import writes")
    }

    /// GitHub's gist and check-run bodies: `anyOf` beside `properties` whose branches only require some of
    /// those properties (or allow none: `maxProperties: 0`) is the object, its properties optional, with
    /// a warning that which come together is not checked; they were `json`. A branch with a type of its
    /// own, or a property the object does not declare, still makes the value `json`.
    func testAnyOfThatOnlyRequiresSomePropertiesIsTheObject() throws {
        let result = try imported(
            document(
                schemas: """
                        GistUpdate:
                          type: object
                          nullable: true
                          properties: { description: { type: string }, files: { type: object, additionalProperties: { type: string } } }
                          anyOf: [{ required: [description] }, { required: [files] }, { type: object, maxProperties: 0 }]
                        CheckRun:
                          type: object
                          required: [name]
                          properties: { name: { type: string }, status: { type: string, enum: [queued, completed] }, conclusion: { type: string } }
                          oneOf:
                            - { properties: { status: { enum: [completed] } }, required: [conclusion], additionalProperties: true }
                            - { properties: { status: { enum: [queued] } }, additionalProperties: true }
                        Other:
                          type: object
                          properties: { name: { type: string } }
                          anyOf: [{ required: [name] }, { required: [id] }]
                    """,
                paths: """

                      /gists:
                        patch:
                          operationId: updateGist
                          requestBody:
                            content:
                              application/json:
                                schema: { type: object, properties: { description: { type: string } }, anyOf: [{ required: [description] }, { maxProperties: 0 }] }
                          responses: { "204": { description: none } }
                    """))
        let gist = try XCTUnwrap(result.schema.type(named: "GistUpdate")?.fields, result.text)
        XCTAssertEqual(gist.map { "\($0.wireName)\($0.isRequiredOnWire ? "" : "?")" }, ["description?", "files?"], result.text)
        let check = try XCTUnwrap(result.schema.type(named: "CheckRun")?.fields, result.text)
        XCTAssertEqual(check.map { "\($0.wireName)\($0.isRequiredOnWire ? "" : "?")" }, ["name", "status?", "conclusion?"], result.text)
        guard case .alias(.primitive(.json), _)? = result.schema.type(named: "Other")?.kind else { return XCTFail(result.text) }
        let warnings = result.warnings.map { $0.replacingOccurrences(of: #"api\.yaml:\d+:\d+: "#, with: "", options: .regularExpression) }
        // Two places, each counted once (an inline body is read where it is named and where it is used).
        XCTAssert(warnings.contains { $0.hasSuffix("[#/components/schemas/GistUpdate/anyOf] (and 1 more place)") }, warnings.joined(separator: "\n"))
        XCTAssertEqual(result.schema.operations.first?.body?.type, .named("UpdateGistRequest"), result.text)
        for (keyword, type) in [("anyOf", "GistUpdate"), ("oneOf", "CheckRun")] {
            XCTAssert(
                warnings.contains {
                    $0.hasPrefix(
                        "warning: \(keyword) beside properties only says which of the properties must be present together, which the schema language cannot check: imported as the object, those properties optional [#/components/schemas/\(type)/\(keyword)]"
                    )
                }, warnings.joined(separator: "\n"))
        }
        XCTAssert(
            warnings.contains { $0.contains("cannot be a union in the schema language: imported as json [#/components/schemas/Other/anyOf]") },
            warnings.joined(separator: "\n"))
    }

    /// openai's `stop` and `prompt`: `oneOf` of primitives, lists and inline objects is an untagged union
    /// chosen by shape, its variants named after their types; branches no shape tells apart (two plain
    /// strings) keep the union `json`, with a warning.
    func testUnionsOfPrimitivesListsAndInlineObjects() throws {
        let result = try imported(
            document(
                schemas: """
                        Request:
                          type: object
                          properties:
                            stop: { oneOf: [{ type: string }, { type: array, items: { type: string } }] }
                            prompt: { oneOf: [{ type: string }, { type: array, items: { type: integer } }, { type: object, required: [text], properties: { text: { type: string } } }] }
                            same: { anyOf: [{ type: string }, { type: string, format: email }] }
                    """))
        XCTAssertEqual(
            result.warnings.map { $0.replacingOccurrences(of: #"api\.yaml:\d+:\d+: "#, with: "", options: .regularExpression) },
            [
                "warning: variants 'string' (string) and 'email' (email) of 'RequestSame' have the same JSON shape, so no payload tells them apart without a discriminator: imported as json [#/components/schemas/Request/properties/same]"
            ], result.text)
        guard case .union(let stop)? = result.schema.type(named: "RequestStop")?.kind else { return XCTFail(result.text) }
        XCTAssertEqual(stop.variants.map { "\($0.name) \($0.type)" }, ["string string", "stringList [string]"])
        guard case .union(let prompt)? = result.schema.type(named: "RequestPrompt")?.kind else { return XCTFail(result.text) }
        XCTAssertEqual(prompt.variants.map { "\($0.name) \($0.type)" }, ["string string", "intList [int]", "variant RequestPromptVariant"])
        XCTAssertEqual(result.schema.variantShape(of: .named("RequestPromptVariant")), .structure(requiredKeys: ["text"], valueKinds: ["text": [.string]]))
        guard case .alias(.primitive(.json), _)? = result.schema.type(named: "RequestSame")?.kind else { return XCTFail(result.text) }
    }

    // MARK: Servers

    /// What cannot be a base URL goes at the server's scope: an undeclared placeholder, an unused
    /// variable, a whole-URL default that is no http(s) URL; variables are renamed to identifiers.
    func testServerURLsTheLanguageCannotSay() throws {
        let result = try imported(
            document(
                schemas: "    {}",
                servers: """

                      - { url: "api.example.com/v1" }
                      - { url: "https://{tenant}.example.com/{missing}" , variables: { tenant: { default: a } } }
                      - { url: "https://{tenant-id}.example.com/v1", variables: { tenant-id: { default: a }, region: { default: eu } } }
                      - { url: "{wholeUrl}", variables: { wholeUrl: { default: "ftp://files.example.com" } } }
                      - { url: "{protocol}://{host}", variables: { protocol: { default: ftp }, host: { default: h } } }
                    """))
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:4:12: warning: server URL 'api.example.com/v1' starts with neither a scheme nor a variable nor '/', so it is no base URL; not imported [#/servers/0/url]",
                "api.yaml:5:12: warning: server URL 'https://{tenant}.example.com/{missing}' uses '{missing}', which the server's variables do not declare; not imported [#/servers/1/url]",
                "api.yaml:6:98: warning: server variable 'region' is not used in the URL 'https://{tenant-id}.example.com/v1', which the schema language cannot say: not imported [#/servers/2/variables/region]",
                "api.yaml:7:60: warning: the default of server variable 'wholeUrl' is the whole base URL, which must use http or https, found 'ftp': not imported [#/servers/3/variables/wholeUrl/default]",
                "api.yaml:8:12: warning: the defaults of the variables of server URL '{protocol}://{host}' give a URL that must use http or https, found 'ftp': the defaults are not imported [#/servers/4/url]",
            ])
        XCTAssertEqual(
            result.schema.environments.map { "\($0.name) \($0.url) \($0.variables.map { "\($0.name)=\($0.defaultValue ?? "-")" })" },
            [
                "server3 https://{tenantId}.example.com/v1 [\"tenantId=a\"]", "server4 {wholeUrl} [\"wholeUrl=-\"]",
                "server5 {protocol}://{host} [\"protocol=-\", \"host=-\"]",
            ])
    }

    /// A variable may be any part of the URL (issue 27 line 3): netflix-consoleme's origin variable, github's
    /// scheme variable, and aws-lambda-runtime's relative server, resolved against a server given at run time.
    func testServerURLsWithVariablesAnywhereAndRelativeServers() throws {
        let result = try imported(
            document(
                schemas: "    {}",
                servers: """

                      - { url: "{server}/api/v2", variables: { server: { default: "https://consoleme.example.com" } } }
                      - { url: "{protocol}://{hostname}", variables: { protocol: { default: http }, hostname: { default: HOSTNAME } } }
                      - { url: "/2018-06-01" }
                    """))
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(
            result.schema.environments.map { "\($0.name) \($0.url) \($0.variables.map { "\($0.name)=\($0.defaultValue ?? "-")" })" },
            [
                "production {server}/api/v2 [\"server=https://consoleme.example.com\"]",
                "server2 {protocol}://{hostname} [\"protocol=http\", \"hostname=HOSTNAME\"]",
                "server3 {server}/2018-06-01 [\"server=-\"]",
            ])
        XCTAssertTrue(result.schema.environments.allSatisfy(\.isCheckedAtRunTime))
        XCTAssertEqual(
            result.schema.environments.last?.variables.first?.notes.docs,
            "The server the document's relative URL '/2018-06-01' is resolved against: scheme and host, like https://api.example.com.")
    }

    /// A security requirement of several schemes is one alternative whose schemes are sent together; one
    /// naming a scheme that was not imported (a cookie key) could not be sent in full and goes.
    func testSecurityRequirementsOfSeveralSchemes() throws {
        let result = try imported(
            """
            openapi: 3.1.0
            info: { title: Forum, version: "1" }
            servers: [{ url: "https://forum.example.com" }]
            components:
              securitySchemes:
                key: { type: apiKey, in: header, name: Api-Key }
                user: { type: apiKey, in: header, name: Api-Username }
                bearer: { type: http, scheme: bearer }
                cookie: { type: apiKey, in: cookie, name: sid }
            security: [{ key: [], user: [] }, { bearer: [] }]
            paths:
              /me:
                get:
                  operationId: me
                  responses: { "204": { description: ok } }
              /admin:
                get:
                  operationId: admin
                  security: [{ key: [], cookie: [] }, { key: [], user: [] }]
                  responses: { "204": { description: ok } }
            """)
        XCTAssertTrue(
            result.warnings.contains {
                $0.contains("the requirement of key and cookie together names 'cookie', a scheme that was not imported: the requirement is not imported")
            }, "\(result.warnings)")
        XCTAssertEqual(result.schema.defaultAuth, [["key", "user"], ["bearer"]])
        XCTAssertEqual(result.schema.operation(named: "me")?.authRequirements, [["key", "user"], ["bearer"]])
        XCTAssertEqual(result.schema.operation(named: "admin")?.authRequirements, [["key", "user"]])
        XCTAssertTrue(result.text.contains("defaultAuth:\n  - [key, user]\n  - bearer\n"), result.text)
    }

    // MARK: Paths

    /// Discourse gives a GET a JSON body, which URLSession refuses to send: the body goes, the operation stays.
    func testTheBodyOfAGetIsLeftOut() throws {
        let result = try imported(
            document(
                schemas: "    {}",
                paths: """

                      /posts:
                        get: { operationId: searchPosts, requestBody: { content: { application/json: { schema: { type: object, properties: { ids: { type: array, items: { type: integer } } } } } } }, responses: { "204": { description: none } } }
                    """))
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:6:51: warning: a GET request carries no body (a client such as URLSession refuses to send one): the request body is not imported [#/paths/~1posts/get/requestBody]"
            ])
        XCTAssertEqual(result.schema.operations.map { "\($0.name) \($0.body == nil)" }, ["searchPosts true"])
    }

    /// azure-iot-keyd writes its API version into every path (`/key?api-version=2021-05-01`), which stays the
    /// path's literal query (not a parameter the caller could change); box tells
    /// operations of one route apart by a fragment (`/files/{file_id}#get_shared_link`), which is never sent:
    /// they share the route when their requests require different things, else the plain path wins.
    func testPathsWithALiteralQueryOrAFragment() throws {
        let result = try imported(
            document(
                schemas: "    {}",
                paths: """

                      /key?api-version=2021-05-01:
                        post: { operationId: createKey, responses: { "204": { description: none } } }
                      /files/{file_id}#get_shared_link:
                        get: { operationId: getSharedLink, responses: { "204": { description: none } } }
                      /files/{file_id}:
                        get: { operationId: getFile, parameters: [{ name: file_id, in: path, required: true, schema: { type: string } }], responses: { "204": { description: none } } }
                      /files/{id}#with_fields:
                        get: { operationId: getFileFields, parameters: [{ name: id, in: path, required: true, schema: { type: string } }, { name: fields, in: query, required: true, schema: { type: string } }], responses: { "204": { description: none } } }
                      /folders#all:
                        get: { operationId: listFolders, responses: { "204": { description: none } } }
                      /flags?verbose:
                        get: { operationId: getFlags, responses: { "204": { description: none } } }
                      /items/{a}:
                        get: { operationId: getItemA, parameters: [{ name: a, in: path, required: true, schema: { type: string } }], responses: { "204": { description: none } } }
                      /items/{b}:
                        get: { operationId: getItemB, parameters: [{ name: b, in: path, required: true, schema: { type: string } }], responses: { "204": { description: none } } }
                    """))
        // Shared routes are decided once every operation is read, so their warnings come last.
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:8:10: warning: path parameter 'file_id' is in the path but not declared: imported as a string [#/paths/~1files~1{file_id}#get_shared_link/get]",
                "api.yaml:16:10: warning: the path '/flags?verbose' has a query item without a value, which a query parameter cannot send: operation not imported [#/paths/~1flags?verbose/get]",
                "api.yaml:20:10: warning: GET /items/{b} is also operation 'getItemA', and both require no query parameter, no header and no body; a server cannot tell them apart (a path's fragment is not sent): operation not imported [#/paths/~1items~1{b}/get]",
                "api.yaml:8:10: warning: GET /files/{file_id} is also operation 'getFile', and both require no query parameter, no header and no body; a server cannot tell them apart (a path's fragment is not sent): operation not imported [#/paths/~1files~1{file_id}#get_shared_link/get]",
            ])
        XCTAssertEqual(
            result.schema.operations.map {
                "\($0.name) \($0.method) \($0.pathWithLiteralQuery) \($0.queryParameters.map { "\($0.name)/\($0.wireName)=\($0.defaultValue?.scalar?.text ?? "-")" })"
            },
            [
                "createKey POST /key?api-version=2021-05-01 []", "getFile GET /files/{fileId} []",
                "getFileFields GET /files/{id} [\"fields/fields=-\"]", "listFolders GET /folders []", "getItemA GET /items/{a} []",
            ])
    }

    /// A path placeholder the operation does not declare (OpenAPI requires it; documents forget) is a
    /// string, as the path carries it, with a warning: before, the written schema did not load and the
    /// import blamed itself ("a bug of the importer").
    func testAnUndeclaredPathPlaceholderIsAString() throws {
        let result = try imported(
            document(
                schemas: "    {}",
                paths: """

                      /users/{user_id}/posts/{post-id}:
                        get: { operationId: getPost, parameters: [{ name: post-id, in: path, required: true, schema: { type: integer } }], responses: { "204": { description: none } } }
                    """))
        XCTAssertEqual(
            result.warnings,
            [
                "api.yaml:6:10: warning: path parameter 'user_id' is in the path but not declared: imported as a string [#/paths/~1users~1{user_id}~1posts~1{post-id}/get]"
            ])
        let operation = try XCTUnwrap(result.schema.operations.first)
        XCTAssertEqual(operation.path, "/users/{userId}/posts/{postId}")
        XCTAssertEqual(operation.pathParameters.map { "\($0.name): \($0.type)" }, ["postId: int", "userId: string"])
    }

    // MARK: The final load

    /// The load of the written schema stays as an assertion: a rule the translation does not check yet
    /// is an error naming the construct it came from (here a project extension passed through as
    /// written, `x-paginate` naming a parameter the operation lacks), never a schema written anyway.
    func testAFindingOfTheFinalLoadNamesItsConstruct() {
        let text = document(
            schemas: "    {}",
            paths: """

                  /pets:
                    get:
                      operationId: listPets
                      x-paginate: { page: pageNumber, items: items }
                      responses: { "200": { description: ok, content: { application/json: { schema: { type: object, properties: { items: { type: array, items: { type: string } } } } } } } }
                """)
        let result = OpenAPIImport.importDocument(text: text, file: "api.yaml")
        XCTAssertNil(result.schema)
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        XCTAssertEqual(errors.count, 1, "\(result.diagnostics)")
        XCTAssertTrue(
            errors.first?.hasPrefix(
                "api.yaml:7:7: error: the imported schema does not load (a bug of the importer: please report it with the document): operation 'listPets': api.imported.yaml:"
            ) ?? false, "\(errors)")
        XCTAssertTrue(errors.first?.hasSuffix("[#/paths/~1pets/get]") ?? false, "\(errors)")
    }
}
