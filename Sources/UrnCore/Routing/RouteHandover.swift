#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The routes a second thread reads from a large table, handed to the main thread in runs as
/// they are read (`RouteTableParser`): the main thread adds each run to the table's tries
/// while the other thread goes on reading. Then the end, or the first error. When the main
/// thread's own lines fail, it abandons the handover, and the other thread stops at its next run.
final class RouteHandover: @unchecked Sendable {  // every field is read and written under `lock`
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var runs: [[Route]] = []
    private var taken = 0
    private var ended = false
    private var abandoned = false
    private var error: TableError?

    /// An empty handover.
    init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
    }

    /// Hands over `routes`, the next run (the reading thread); false when the main thread has
    /// abandoned the handover, and the reading should stop.
    func hand(_ routes: [Route]) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard !abandoned else { return false }
        runs.append(routes)
        pthread_cond_signal(changed)
        return true
    }

    /// Says that the main thread takes no more runs: the table has failed on an earlier line.
    func abandon() {
        pthread_mutex_lock(lock)
        abandoned = true
        runs = []
        pthread_mutex_unlock(lock)
    }

    /// Says that the reading thread is done, with the error that stopped it, if any.
    func end(_ error: TableError?) {
        pthread_mutex_lock(lock)
        ended = true
        self.error = error
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    /// The next run, once it is handed over; nil when the reading thread is done and every
    /// run was taken. Throws the reading thread's error when it stopped on one.
    func next() throws(TableError) -> [Route]? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while true {
            if let error { throw error }
            if taken < runs.count {
                let run = runs[taken]
                runs[taken] = []
                taken += 1
                return run
            }
            if ended { return nil }
            pthread_cond_wait(changed, lock)
        }
    }
}
