// The Finaptic client. Its models, `FinapticError` and `FinapticClient` are generated at build time from
// Schemas/finaptic.yaml by the ClientGeneratorPlugin; this file holds the thin hand-written part.
//
// Nothing else is hand-written: sign-in, refresh and sign-out are wired by the schema's `oauth` scheme,
// and the step-up sign-in the document asks for before removeAuthorizedUser is an ordinary signIn with
// a scope:
//
//     let store = InMemoryTokenStore()                    // or a Keychain-backed TokenStore
//     let keys = StaticCredentials(["sdkKey": sdkKey])    // FinapticSDK.initialize(sdkKey:)
//     let auth = FinapticClient(environment: .sandbox(host: host), credentials: keys)
//     let client = FinapticClient(environment: .sandbox(host: host),
//                                 middlewares: [auth.oauthTokenMiddleware(store: store)], credentials: keys)
//     try await auth.signIn(body: SignInRequest(credential: credential), savingTo: store)
//     let accounts = client.listAccountsItems(pageSize: 20)     // refreshed once on expiry or a 401
//     // Step-up: the scoped credential replaces the session's, as the SDK's single AuthState does.
//     try await auth.signIn(body: SignInRequest(credential: credential, scope: "remove:authorized_user"),
//                           savingTo: store)
//     _ = try await client.removeAuthorizedUser(body: RemoveAuthorizedUserRequest(accountId: id, authorizedUser: user))
//     try await client.signOut(clearing: store)

// Users of `import Finaptic` also need the runtime's types (transports, middlewares, credentials).
@_exported import ClientRuntime
