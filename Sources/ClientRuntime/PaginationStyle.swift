/// How a paginated operation addresses its pages, as declared in the schema.
///
/// Generated code uses the matching `Paginator` factory (`pageStyle`, `tokenStyle`, `cursorStyle`).
@_spi(Generated) public enum PaginationStyle: String, Sendable, Hashable {
    /// Numbered pages (`page`/`size` parameters).
    case page
    /// An opaque next-page token returned by each page.
    case token
    /// A cursor into the result set returned by each page.
    case cursor
}
