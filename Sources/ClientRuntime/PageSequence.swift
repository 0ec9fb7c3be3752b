/// What fetching one page produced: the value to yield, whether it was empty and where to go next.
struct PageStep<Value: Sendable>: Sendable {
    var value: Value
    var isEmpty: Bool
    var next: PageCursor?
}

/// The pages of a paginated operation, fetched lazily one at a time as the sequence is iterated.
///
/// Iteration ends after the last page (no next cursor), before an empty page (which is not yielded), or
/// when a page points to a cursor already visited (a server repeating a token would otherwise loop
/// forever). Each iteration starts again from the first page. The task is checked for cancellation before
/// every fetch, so a cancelled consumer stops with `CancellationError`; errors of a fetch end the iteration.
public struct PageSequence<Page: Sendable>: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = Page

    /// `nil`: there is no page to fetch (a backward walk from the first page).
    let start: PageCursor?
    let step: @Sendable (PageCursor) async throws -> PageStep<Page>

    /// Fetches pages on demand.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let step: @Sendable (PageCursor) async throws -> PageStep<Page>
        private var cursor: PageCursor?
        private var visited: Set<PageCursor>

        init(start: PageCursor?, step: @escaping @Sendable (PageCursor) async throws -> PageStep<Page>) {
            self.step = step
            cursor = start
            visited = Set([start].compactMap { $0 })
        }

        /// The next page, or `nil` when iteration has ended.
        public mutating func next() async throws -> Page? {
            guard let current = cursor else { return nil }
            cursor = nil
            try Task.checkCancellation()
            let result = try await step(current)
            guard !result.isEmpty else { return nil }
            if let next = result.next, visited.insert(next).inserted {
                cursor = next
            }
            return result.value
        }
    }

    /// Starts iterating from the first page; nothing is fetched before the first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(start: start, step: step)
    }
}
