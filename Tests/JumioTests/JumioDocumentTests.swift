import Foundation
import Jumio
import PayloadValidation
import SchemaModel
import XCTest

/// Issue 25, line 14: what the Jumio document (jumio-ios-sdk.md) says of IDResult, FaceResult,
/// Jumio.Result and Jumio.Credential.Info, and nothing more.
final class JumioDocumentTests: XCTestCase {
    private static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas/jumio.yaml").path

    private var schema: Schema!

    override func setUpWithError() throws {
        schema = try SchemaLoader.loadOrThrow(path: Self.schemaPath)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONCoding.makeDecoder().decode(type, from: Data(json.utf8))
    }

    private func encoded<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    /// idType is "PASSPORT, DRIVER_LICENSE, IDENTITY_CARD or VISA" (L344) and gender "M, F or X"
    /// (L352): enums with those values, open to values the document does not list.
    func testIDTypeAndGenderAreTheDocumentsValuesAndKeepOthers() throws {
        XCTAssertEqual(IDType.knownCases.map(\.rawValue), ["PASSPORT", "DRIVER_LICENSE", "IDENTITY_CARD", "VISA"])
        XCTAssertEqual(Gender.knownCases.map(\.rawValue), ["M", "F", "X"])

        let documented = try decode(IDResult.self, #"{"idType":"DRIVER_LICENSE","gender":"X"}"#)
        XCTAssertEqual(documented.idType, .driverLicense)
        XCTAssertEqual(documented.gender, .X)
        let other = try decode(IDResult.self, #"{"idType":"RESIDENCE_PERMIT","gender":"U"}"#)
        XCTAssertEqual(other.idType, .undocumented("RESIDENCE_PERMIT"))
        XCTAssertEqual(other.gender, .undocumented("U"))
        XCTAssertEqual(try encoded(other), #"{"gender":"U","idType":"RESIDENCE_PERMIT"}"#, "kept and encoded back unchanged")

        // schema-check knows the values too: an unlisted one is a warning, never an error.
        let validator = PayloadValidator(schema: schema)
        let issues = validator.validate(data: Data(#"{"idType":"RESIDENCE_PERMIT"}"#.utf8), against: .named("IDResult"))
        XCTAssertEqual(issues.map(\.kind), [.enumValue], "an idType the document does not list is reported: \(issues)")
        XCTAssertEqual(issues.map(\.severity), [.warning])
        XCTAssertTrue(validator.validate(data: Data(#"{"idType":"VISA","gender":"F"}"#.utf8), against: .named("IDResult")).isEmpty)
    }

    /// `[Jumio.Credential.Info]` (L443) and `start(credentialInfo:)` (L460): declared, with no property
    /// the document does not name.
    func testCredentialInfoIsDeclaredAsAnyJSON() throws {
        let infos: [CredentialInfo] = try decode([CredentialInfo].self, #"[{"id":"c1","category":"ID"},{"id":"c2"}]"#)
        XCTAssertEqual(infos.count, 2)
        XCTAssertEqual(try encoded(infos), #"[{"category":"ID","id":"c1"},{"id":"c2"}]"#)
        let declared = try XCTUnwrap(schema.type(named: "CredentialInfo"))
        guard case .alias(.primitive(.json), _) = declared.kind else { return XCTFail("expected any JSON, got \(declared.kind)") }
        XCTAssertNotNil(declared.notes.modelled)
    }

    /// FaceResult's `passed` has an empty description (L370), and the document names no property of
    /// Jumio.Result for its Jumio.Error (L329): neither says more than that unmarked.
    func testFaceResultPassedAndResultErrorSayOnlyWhatTheDocumentSays() throws {
        let passed = try XCTUnwrap(schema.type(named: "FaceResult")?.fields.first { $0.name == "passed" })
        XCTAssertNil(passed.notes.docs)
        let error = try XCTUnwrap(schema.type(named: "Result")?.fields.first { $0.name == "error" })
        XCTAssertNotNil(error.notes.modelled, "the key `error` is ours")
        XCTAssertEqual(error.notes.docs?.contains("only when"), false, "the document does not say it is absent on success")
    }
}
