/// The items of a paginated operation, across pages, fetched lazily a page at a time.
///
/// Ends, checks cancellation and fails like the `PageSequence` it is built on.
public struct ItemSequence<Item: Sendable>: AsyncSequence, Sendable {
    /// An item.
    public typealias Element = Item

    let batches: PageSequence<[Item]>

    /// Yields the items of one page before fetching the next.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var pages: PageSequence<[Item]>.AsyncIterator
        private var buffer: [Item] = []
        private var index = 0

        init(_ pages: PageSequence<[Item]>.AsyncIterator) {
            self.pages = pages
        }

        /// The next item, or `nil` when the last page is exhausted.
        public mutating func next() async throws -> Item? {
            while index == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = page
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
    }

    /// Starts iterating from the first page; nothing is fetched before the first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(batches.makeAsyncIterator())
    }
}
