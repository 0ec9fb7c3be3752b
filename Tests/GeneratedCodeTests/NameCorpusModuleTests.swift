import Foundation
import NameCorpus
import TestHTTPServer
import XCTest

/// The module generated from namecorpus.yaml (every Swift keyword and runtime name as every kind of
/// schema name). That it compiles is most of the test; these check that the code also works.
final class NameCorpusModuleTests: XCTestCase {
    func testFieldsCalledContainerAndEncoderDecodeDefaultsAndEncode() throws {
        // Fields with defaults have a custom init(from:)/encode(to:) whose locals are `container`,
        // `decoder` and `encoder`, and fields may be called the same.
        let defaults = try decodeJSON(Fields.self, "{}")
        XCTAssertEqual(defaults.container, "container")
        XCTAssertEqual(defaults.encoder, "encoder")
        XCTAssertEqual(defaults.decoder, "decoder")
        XCTAssertEqual(defaults.String, "String")
        XCTAssertEqual(defaults.CodingKeys_, "CodingKeys")
        let decoded = try decodeJSON(Fields.self, #"{"container":"c","encoder":"e","String":"s","CodingKeys":"k"}"#)
        let encoded = try encodedJSON(decoded)
        XCTAssertEqual(encoded[member: "container"], "c")
        XCTAssertEqual(encoded[member: "encoder"], "e")
        XCTAssertEqual(encoded[member: "String"], "s")
        XCTAssertEqual(encoded[member: "CodingKeys"], "k")
        XCTAssertEqual(encoded[member: "decoder"], "decoder")
    }

    func testFieldsTypedLikeTheirNamesRoundTrip() throws {
        let value = try decodeJSON(Optionals.self, #"{"String":{"value":1},"Decimal":{"value":2},"class":{"value":3}}"#)
        XCTAssertEqual(value.String, StringModel(value: 1))
        XCTAssertEqual(value.Decimal, DecimalModel(value: 2))
        XCTAssertEqual(value.class, classModel(value: 3))
        XCTAssertEqual(try decodeJSON(Optionals.self, try encodedText(value)), value)
    }

    func testEnumCasesNamedLikeKeywordsAndTypes() throws {
        let cases = try decodeJSON([Cases].self, #"["String","Type","class","self","unknown","other"]"#)
        XCTAssertEqual(cases.map(\.rawValue), ["String", "Type", "class", "self", "unknown", "other"])
        XCTAssertEqual(cases[0], .String)
        XCTAssertEqual(cases[2], .class)
        XCTAssertEqual(cases[5], .undocumented("other"))
        XCTAssertEqual(try encodedText(cases), #"["String","Type","class","self","unknown","other"]"#)
    }

    func testUnionVariantCalledString() throws {
        let value = try decodeJSON(Variants.self, #"{"kind":"String","container":"c"}"#)
        guard case .String(let fields) = value else { return XCTFail("\(value)") }
        XCTAssertEqual(fields.container, "c")
        XCTAssertEqual(try encodedJSON(value)[member: "kind"], "String")
        guard case .DiscriminatorKey_(let other) = try decodeJSON(Variants.self, #"{"kind":"DiscriminatorKey"}"#) else { return XCTFail() }
        XCTAssertEqual(other.container, "container")
    }

    func testOperationsNamedLikeRuntimeTypes() {
        let names = NameCorpusClient.Operations.all.map(\.name)
        for name in ["String", "Type", "Operations", "AuthSchemes", "ClientCore", "RequestBuilder", "OperationInfo", "class", "all"] {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertEqual(NameCorpusClient.Operations.String.pathTemplate, "/operations/\(names.firstIndex(of: "String")!)")
        XCTAssertEqual(NameCorpusClient.Operations.Type_.name, "Type")
        XCTAssertEqual(NameCorpusClient.Operations.all_.name, "all")
        XCTAssertEqual(NameCorpusClient.Operations.NameCorpusClient_.name, "NameCorpusClient")
        XCTAssertEqual(NameCorpusClient.AuthSchemes.Type_.name, "Type")
        XCTAssertEqual(NameCorpusClient.Environment.ClientRuntime_.baseURL.host, "clientruntime.example.com")
    }

    func testOperationCalledStringAndKeywordParametersSendRequests() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"value":5}"#) }
        defer { server.shutdown() }
        let client = NameCorpusClient(environment: .init(baseURL: server.baseURL))
        let answer = try await client.String()
        XCTAssertEqual(answer, StringModel(value: 5))
        _ = try? await client.queryParameters(class: "c", else: "e", protocol: "p", rethrows: "r", subscript: "s")
        let query = try XCTUnwrap(server.receivedRequests.last?.target)
        for item in ["class=c", "else=e", "protocol=p", "rethrows=r", "subscript=s"] {
            XCTAssertTrue(query.contains(item), query)
        }
    }
}
