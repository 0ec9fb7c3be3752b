import BSA
import Foundation
import SchemaModel
import SchemaSandbox
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 25, line 13: what the BSA document (bsa-ios-sdk.md) says and the schema had missed or
/// invented: NoticePage.totalPages, retrieveNotice's required pageIndex, the SDK-side types
/// (LocalAuthHelper.ErrorCode, ProcessDescription, QRData / qrError, the TOTP result), invented
/// values marked `modelled`, and the change log recorded.
final class BSADocumentTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let schemaPath = root.appendingPathComponent("Schemas/bsa.yaml").path

    private var schema: Schema!
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        schema = try SchemaLoader.loadOrThrow(path: Self.schemaPath)
        sandbox = SandboxServer(schema: schema)
        try await sandbox.start()
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONCoding.makeDecoder().decode(type, from: Data(json.utf8))
    }

    private func encoded<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    // MARK: NoticePage and retrieveNotice (L2464, L2507-2517)

    /// totalPages is the last row of NoticePage's table (L2517), after a repeated header row.
    func testNoticePageCarriesTotalPagesAndTheSandboxFillsIt() async throws {
        let page = try decode(
            NoticePage.self, #"{"first":true,"last":false,"currentPage":0,"pageSize":4,"totalElements":7,"totalPages":2}"#)
        XCTAssertEqual(page.totalPages, 2)
        XCTAssertThrowsError(
            try decode(NoticePage.self, #"{"first":true,"last":false,"currentPage":0,"pageSize":4,"totalElements":7}"#),
            "totalPages is a required Int like the table's other rows")

        let client = BSAClient(environment: try .custom(serverUrl: sandbox.baseURL.absoluteString))
        var pages: [NoticeResult] = []
        for try await page in client.retrieveNoticePages(clientKey: "a1hrg2xv...", pageSize: 4) { pages.append(page) }
        XCTAssertEqual(pages.map(\.list.count), [4, 3])
        XCTAssertEqual(pages.map(\.page.totalPages), [2, 2], "the sandbox pages by the schema's totalPages path")
    }

    /// The signature is `retrieveNotice(clientKey: String, pageIndex: Int, pageSize: Int, ...)` (L2464):
    /// no default, so a request without pageIndex is not a request for page 0.
    func testRetrieveNoticeRequiresPageIndexAsItsSignatureDoes() async throws {
        let operation = try XCTUnwrap(schema.operation(named: "retrieveNotice"))
        let pageIndex = try XCTUnwrap(operation.queryParameters.first { $0.name == "pageIndex" })
        XCTAssertNil(pageIndex.defaultValue)
        XCTAssertFalse(pageIndex.isOptional)

        func status(_ query: String) async throws -> Int {
            let url = try XCTUnwrap(URL(string: sandbox.baseURL.absoluteString + "/notices?" + query))
            let (_, response) = try await URLSession.shared.data(from: url)
            return try XCTUnwrap(response as? HTTPURLResponse).statusCode
        }
        let missing = try await status("clientKey=a1hrg2xv&pageSize=4")
        XCTAssertEqual(missing, 400, "the sandbox validates the request against the schema: pageIndex is required")
        let given = try await status("clientKey=a1hrg2xv&pageIndex=1&pageSize=4")
        XCTAssertEqual(given, 200)

        let client = BSAClient(environment: try .custom(serverUrl: sandbox.baseURL.absoluteString))
        let second = try await client.retrieveNotice(clientKey: "a1hrg2xv...", pageIndex: 1, pageSize: 4)
        XCTAssertEqual(second.page.totalPages, 2)
        XCTAssertEqual(second.list.count, 3)
    }

    // MARK: The SDK-side types the document defines

    /// `BSA.LocalAuthHelper.ErrorCode` (L737-754, L1059-1076): the only error codes the truncated
    /// document defines. Its examples end with `default: // Other errors`, so the set stays open.
    func testLocalAuthErrorCodeHasTheNineDocumentedCasesAndKeepsOthers() throws {
        XCTAssertEqual(
            LocalAuthErrorCode.knownCases.map(\.rawValue),
            [
                "DOMAIN_STATE_CHANGED", "BIOMETRIC_NOT_AVAILABLE", "BIOMETRIC_NOT_SUPPORT_HARDWARE", "BIOMETRIC_LOCK_OUT",
                "BIOMETRIC_NOT_ENROLLED_DEVICE", "PASSCODE_NOT_ENROLLED_DEVICE", "USER_CANCEL", "USER_FALLBACK", "AUTH_FAILED",
            ])
        let codes = try decode([LocalAuthErrorCode].self, #"["DOMAIN_STATE_CHANGED","USER_FALLBACK","AUTH_FAILED","FACE_ID_RESET"]"#)
        XCTAssertEqual(codes, [.DOMAIN_STATE_CHANGED, .USER_FALLBACK, .AUTH_FAILED, .undocumented("FACE_ID_RESET")])
        XCTAssertEqual(try encoded(codes), #"["DOMAIN_STATE_CHANGED","USER_FALLBACK","AUTH_FAILED","FACE_ID_RESET"]"#)
        // Reported by the device: no catalogue case stands for them, so the catalogue invents none.
        XCTAssertEqual(schema.errors?.cases.map(\.name), ["apiFailure", "tokenExpired"])
    }

    /// `BSA.Enums.ProcessDescription` (L1335, L1345): one case is named, `.StartAuth` (L1261).
    func testProcessDescriptionDecodesStartAuthAndKeepsOthers() throws {
        XCTAssertEqual(ProcessDescription.knownCases, [.StartAuth])
        let steps = try decode([ProcessDescription].self, #"["StartAuth","NodeVerification"]"#)
        XCTAssertEqual(steps, [.StartAuth, .undocumented("NodeVerification")])
        XCTAssertEqual(try encoded(steps), #"["StartAuth","NodeVerification"]"#)
    }

    /// QRData's `qrResult` (L1424), qrError with no property named (L1406), and the TOTP result's
    /// `number` / `error` (L1532-1540).
    func testQRDataQRErrorAndTheTOTPResultDecode() throws {
        XCTAssertTrue(try decode(QRData.self, #"{"qrResult":true}"#).qrResult)
        XCTAssertFalse(try decode(QRData.self, #"{"qrResult":false,"qrId":"Q1"}"#).qrResult)
        let qrError: QRError = try decode(QRError.self, #"{"reason":"camera"}"#)
        XCTAssertEqual(try encoded(qrError), #"{"reason":"camera"}"#, "any JSON, kept as it is")

        let generated = try decode(TOTPResult.self, #"{"number":"123456"}"#)
        XCTAssertEqual(generated.number, "123456")
        XCTAssertNil(generated.error)
        let failed = try decode(TOTPResult.self, #"{"error":"no TOTP secret key"}"#)
        XCTAssertNil(failed.number, "if result.number is nil, it's an error")
        XCTAssertEqual(failed.error, "no TOTP secret key")
        XCTAssertFalse(String(describing: generated).contains("123456"), "the TOTP number is a credential")
    }

    // MARK: Invented facts are marked, history is recorded

    /// The document gives no minimum anywhere and no default for pageIndex: every one the schema has
    /// is ours and says so.
    func testInventedPagingFactsAreMarkedModelled() throws {
        var unmarked: [String] = []
        for operation in schema.operations {
            for parameter in operation.pathParameters + operation.queryParameters + operation.headerParameters
            where parameter.constraints.minimum != nil || parameter.constraints.maximum != nil {
                if parameter.notes.modelled == nil { unmarked.append("\(operation.name).\(parameter.name)") }
            }
        }
        for type in schema.types {
            for field in type.fields where field.constraints.minimum != nil || field.constraints.maximum != nil {
                if field.notes.modelled == nil && type.notes.modelled == nil { unmarked.append("\(type.name).\(field.name)") }
            }
        }
        XCTAssertEqual(unmarked, [], "minimums and maximums without a modelled note")
        let history = try XCTUnwrap(schema.operation(named: "retrieveAuthHistory")?.queryParameters.first { $0.name == "pageIndex" })
        XCTAssertNotNil(history.defaultValue, "the paginator starts at 0 when the caller gives no index")
        XCTAssertEqual(history.notes.modelled?.contains("default 0"), true, "the signature has `pageIndex: Int?` without a default")
    }

    /// The change log (L23-45): every version has a row in the notes, and the entries that touch an
    /// operation or the catalogue are in its docs; the change log's `BSA.APICaller.checkRequestedAuthExists`
    /// (L33) is the FCM call of L336.
    func testEveryChangeLogEntryAndTheAliasAreRecorded() throws {
        let notes = try String(contentsOf: Self.root.appendingPathComponent("Schemas/bsa.NOTES.md"), encoding: .utf8)
        for version in ["0.12.1", "0.12.0", "0.11.7", "0.11.6", "0.11.3", "0.11.1", "0.11.0", "0.10.18"] {
            XCTAssertTrue(notes.contains("\n| \(version) | "), "no change log row for \(version)")
        }
        let expired = try XCTUnwrap(schema.errors?.cases.first { $0.name == "tokenExpired" })
        XCTAssertEqual(expired.notes.docs?.contains("0.11.6"), true)
        XCTAssertEqual(schema.authScheme(named: "accessToken")?.notes.docs?.contains("0.11.3"), true, "authPlatform removed from AutoAuthenticator")
        XCTAssertEqual(schema.operation(named: "tokenUpdate")?.notes.docs?.contains("0.12.0"), true)
        XCTAssertEqual(schema.operation(named: "verifyOTPNumber")?.notes.docs?.contains("0.11.6"), true)
        let check = try XCTUnwrap(schema.operation(named: "checkRequestedAuthExists")?.notes.docs)
        XCTAssertTrue(check.contains("BSA.APICaller.checkRequestedAuthExists") && check.contains("BSA.FCM.checkRequestedAuthExists"), check)
    }

    /// The document's 12 data tables have 98 rows, NoticePage's totalPages (its last line) the 98th.
    func testTheDataTablesHave98Fields() throws {
        let tables = [
            "CheckDeviceData": 5, "PushData": 8, "SignUpUserData": 14, "ExistingUserData": 12, "AuthHistoryData": 11,
            "AuthHistoryPage": 6, "LinkedSiteListData": 8, "SiteListData": 6, "AgreementData": 5, "AgreementDetailData": 9,
            "NoticeData": 8, "NoticePage": 6,
        ]
        let counts = try tables.keys.reduce(into: [String: Int]()) { counts, name in
            counts[name] = try XCTUnwrap(schema.type(named: name), name).fields.count
        }
        XCTAssertEqual(counts, tables)
        XCTAssertEqual(counts.values.reduce(0, +), 98)
        let notes = try String(contentsOf: Self.root.appendingPathComponent("Schemas/bsa.NOTES.md"), encoding: .utf8)
        XCTAssertTrue(notes.contains("(98 counted)"), "the notes count the same 98")
        XCTAssertFalse(notes.contains("No 98th field was found"))
    }
}
