// The Jumio client. Its models, `JumioError` and `JumioClient` are generated at build time from
// Schemas/jumio.yaml by the ClientGeneratorPlugin; this file holds the thin hand-written part.
//
// Renewing the OAuth2 access token needs nothing here: the schema wires `issueToken` as both the login
// and the refresh of the `oauth2` scheme (the client credentials grant has no refresh token, so a new
// token is requested with the Basic credentials), and the generated `oauth2TokenMiddleware(store:)`
// does it on expiry or a 401, single-flight.

// Users of `import Jumio` also need the runtime's types (transports, middlewares, credentials).
@_exported import ClientRuntime
