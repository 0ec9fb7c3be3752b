import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The requests `SandboxServer.receivedRequests(_:)` reads back, bounded twice: per operation by count
/// (`SandboxOptions.recordedRequestLimit`) and in all by bytes (`recordedBytesLimit`), the oldest going
/// first whatever their operation. Lives inside the engine's lock.
struct RequestRecord {
    /// One operation's requests, oldest first; `head` skips those already dropped, so dropping the oldest
    /// does not move the others.
    private struct Queue {
        var entries: [(sequence: Int, bytes: Int, request: RecordedRequest)] = []
        var head = 0

        var count: Int { entries.count - head }
        var oldestSequence: Int? { head < entries.count ? entries[head].sequence : nil }

        mutating func dropOldest() -> Int {
            let bytes = entries[head].bytes
            head += 1
            if head > 64, head * 2 > entries.count {
                entries.removeFirst(head)
                head = 0
            }
            return bytes
        }
    }

    private var queues: [String: Queue] = [:]
    private var sequence = 0
    /// The sum of the kept requests' `RecordedRequest.byteCount`.
    private(set) var byteCount = 0

    mutating func append(_ request: RecordedRequest, perOperationLimit: Int, byteLimit: Int) {
        sequence += 1
        let bytes = request.byteCount
        queues[request.operation, default: Queue()].entries.append((sequence, bytes, request))
        byteCount += bytes
        while let queue = queues[request.operation], queue.count > perOperationLimit {
            dropOldest(of: request.operation)
        }
        while byteCount > byteLimit, let operation = oldestOperation() {
            dropOldest(of: operation)
        }
    }

    /// `operation`'s requests, oldest first.
    func requests(_ operation: String) -> [RecordedRequest] {
        guard let queue = queues[operation] else { return [] }
        return queue.entries[queue.head...].map(\.request)
    }

    /// The operation whose oldest kept request is the oldest of all: a scan of the operations, which are
    /// few, instead of a second index.
    private func oldestOperation() -> String? {
        var oldest: (operation: String, sequence: Int)?
        for (operation, queue) in queues {
            guard let first = queue.oldestSequence else { continue }
            if oldest == nil || first < oldest!.sequence { oldest = (operation, first) }
        }
        return oldest?.operation
    }

    private mutating func dropOldest(of operation: String) {
        guard var queue = queues.removeValue(forKey: operation) else { return }
        byteCount -= queue.dropOldest()
        if queue.count > 0 { queues[operation] = queue }
    }
}

/// Hands freed heap memory back to the system where the allocator keeps it (glibc: `malloc_trim`, which
/// Swift's Glibc module does not export, so it is looked up; RTLD_DEFAULT is a null handle in glibc).
enum ReleaseMemory {
    static func toSystem() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        #endif
    }
}
