import CYAML
@preconcurrency import Glibc
@_spi(Records) import UrnCore

/// libyaml's events of one text, parsed on a thread of their own: libyaml takes about half the
/// time a large YAML document takes to read, so the reader builds its tree from one batch of
/// events while libyaml parses the next, and the events of a batch the reader is done with are
/// freed by the parsing thread too, before it fills the batch again (where libyaml allocated
/// them). Events come in order, as `yaml_parser_parse` gives them; the reader uses an event's text before it
/// asks for the next batch and never deletes an event: the stream deletes every event it
/// parsed. A stream dropped before its end stops the parsing thread.
final class YAMLEventStream {
    /// Events parsed in one go, handed over together: one lock a batch, not one an event.
    private static let batchSize = 2048
    /// Batches parsed ahead of the reader at most, unless the stream is made with more.
    static let batchCount = 8

    /// Why libyaml stopped, when it could not read the text.
    struct Failure {
        var problem: String
        var context: String?
        var mark: yaml_mark_t
    }

    /// What the parsing thread and the reader share, which the thread holds as long as it runs.
    private final class Shared {
        var parser = yaml_parser_t()
        /// Batches parsed ahead of the reader at most.
        let batchCount: Int
        /// `batchCount` batches of `batchSize` events, filled in turn.
        let events: UnsafeMutablePointer<yaml_event_t>
        /// How many events each batch holds, once filled: events the stream must delete.
        let counts: UnsafeMutablePointer<Int>
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Batches filled and not yet given back by the reader (under `lock`).
        var filled = 0
        /// The parser's last batch is filled: it ends with the stream's end or a failure (under `lock`).
        var finished = false
        /// The reader wants no more (under `lock`).
        var cancelled = false
        /// libyaml's failure, after the events before it (written before `finished`).
        var failure: Failure?

        /// Whether libyaml started.
        let ready: Bool
        /// What owns the text, when the reader does not: held as long as the thread runs.
        let textOwner: AnyObject?

        init(text: UnsafeBufferPointer<UInt8>, batchCount: Int, textOwner: AnyObject?) {
            self.batchCount = batchCount
            self.textOwner = textOwner
            events = .allocate(capacity: YAMLEventStream.batchSize * batchCount)
            counts = .allocate(capacity: batchCount)
            counts.initialize(repeating: 0, count: batchCount)
            ready = yaml_parser_initialize(&parser) == 1
            if ready { yaml_parser_set_input_string(&parser, text.baseAddress, text.count) }
            pthread_mutex_init(lock, nil)
            pthread_cond_init(changed, nil)
        }

        deinit {
            // under the lock, the parsing thread's last writes are seen to come first (by race
            // detectors too: Swift's reference counts already order them)
            pthread_mutex_lock(lock)
            deleteEvents()
            pthread_mutex_unlock(lock)
            if ready { yaml_parser_delete(&parser) }
            pthread_mutex_destroy(lock)
            pthread_cond_destroy(changed)
            events.deallocate()
            counts.deallocate()
            lock.deallocate()
            changed.deallocate()
        }

        /// Deletes the events of every batch.
        func deleteEvents() {
            for batch in 0..<batchCount {
                for index in 0..<counts[batch] { yaml_event_delete(self.batch(batch) + index) }
                counts[batch] = 0
            }
        }

        /// The first event of batch `batch`.
        func batch(_ batch: Int) -> UnsafeMutablePointer<yaml_event_t> {
            events + batch * YAMLEventStream.batchSize
        }

