// The WhitelabelPay client. Its models, `WhitelabelPayError` and `WhitelabelPayClient` are generated at
// build time from Schemas/whitelabelpay.yaml by the ClientGeneratorPlugin; this file holds the thin
// hand-written part.

// Users of `import WhitelabelPay` also need the runtime's types (transports, middlewares, credentials).
@_exported import ClientRuntime
