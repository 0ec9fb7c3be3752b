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
public struct Paginator<Page: Sendable, Item: Sendable>: Sendable {
    /// The first page's cursor.
    public let start: PageCursor
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
        let fetch = fetch, itemsOf = itemsOf, next = next
        return PageSequence(start: start) { cursor in
            let page = try await fetch(cursor)
            return PageStep(value: page, isEmpty: itemsOf(page).isEmpty, next: next(page, cursor))
        }
    }

    /// The items of all pages, fetched lazily a page at a time.
    public var items: ItemSequence<Item> {
        let fetch = fetch, itemsOf = itemsOf, next = next
        return ItemSequence(batches: PageSequence(start: start) { cursor in
            let page = try await fetch(cursor)
            let items = itemsOf(page)
            return PageStep(value: items, isEmpty: items.isEmpty, next: next(page, cursor))
        })
    }
}