        /// The parsing thread: fills batches while the reader has room for them, and frees the
        /// events of each batch the reader gives back (also once the text is parsed, so that a
        /// stream read to its end leaves little for the reader's thread to free).
        func parse() {
            // batches filled, and batches whose events are freed, oldest first
            var produced = 0
            var freed = 0
            var ended = false
            while true {
                pthread_mutex_lock(lock)
                while !cancelled, ended ? produced - filled == freed : filled == batchCount { pthread_cond_wait(changed, lock) }
                let stop = cancelled
                let givenBack = produced - filled
                pthread_mutex_unlock(lock)
                if stop { break }
                while freed < givenBack {
                    let batch = freed % batchCount
                    for index in 0..<counts[batch] { yaml_event_delete(self.batch(batch) + index) }
                    counts[batch] = 0
                    freed += 1
                }
                if ended { continue }
                let batch = produced % batchCount
                var count = 0
                while count < YAMLEventStream.batchSize, !ended {
                    let slot = self.batch(batch) + count
                    guard yaml_parser_parse(&parser, slot) == 1 else {
                        failure = Failure(problem: parser.problem.map { String(cString: $0) } ?? "unreadable YAML",
                                          context: parser.context.map { String(cString: $0) }, mark: parser.problem_mark)
                        ended = true
                        break
                    }
                    ended = slot.pointee.type == YAML_STREAM_END_EVENT
                    count += 1
                }
                pthread_mutex_lock(lock)
                counts[batch] = count
                filled += 1
                finished = ended
                pthread_cond_broadcast(changed)
                pthread_mutex_unlock(lock)
                produced += 1
            }
            // a stream read to its end is let go of without waiting for this thread (see `deinit`)
            if ended {
                pthread_mutex_lock(lock)
                deleteEvents()
                pthread_mutex_unlock(lock)
            }
        }
    }

    private let shared: Shared
    private let thread: pthread_t
    /// The reader's place: the batch it reads (when it holds one) and the next event in it.
    private var readBatch = 0
    private var readIndex = 0
    private var holdsBatch = false

    /// A stream of the events of `text`, parsed at most `batchCount` batches ahead of the
    /// reader; nil if libyaml cannot start. `text` must outlive the stream, or be owned by
    /// `textOwner`, which the parsing thread holds until it ends.
    init?(text: UnsafeBufferPointer<UInt8>, batchCount: Int = YAMLEventStream.batchCount, textOwner: AnyObject? = nil) {
        let shared = Shared(text: text, batchCount: batchCount, textOwner: textOwner)
        guard shared.ready else { return nil }
        self.shared = shared
        thread = SystemThread.start("reading YAML") { shared.parse() }
    }

    /// Stops the parsing thread. Once libyaml has read the text to its end, the thread no longer
    /// reads the text: it frees the events left on its own, and the reader does not wait for it.
    deinit {
        pthread_mutex_lock(shared.lock)
        shared.cancelled = true
        let parsed = shared.finished
        pthread_cond_broadcast(shared.changed)
        pthread_mutex_unlock(shared.lock)
        if parsed {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// Why libyaml stopped, once `next` said false before the stream's end.
    var failure: Failure? { shared.failure }

    /// The next event, where it sits in its batch: valid until the batch after it is asked for,
    /// and the stream deletes it (its marks and type may be changed, as long as its type is
    /// back when the next event is asked for). Nil at a failure (`failure` says which) or past
    /// the stream's end.
    func next() -> UnsafeMutablePointer<yaml_event_t>? {
        if holdsBatch, readIndex == shared.counts[readBatch] {
            // the batch is read: give it back to the parser
            pthread_mutex_lock(shared.lock)
            shared.filled -= 1
            pthread_cond_broadcast(shared.changed)
            pthread_mutex_unlock(shared.lock)
            holdsBatch = false
            readBatch = (readBatch + 1) % shared.batchCount
            readIndex = 0
        }
        if !holdsBatch {
            pthread_mutex_lock(shared.lock)
            while shared.filled == 0, !shared.finished { pthread_cond_wait(shared.changed, shared.lock) }
            holdsBatch = shared.filled > 0
            pthread_mutex_unlock(shared.lock)
            guard holdsBatch else { return nil }
        }
        guard readIndex < shared.counts[readBatch] else { return nil }
        let event = shared.batch(readBatch) + readIndex
        readIndex += 1
        return event
    }
}
