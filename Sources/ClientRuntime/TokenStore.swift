/// Persists the current `TokenSet` for `BearerTokenMiddleware`.
///
/// `InMemoryTokenStore` is the default; apps keep tokens in the Keychain. A Keychain-backed store for Apple
/// platforms (not part of this module, which builds on Linux too) can be as small as this:
///
/// ```swift
/// #if canImport(Security)
/// import Foundation
/// import Security
///
/// /// Stores the token set as one generic-password item, readable after first unlock.
/// struct KeychainTokenStore: TokenStore {
///     let service: String
///     var account = "tokens"
///
///     private struct Stored: Codable { var access: String; var refresh: String?; var expiresAt: Date?; var subject: String? }
///
///     private var query: [String: Any] {
///         [kSecClass as String: kSecClassGenericPassword,
///          kSecAttrService as String: service,
///          kSecAttrAccount as String: account]
///     }
///
///     func load() async throws -> TokenSet? {
///         var query = query
///         query[kSecReturnData as String] = true
///         query[kSecMatchLimit as String] = kSecMatchLimitOne
///         var result: CFTypeRef?
///         let status = SecItemCopyMatching(query as CFDictionary, &result)
///         if status == errSecItemNotFound { return nil }
///         guard status == errSecSuccess, let data = result as? Data else {
///             throw NSError(domain: NSOSStatusErrorDomain, code: Int(status))
///         }
///         let stored = try JSONDecoder().decode(Stored.self, from: data)
///         return TokenSet(
///             accessToken: stored.access, refreshToken: stored.refresh, expiresAt: stored.expiresAt, subject: stored.subject)
///     }
///
///     func save(_ tokens: TokenSet) async throws {
///         let data = try JSONEncoder().encode(
///             Stored(access: tokens.accessToken, refresh: tokens.refreshToken, expiresAt: tokens.expiresAt, subject: tokens.subject))
///         let attributes: [String: Any] = [
///             kSecValueData as String: data,
///             kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
///         ]
///         var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
///         if status == errSecItemNotFound {
///             status = SecItemAdd(query.merging(attributes) { $1 } as CFDictionary, nil)
///         }
///         guard status == errSecSuccess else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
///     }
///
///     func clear() async throws {
///         let status = SecItemDelete(query as CFDictionary)
///         guard status == errSecSuccess || status == errSecItemNotFound else {
///             throw NSError(domain: NSOSStatusErrorDomain, code: Int(status))
///         }
///     }
/// }
/// #endif
/// ```
///
/// Implementations must be safe to call concurrently; errors they throw reach the caller unchanged (and
/// must not describe the tokens). Keep the `subject` with the tokens: it is who they belong to, and the
/// response cache serves a user's answers only to calls made with that user's tokens.
public protocol TokenStore: Sendable {
    /// The stored tokens, or `nil` when signed out.
    func load() async throws -> TokenSet?
    /// Replaces the stored tokens.
    func save(_ tokens: TokenSet) async throws
    /// Removes the stored tokens (sign-out).
    func clear() async throws
}
