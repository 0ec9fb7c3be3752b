// The Finaptic client. Its models, `FinapticError` and `FinapticClient` are generated at build time from
// Schemas/finaptic.yaml by the ClientGeneratorPlugin; this file holds the thin hand-written part.
//
// Nothing else is hand-written: sign-in, refresh and sign-out are wired by the schema's `oauth` scheme
// (`signIn(body:savingTo:)`, `oauthTokenMiddleware(store:)`, `signOut(clearing:)`), and the step-up
// sign-in before removeAuthorizedUser is an ordinary signIn with `scope: "remove:authorized_user"`.

// Users of `import Finaptic` also need the runtime's types (transports, middlewares, credentials).
@_exported import ClientRuntime
