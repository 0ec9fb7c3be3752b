import DemoSupport
import Foundation
import Jumio
import SchemaModel
import SchemaSandbox

/// `swift run jumio-demo`: starts the sandbox in-process with Schemas/jumio.yaml and drives the
/// generated Jumio client through the document's server-side flow (an OAuth2 token from the client id
/// and secret, the workflow request that returns the SDK token, a renewal when the token has expired, a
/// documented error) and decodes what the SDK hands to the app (Jumio.Result), printing each step.
/// Tokens are never printed.
@main
struct JumioDemo {
    static func main() async {
        await Demo.run(schemaFile: "jumio.yaml", servingNote: " (standing in for the US data center)", flow)
    }

    @MainActor
    static func flow(_ demo: Demo) async throws {
        let sandbox = demo.sandbox
        let schema = demo.schema

        // What the client does on the wire, as it happens (the logger redacts Authorization headers).
        let logger = demo.wireLogger
        let environment = JumioClient.Environment(baseURL: sandbox.baseURL)
        let basic = try BasicCredentials.secret(id: "YOUR_CLIENT_ID", secret: "YOUR_CLIENT_SECRET")
        let auth = JumioClient(
            environment: environment, middlewares: [LoggingMiddleware(logger: logger)],
            credentials: StaticCredentials(["clientCredentials": basic]))
        let store = InMemoryTokenStore()
        // Logging innermost: it shows the request as sent, with the bearer token the token middleware attached (redacted).
        let api = JumioClient(
            environment: environment,
            middlewares: [
                auth.oauth2TokenMiddleware(store: store, logger: logger),
                LoggingMiddleware(logger: logger),
            ])

        demo.step("issueToken — OAuth2 client credentials: form body grant_type=client_credentials, Basic client id and secret")
        let grant = try await auth.issueToken(body: TokenRequest(), savingTo: store)
        demo.result(
            "access token received (\(grant.token_type ?? "?"), expires in \(grant.expires_in.map(String.init) ?? "?") s; kept in the token store, not printed)"
        )
        let tokenRequest = sandbox.receivedRequests("issueToken").last
        let firstToken = try await store.load()
        let expectedBasic = "Basic " + Data("YOUR_CLIENT_ID:YOUR_CLIENT_SECRET".utf8).base64EncodedString()
        try demo.check(
            "a form body with grant_type=client_credentials and Basic client credentials; the token is in the store",
            tokenRequest?.header("Authorization") == expectedBasic
                && tokenRequest?.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true
                && tokenRequest.map { String(decoding: $0.body, as: UTF8.self) } == "grant_type=client_credentials"
                && firstToken?.accessToken == grant.access_token,
            measured: "issueToken status \(tokenRequest?.status.map(String.init) ?? "none")")

        let request = WorkflowRequest(
            customerInternalReference: "CUSTOMER_REFERENCE",
            workflowDefinition: WorkflowDefinition(
                key: 2,
                credentials: [
                    WorkflowCredential(category: "ID", type: ValueList(values: ["DRIVING_LICENSE", "PASSPORT"]), country: ValueList(values: ["AUT", "USA"]))
                ]),
            callbackUrl: URL(string: "https://example.com/YOUR_CALLBACK_URL"),
            userReference: "YOUR_USER_REFERENCE"
        )
        demo.step("initiateWorkflow — workflow 2 (ID Verification), preselected ID types and countries, with the bearer token")
        let workflow = try await api.initiateWorkflow(body: request)
        demo.result("SDK token received (\(workflow.sdkToken.count) characters): initialize Jumio.SDK with it and dataCenter .US")
        try demo.check(
            "sent with the stored bearer token; no new token requested",
            sandbox.receivedRequests("initiateWorkflow").last?.header("Authorization") == "Bearer \(grant.access_token)"
                && sandbox.requestCount("issueToken") == 1 && !workflow.sdkToken.isEmpty,
            measured: "issueToken requests: \(sandbox.requestCount("issueToken")), initiateWorkflow requests: \(sandbox.requestCount("initiateWorkflow"))")

        demo.step("initiateWorkflow again — the stored token has expired, so a new token is requested first")
        if let tokens = try await store.load() {
            try await store.save(TokenSet(accessToken: tokens.accessToken, expiresAt: Date(timeIntervalSinceNow: -60)))
        }
        _ = try await api.initiateWorkflow(body: request)
        demo.result("renewed once: issueToken was called \(sandbox.requestCount("issueToken")) times in all, the workflow request succeeded")
        let renewed = try await store.load()
        let workflows = sandbox.receivedRequests("initiateWorkflow")
        try demo.check(
            "one new token, requested before the workflow request, which went out once with it",
            sandbox.requestCount("issueToken") == 2 && workflows.count == 2 && workflows.last?.status == 200
                && renewed.map { workflows.last?.header("Authorization") == "Bearer \($0.accessToken)" } == true
                && renewed?.accessToken != grant.access_token,
            measured: "issueToken requests: \(sandbox.requestCount("issueToken")), initiateWorkflow requests: \(workflows.count)")

        demo.step("initiateWorkflow with credentials the server refuses — the documented error C[x]0401")
        let refused = JumioClient(
            environment: environment,
            middlewares: [SandboxExampleChoice("credentialsInvalid"), auth.oauth2TokenMiddleware(store: store), LoggingMiddleware(logger: logger)])
        let workflowsBefore = sandbox.requestCount("initiateWorkflow")
        do {
            _ = try await refused.initiateWorkflow(body: request)
            throw DemoError("initiateWorkflow succeeded although the sandbox refused the credentials")
        } catch let error as JumioError {
            demo.result("\(error) — code \(error.rawCode ?? "none"), case .\(error.name), retryable: \(error.isRetryable)")
            try demo.check(
                "the documented code C10401 with its 403, not retryable, sent once",
                error.rawCode == "C10401" && error.status == 403 && !error.isRetryable && sandbox.requestCount("initiateWorkflow") == workflowsBefore + 1,
                measured: "initiateWorkflow requests: \(sandbox.requestCount("initiateWorkflow") - workflowsBefore)")
        }

        demo.step("The SDK hands the app a Jumio.Result (the schema's examples, decoded with the generated types)")
        let decoder = JSONCoding.makeDecoder()
        for (name, succeeded) in [("success", true), ("cancelled", false)] {
            guard let example = schema.type(named: "Result")?.examples.first(where: { $0.name == name }) else {
                throw DemoError("the schema has no Result example named \(name)")
            }
            let result = try decoder.decode(ResultModel.self, from: Data(example.value.jsonText.utf8))
            let ids = (result.idResults ?? []).map { id in
                "\(id.idType?.rawValue ?? "?") from \(id.issuingCountry ?? "?") via \(id.extractionMethod?.rawValue ?? "?")"
            }
            let faces = (result.faceResults ?? []).map { "face passed=\($0.passed.map(String.init) ?? "?")" }
            let error = result.error.map { ["error \($0.code): \($0.message)"] } ?? []
            demo.result((["\(name): isSuccess=\(result.isSuccess)"] + ids + faces + error).joined(separator: ", "))
            try demo.check("the \(name) example decodes with isSuccess \(succeeded)", result.isSuccess == succeeded)
        }
    }
}
