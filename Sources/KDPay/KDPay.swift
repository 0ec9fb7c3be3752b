// The KD Pay client. Its models, `KDPayError` and `KDPayClient` are generated at build time from
// Schemas/kdpay.yaml by the ClientGeneratorPlugin; this file holds the thin hand-written part.
//
// The SDK's local members (configure, Processing.beta, getUserInfo, isAuthorized, haveOtpCode,
// remainingOtpCodes, generateQRString, requestOtpCodesIfRequired) are not operations: see the header of
// Schemas/kdpay.yaml. `Processing.beta` is the choice between `KDPayClient.Environment.beta(host:)` and
// `.production(host:)`; a signed-in user is a session stored by `confirmCode(body:savingTo:)`.

// Users of `import KDPay` also need the runtime's types (transports, middlewares, token stores).
@_exported import ClientRuntime
