/// Which page to fetch next, in the terms of the operation's pagination style.
@_spi(Generated) public enum PageCursor: Sendable, Hashable {
    /// A page number (whatever numbering the API uses, 0- or 1-based).
    case page(Int)
    /// A next-page token; `nil` asks for the first page.
    case token(String?)
    /// A cursor into the result set; `nil` asks for the first page.
    case cursor(String?)
}
