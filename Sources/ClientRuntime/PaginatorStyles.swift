/// Factories for the three pagination styles, so generated code only says how to call the operation and
/// where a page keeps its items and its way to the next page.
@_spi(Generated) extension Paginator {
    /// Numbered pages: `first`, `first + 1`, ….
    ///
    /// Iteration ends after a page for which `isLastPage` returns `true`, after page number
    /// `first + totalPages - 1` when `totalPages` returns a count, after a page with fewer items than
    /// `pageSize` when one is given, and (like every style) at an empty page.
    ///
    /// - Parameters:
    ///   - first: The number of the first page (1 or 0, as the API counts).
    ///   - pageSize: The requested page size, if known; a shorter page is the last.
    ///   - fetch: Fetches the page with the given number.
    ///   - items: The items of a page.
    ///   - isLastPage: The page's own "last" flag, if it has one (`nil`: unknown).
    ///   - totalPages: The page's total page count, if it has one (`nil`: unknown).
    public static func pageStyle(
        first: Int = 1,
        pageSize: Int? = nil,
        fetch: @escaping @Sendable (Int) async throws -> Page,
        items: @escaping @Sendable (Page) -> [Item],
        isLastPage: @escaping @Sendable (Page) -> Bool? = { _ in nil },
        totalPages: @escaping @Sendable (Page) -> Int? = { _ in nil }
    ) -> Paginator {
        Paginator(
            start: .page(first),
            fetch: { cursor in
                guard case .page(let number) = cursor else { preconditionFailure("page style uses .page cursors") }
                return try await fetch(number)
            },
            items: items,
            next: { page, cursor in
                guard case .page(let number) = cursor else { return nil }
                if isLastPage(page) == true { return nil }
                if let total = totalPages(page), number - first + 1 >= total { return nil }
                if let pageSize, items(page).count < pageSize { return nil }
                return .page(number + 1)
            }
        )
    }

    /// Page tokens: the first page is fetched with `nil`, each next one with the token the previous page
    /// returned. A `nil` or empty token ends the iteration, as does a token already used.
    ///
    /// - Parameters:
    ///   - fetch: Fetches the page for a token (`nil` for the first page).
    ///   - items: The items of a page.
    ///   - nextToken: The page's next-page token.
    public static func tokenStyle(
        fetch: @escaping @Sendable (String?) async throws -> Page,
        items: @escaping @Sendable (Page) -> [Item],
        nextToken: @escaping @Sendable (Page) -> String?
    ) -> Paginator {
        Paginator(
            start: .token(nil),
            fetch: { cursor in
                guard case .token(let token) = cursor else { preconditionFailure("token style uses .token cursors") }
                return try await fetch(token)
            },
            items: items,
            next: { page, _ in
                guard let token = nextToken(page), !token.isEmpty else { return nil }
                return .token(token)
            }
        )
    }

    /// Cursors: like `tokenStyle`, for APIs whose pages return a cursor into the result set (`nil` or
    /// empty ends the iteration, as does a cursor already used).
    ///
    /// - Parameters:
    ///   - fetch: Fetches the page at a cursor (`nil` for the first page).
    ///   - items: The items of a page.
    ///   - nextCursor: The page's next cursor.
    public static func cursorStyle(
        fetch: @escaping @Sendable (String?) async throws -> Page,
        items: @escaping @Sendable (Page) -> [Item],
        nextCursor: @escaping @Sendable (Page) -> String?
    ) -> Paginator {
        Paginator(
            start: .cursor(nil),
            fetch: { cursor in
                guard case .cursor(let value) = cursor else { preconditionFailure("cursor style uses .cursor cursors") }
                return try await fetch(value)
            },
            items: items,
            next: { page, _ in
                guard let cursor = nextCursor(page), !cursor.isEmpty else { return nil }
                return .cursor(cursor)
            }
        )
    }
}
