/// One pagination engine for the page-number, page-token and cursor styles: describes how to fetch a page,
/// find its items and find the next page, and offers the result as lazy `pages` and `items` sequences.
///
/// Generated code usually builds one with the factory for the operation's style
/// (`pageStyle`, `tokenStyle`, `cursorStyle`) and returns `.items` or `.pages`:
///
/// ```swift
/// func allItems(size: Int32 = 50) -> ItemSequence<Item> {
///     Paginator<Page, Item>.pageStyle(
///         fetch: { page in try await listItems(page: Int32(page), size: size) },
///         items: { $0.content },
///         isLastPage: { $0.last },
///         totalPages: { $0.totalPages.map(Int.init) }
///     ).items
/// }
/// ```
@_spi(Generated) public struct Paginator<Page: Sendable, Item: Sendable>: Sendable {
    /// The first page's cursor.
    public let start: PageCursor
    /// Set when there is nothing to fetch at all (`backward` from a page without a previous one).
    private var isEmpty = false
    private let fetch: @Sendable (PageCursor) async throws -> Page
    private let itemsOf: @Sendable (Page) -> [Item]
    private let next: @Sendable (Page, PageCursor) -> PageCursor?

    /// Creates a paginator.
    ///
    /// - Parameters:
    ///   - start: The cursor of the first page.
    ///   - fetch: Fetches the page at a cursor.
    ///   - items: The items of a page; an empty list ends the iteration.
    ///   - next: The cursor after a page (given the page and its own cursor), or `nil` after the last one.
    ///     A cursor already visited also ends the iteration.
    public init(
        start: PageCursor,
        fetch: @escaping @Sendable (PageCursor) async throws -> Page,
        items: @escaping @Sendable (Page) -> [Item],
        next: @escaping @Sendable (Page, PageCursor) -> PageCursor?
    ) {
        self.start = start
        self.fetch = fetch
        itemsOf = items
        self.next = next
    }

    /// The pages, fetched lazily.
    public var pages: PageSequence<Page> {
        let fetch = fetch
        let itemsOf = itemsOf
        let next = next
        return PageSequence(start: isEmpty ? nil : start) { cursor in
            let page = try await fetch(cursor)
            return PageStep(value: page, isEmpty: itemsOf(page).isEmpty, next: next(page, cursor))
        }
    }

    /// The items of all pages, fetched lazily a page at a time.
    public var items: ItemSequence<Item> {
        let fetch = fetch
        let itemsOf = itemsOf
        let next = next
        return ItemSequence(
            batches: PageSequence(start: isEmpty ? nil : start) { cursor in
                let page = try await fetch(cursor)
                let items = itemsOf(page)
                return PageStep(value: items, isEmpty: items.isEmpty, next: next(page, cursor))
            })
    }
}

@_spi(Generated) extension Paginator {
    /// The pages before `page`, nearest first: each is fetched with the previous-page token or cursor of
    /// the page after it. Iteration ends at a page without one (`nil` or empty: the first page), and like
    /// every style at an empty page or a token already used. A `page` without a previous one gives an
    /// empty sequence; nothing is fetched.
    ///
    /// - Parameters:
    ///   - page: The page to walk back from (not yielded again).
    ///   - style: `.token` or `.cursor`, as the operation pages forward.
    ///   - fetch: Fetches the page for a token or cursor.
    ///   - items: The items of a page.
    ///   - previous: The page's previous-page token or cursor.
    public static func backward(
        from page: Page,
        style: PaginationStyle,
        fetch: @escaping @Sendable (String) async throws -> Page,
        items: @escaping @Sendable (Page) -> [Item],
        previous: @escaping @Sendable (Page) -> String?
    ) -> Paginator {
        @Sendable func cursor(_ value: String) -> PageCursor { style == .cursor ? .cursor(value) : .token(value) }
        let first = previous(page).flatMap { $0.isEmpty ? nil : $0 }
        var paginator = Paginator(
            start: cursor(first ?? ""),
            fetch: { position in
                switch position {
                case .token(let value?), .cursor(let value?): return try await fetch(value)
                default: preconditionFailure("a backward walk uses token or cursor positions")
                }
            },
            items: items,
            next: { page, _ in
                guard let value = previous(page), !value.isEmpty else { return nil }
                return cursor(value)
            }
        )
        paginator.isEmpty = first == nil
        return paginator
    }
}
