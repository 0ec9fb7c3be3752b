import Foundation
import Hostile
import TestHTTPServer
import XCTest

/// The module generated from hostile.yaml: keywords as names, shadowing type names, quotes and
/// backslashes in wire names, tags, codes and URLs.
final class HostileModuleTests: XCTestCase {
    /// The wire key of `Keywords.quoted`: `a"b\c` newline `d`.
    private static let quotedKey = "a\"b\\c\nd"
    /// The union's discriminator key: `"kind\`.
    private static let discriminatorKey = "\"kind\\"
    /// The tag of `AnyModel.class`.
    private static let classTag = "\"); fatalError(\"tag"
    /// The error code of `HostileError.transport_`.
    private static let transportCode = "\"); fatalError(\"code"

    /// A `Keywords` object as the server sends it, every key named as in the schema.
    private static let keywordsJSON = #"""
        {"class":"c","self":7,"init":true,"Type":"quote\"d","default":"d","protocol":3,"in":[{"value":{"bytes":"AAE="}}],
         "description":"abc","hashValue":5,"builder":"b","a\"b\\c\nd":"q"}
        """#

    // MARK: Renamed types

    func testShadowingTypesAreRenamed() throws {
        let error = ErrorModel(weirdCode: "x")
        let data = DataModel(bytes: Data([1, 2]))
        let result = ResultModel(value: data)
        let typeModel = TypeModel.class
        let proto = ProtocolModel.default
        let string: StringModel = "abc"
        let any = AnyModel.unknown(data)

        XCTAssertEqual(error.weirdCode, "x")
        XCTAssertEqual(result.value.bytes, Data([1, 2]))
        XCTAssertEqual(typeModel.rawValue, "class")
        XCTAssertEqual(proto.rawValue, 3)
        XCTAssertEqual(string.count, 3)
        XCTAssertEqual(any, .unknown(DataModel(bytes: Data([1, 2]))))
        // Swift's own types are not shadowed.
        let swiftResult: Result<Int, any Error> = .success(1)
        XCTAssertEqual(try swiftResult.get(), 1)
        XCTAssertEqual(String(describing: type(of: Data())), "Data")
    }

    func testErrorModelWireKeyWithAQuote() throws {
        let model = try decodeJSON(ErrorModel.self, #"{"weird\"":"w"}"#)
        XCTAssertEqual(model.weirdCode, "w")
        XCTAssertEqual(try encodedJSON(model), try parseJSON(#"{"weird\"":"w"}"#))
        XCTAssertNil(try decodeJSON(ErrorModel.self, #"{"weirdCode":"w"}"#).weirdCode)
    }

    // MARK: Keywords

    func testKeywordsDecodesKeywordAndQuotedWireKeys() throws {
        let value = try decodeJSON(Keywords.self, Self.keywordsJSON)
        XCTAssertEqual(value.class, "c")
        XCTAssertEqual(value.self_, 7)
        XCTAssertEqual(value.`init`, true)
        XCTAssertEqual(value.Type, .quoteD)
        XCTAssertEqual(value.default, "d")
        XCTAssertEqual(value.protocol, .default)
        XCTAssertEqual(value.in, [ResultModel(value: DataModel(bytes: Data([0, 1])))])
        XCTAssertEqual(value.description, "abc")
        // `hashValue` is a member of `Hashable`: the field gets a trailing underscore.
        XCTAssertEqual(value.hashValue_, 5)
        XCTAssertEqual(value.builder, "b")
        XCTAssertEqual(value.quoted, "q")
    }

    func testKeywordsEncodesEveryFieldUnderItsSchemaName() throws {
        let value = Keywords(class: "c", self_: 7, quoted: "q")
        let encoded = try encodedJSON(value)
        XCTAssertEqual(encoded[member: "class"], "c")
        XCTAssertEqual(encoded[member: "default"], "\"); fatalError(\"default")
        XCTAssertEqual(encoded[member: "protocol"], 2)
        XCTAssertEqual(encoded[member: Self.quotedKey], "q")
        XCTAssertEqual(encoded[member: "self"], 7, "the schema field is called `self`: \(encoded)")
        XCTAssertNil(encoded[member: "self_"], "`self_` is only the Swift name: \(encoded)")
        XCTAssertEqual(encoded.memberNames, ["class", "self", "default", "protocol", Self.quotedKey])
    }

    func testKeywordsDefaultsAndRoundTrip() throws {
        let value = Keywords(class: "c", self_: 1)
        XCTAssertEqual(value.default, "\"); fatalError(\"default")
        XCTAssertEqual(value.protocol, .init_)
        XCTAssertNil(value.Type)
        XCTAssertNil(value.quoted)

        let full = Keywords(
            class: "k", self_: -1, init: false, Type: .newLine, default: "x", protocol: .self_,
            in: [ResultModel(value: DataModel(bytes: Data("hi".utf8)))], description: "abc",
            hashValue_: 9, builder: "b", quoted: "\"\\\n")
        let roundTripped = try JSONCoding.makeDecoder().decode(Keywords.self, from: JSONCoding.makeEncoder().encode(full))
        XCTAssertEqual(roundTripped, full)
        XCTAssertEqual(roundTripped.quoted, "\"\\\n")
        XCTAssertEqual(roundTripped.Type, .newLine)
    }

    // MARK: Enums

    func testTypeModelRawValuesWithBackslashQuoteAndNewline() throws {
        let json = #"["class","struct","\\(x)","quote\"d","new\nline","unknown","rawValue","other"]"#
        let values = try decodeJSON([TypeModel].self, json)
        XCTAssertEqual(values, [.class, .struct, .x, .quoteD, .newLine, .unknown, .rawValue_, .undocumented("other")])
        XCTAssertEqual(TypeModel.x.rawValue, "\\(x)")
        XCTAssertEqual(TypeModel.quoteD.rawValue, "quote\"d")
        XCTAssertEqual(TypeModel.newLine.rawValue, "new\nline")
        XCTAssertEqual(TypeModel.unknown.rawValue, "unknown")
        XCTAssertEqual(TypeModel.rawValue_.rawValue, "rawValue")
        XCTAssertEqual(TypeModel(rawValue: "\\(x)"), .x)
        XCTAssertEqual(TypeModel(rawValue: "new\nline"), .newLine)
        XCTAssertEqual(try parseJSON(JSONCoding.makeEncoder().encode(values)), try parseJSON(json))
        XCTAssertEqual(TypeModel.knownCases.map(\.rawValue), ["class", "struct", "\\(x)", "quote\"d", "new\nline", "unknown", "rawValue"])
    }

    func testProtocolModelIntRawValues() throws {
        XCTAssertEqual(try decodeJSON([ProtocolModel].self, "[1,2,3,4]"), [.self_, .init_, .default, .undocumented(4)])
        XCTAssertEqual(try encodedText([ProtocolModel.self_, .init_, .default, .undocumented(4)]), "[1,2,3,4]")
        XCTAssertEqual(ProtocolModel.knownCases, [.self_, .init_, .default])
    }

    // MARK: Union with a quoted discriminator

    func testAnyModelClassTagDecodes() throws {
        let json = #"{"\"kind\\":"\"); fatalError(\"tag","class":"c","self":7}"#
        let value = try decodeJSON(AnyModel.self, json)
        XCTAssertEqual(value, .class(Keywords(class: "c", self_: 7)))
    }

    func testAnyModelClassTagSelectsTheKeywordsVariant() throws {
        // The tag dispatches to Keywords, so a missing required field is an error, not `.unknown`.
        let json = #"{"\"kind\\":"\"); fatalError(\"tag","self":7,"self_":7}"#
        XCTAssertThrowsError(try decodeJSON(AnyModel.self, json)) { error in
            XCTAssertEqual(keyNotFoundPath(error), "class", "\(error)")
        }
    }

    func testAnyModelEncodesTheQuotedDiscriminator() throws {
        let value = AnyModel.class(Keywords(class: "c", self_: 7))
        let encoded = try encodedJSON(value)
        XCTAssertEqual(encoded[member: Self.discriminatorKey], .string(Self.classTag))
        XCTAssertEqual(encoded[member: "class"], "c")
        XCTAssertNil(encoded[member: "kind"])
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(AnyModel.self, from: JSONCoding.makeEncoder().encode(value)), value)
    }

    func testAnyModelVariantTaggedUnknownIsNotTheUnknownCase() throws {
        let json = #"{"\"kind\\":"unknown","bytes":"AAE="}"#
        let value = try decodeJSON(AnyModel.self, json)
        XCTAssertEqual(value, .unknown(DataModel(bytes: Data([0, 1]))))
        XCTAssertEqual(try encodedJSON(value), try parseJSON(json))
    }

    func testAnyModelUnknownTagIsKeptVerbatim() throws {
        let json = #"{"\"kind\\":"\"); fatalError(\"other","x":[1,{"y":null}]}"#
        let value = try decodeJSON(AnyModel.self, json)
        XCTAssertEqual(value, .undocumented(try parseJSON(json)))
        XCTAssertEqual(try encodedJSON(value), try parseJSON(json))
        // The unquoted key `kind` is not the discriminator.
        XCTAssertEqual(
            try decodeJSON(AnyModel.self, #"{"kind":"unknown","bytes":"AAE="}"#),
            .undocumented(["kind": "unknown", "bytes": "AAE="]))
    }

    // MARK: Errors

    func testHostileErrorMatchesTheQuotedCodeAtTheQuotedKey() {
        let body = #"{"weird\"":"\"); fatalError(\"code"}"#
        let error = HostileError(response: HTTPResponse(status: 400, body: Data(body.utf8)))
        guard case .transport_(let details) = error else { return XCTFail("expected transport_, got \(error)") }
        XCTAssertEqual(details.body?.weirdCode, Self.transportCode)
        XCTAssertEqual(details.status, 400)
        XCTAssertEqual(error.status, 400)
        XCTAssertEqual(error.description, "HostileError.transport_ (HTTP 400)")
        XCTAssertEqual(error.name, "transport_", "distinct from the built-in .transport")
        XCTAssertEqual(error.rawCode, Self.transportCode)

        // The code matches whatever the status.
        let elsewhere = HostileError(response: HTTPResponse(status: 502, body: Data(body.utf8)))
        guard case .transport_ = elsewhere else { return XCTFail("expected transport_, got \(elsewhere)") }
    }

    func testHostileErrorStatusAndUndocumented() {
        let keyword = HostileError(response: HTTPResponse(status: 500, body: Data("{}".utf8)))
        guard case .class(let details) = keyword else { return XCTFail("expected class, got \(keyword)") }
        XCTAssertEqual(details.status, 500)
        XCTAssertEqual(keyword.name, "class")
        XCTAssertFalse(keyword.isRetryable)

        let other = HostileError(response: HTTPResponse(status: 400, body: Data(#"{"weird\"":"nope"}"#.utf8)))
        guard case .undocumented(let raw) = other else { return XCTFail("expected undocumented, got \(other)") }
        XCTAssertEqual(raw.body?.weirdCode, "nope")
        XCTAssertEqual(other.name, "undocumented")

        // Only the exact key counts: `weird` without the quote is not the code.
        let unquoted = HostileError(response: HTTPResponse(status: 400, body: Data(#"{"weird":"\"); fatalError(\"code"}"#.utf8)))
        guard case .undocumented = unquoted else { return XCTFail("expected undocumented, got \(unquoted)") }
    }

    // MARK: Environments and operations

    func testEnvironments() {
        let url = HostileClient.Environment.default(class: "x").baseURL
        XCTAssertEqual(url.scheme, "https")
        XCTAssertEqual(url.host, "x.example")
        XCTAssertEqual(url.absoluteString, "https://x.example/%22quoted%22%5Cpath")
        XCTAssertEqual(url.path, "/\"quoted\"\\path")

        let hostile = HostileClient.Environment.default(class: "a/b?c").baseURL
        XCTAssertEqual(hostile.path, "/\"quoted\"\\path", hostile.absoluteString)
        XCTAssertNil(hostile.query)

        XCTAssertEqual(HostileClient.Environment.self_.baseURL.absoluteString, "https://self.example")
    }

    func testOperationsMetadata() {
        XCTAssertEqual(HostileClient.Operations.all.map(\.name), ["init", "core", "func"])
        XCTAssertEqual(HostileClient.Operations.`init`.pathTemplate, "/{class}/\"x\"/{self}")
        XCTAssertEqual(HostileClient.Operations.func.idempotencyKeyHeader, "X-Idempotency-Key")
        XCTAssertEqual(HostileClient.Operations.func.successStatus, 204)
        XCTAssertEqual(HostileClient.Operations.core.auth, [HostileClient.AuthSchemes.func])
        XCTAssertEqual(HostileClient.AuthSchemes.func.kind, .apiKeyHeader("X-Key"))
    }

    private func makeClient(_ server: TestHTTPServer) -> HostileClient {
        HostileClient(environment: .init(baseURL: server.baseURL), credentials: StaticCredentials(["func": "key-1"]))
    }

    func testInitOperationEncodesPathQueryAndHeaders() async throws {
        let server = try TestHTTPServer { _ in .json(500, "{}") }
        defer { server.shutdown() }

        do {
            _ = try await makeClient(server).init_(class: "plain", self_: 7, in: "x&y=z", builder_: [.x, .newLine, .class], default: "dflt")
            XCTFail("expected a thrown error")
        } catch HostileError.class(let details) {
            XCTAssertEqual(details.status, 500)
        } catch {
            XCTFail("expected HostileError.class, got \(error)")
        }

        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(server.receivedRequests.count, 1)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/plain/%22x%22/7")
        XCTAssertEqual(request.target, "/plain/%22x%22/7?a%26b%3Dc=x%26y%3Dz&builder=%5C%28x%29&builder=new%0Aline&builder=class")
        XCTAssertEqual(request.queryItems.map(\.name), ["a&b=c", "builder", "builder", "builder"])
        XCTAssertEqual(request.queryItems.map(\.value), ["x&y=z", "\\(x)", "new\nline", "class"])
        XCTAssertEqual(request.headers["x-default"], "dflt")
        XCTAssertEqual(request.headers["x-key"], "key-1")
    }

    func testInitOperationEncodesEachPathValueExactlyOnce() async throws {
        // The template's literal `"x"` segment must not make the already-encoded values encode again.
        let server = try TestHTTPServer { _ in .json(500, "{}") }
        defer { server.shutdown() }

        do {
            _ = try await makeClient(server).init_(class: "a b/c", self_: 7)
            XCTFail("expected a thrown error")
        } catch HostileError.class {
        } catch {
            XCTFail("expected HostileError.class, got \(error)")
        }

        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.path, "/a%20b%2Fc/%22x%22/7", "the server would read the segment as `a%20b%2Fc` instead of `a b/c`")
    }

    func testInitOperationDecodesItsKeywordsResponse() async throws {
        let server = try TestHTTPServer { _ in .json(200, Self.keywordsJSON) }
        defer { server.shutdown() }
        let value = try await makeClient(server).init_(class: "c", self_: 1)
        XCTAssertEqual(value.class, "c")
        XCTAssertEqual(value.self_, 7)
        XCTAssertEqual(value.quoted, "q")
        XCTAssertEqual(server.receivedRequests.first?.target, "/c/%22x%22/1")
    }

    func testCoreOperationPostsTheUnionAndDecodesTheResult() async throws {
        let server = try TestHTTPServer { _ in .json(200, #"{"value":{"bytes":"aGk="}}"#) }
        defer { server.shutdown() }

        let result = try await makeClient(server).core_(body: .unknown(DataModel(bytes: Data([0, 1]))))

        XCTAssertEqual(result, ResultModel(value: DataModel(bytes: Data("hi".utf8))))
        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/core")
        XCTAssertEqual(request.headers["x-key"], "key-1")
        XCTAssertEqual(try parseJSON(request.body), try parseJSON(#"{"\"kind\\":"unknown","bytes":"AAE="}"#))
    }

    func testFuncOperationSendsItsIdempotencyKey() async throws {
        let server = try TestHTTPServer { _ in TestHTTPServer.Response(status: 204) }
        defer { server.shutdown() }

        try await makeClient(server).func(body: DataModel(bytes: Data("x".utf8)))

        let request = try XCTUnwrap(server.receivedRequests.first)
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.target, "/func")
        XCTAssertEqual(request.bodyText, #"{"bytes":"eA=="}"#)
        XCTAssertNotNil(request.headers["x-idempotency-key"].flatMap(UUID.init(uuidString:)))
    }
}
