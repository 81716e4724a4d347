@preconcurrency import Glibc
import Synchronization
@_spi(Records) import UrnCore

/// `--jobs N`: a reader thread cuts the input into chunks of whole records (those one `read(2)`
/// brought, so that a slow source's lines go on at once), N worker threads each run a chunk's
/// records through a copy of the stage into the chunk's own output, diagnostics and summary,
/// and the calling thread writes the chunks in input order. Output, diagnostics (the per-code
/// limit is applied as they are written) and exit status are so byte for byte those of one job.
/// A worker ends its chunk where one job stops reading (`-q` answered, `--fail-fast`); what
/// later chunks did is dropped unwritten. At most `2 N + 2` chunks are in flight.
final class ChunkPipeline<Stage: RecordStage> {
    /// Where a chunk is in its round.
    private enum State { case free, filled, working, done }

    /// A piece of a chunk: where its bytes are in `input`, and what the reader said of them.
    /// Most are runs of whole lines as a read brought them, which the worker splits; a line the
    /// reader handed out alone (the unended last line of a source, and each line of a read that
    /// could hold an over-long one or comes after one) is a piece of its own.
    private struct Piece {
        let start: Int
        let count: Int
        /// The number of the (first) line.
        let number: Int
        /// A line: whether it is over-long (its bytes are its start).
        let tooLong: Bool
        /// A run: its lines, each with its separator; false for a single line without one.
        let isRun: Bool
    }

    /// A chunk of records, what a worker made of it, and its place in the round. One thread
    /// at a time has it (the reader, a worker, the writer, handing it on under the lock).
    private final class Chunk {
        var state = State.free
        /// The lines' bytes, one after another, and the pieces they make.
        var input = ByteBuffer(capacity: 1 << 16)
        var pieces: [Piece] = []
        /// The source the lines come from (a chunk never spans two).
        var source = ""
        /// The reader's messages after the lines: a source that could not be opened or read.
        var readerMessages: [Diagnostics.Message] = []
        /// The worker's records, messages, summary and outcome for the lines it worked on.
        var output = JSONWriter(capacity: 1 << 16)
        var messages: [Diagnostics.Message] = []
        var summary: Stage.Summary?
        var outcome = RecordDriver.Outcome()
        /// How many lines were worked on, and their bytes as `--progress` counts them.
        var linesDone = 0
        var bytesDone = 0
        /// The worker stopped where one job stops reading.
        var stops = false

        /// Empties the chunk for the next round, keeping its storage.
        func clear() {
            input.removeAll()
            pieces.removeAll(keepingCapacity: true)
            readerMessages = []
            output.reset()
            messages = []
            summary = nil
            outcome = RecordDriver.Outcome()
            linesDone = 0
            bytesDone = 0
            stops = false
            state = .free
        }
    }

    /// A worker thread's own copies: the stage, its record parser, and a driver whose
    /// diagnostics and writer keep what they are given for the chunk. Only its thread uses
    /// them, and its thread makes them, so that
    /// they lie in that thread's memory, not beside another thread's on a cache line that two
    /// cores would both write.
    private final class Worker {
        var stage: Stage
        var parser: RecordParser
        let driver: RecordDriver
        let diagnostics: Diagnostics
        let writer: RecordWriter

        init(stage: Stage, parser: RecordParser, driver: RecordDriver, diagnostics: Diagnostics, writer: RecordWriter) {
            self.stage = stage
            self.parser = parser
            self.driver = driver
            self.diagnostics = diagnostics
            self.writer = writer
        }
    }

    private let options: CommonOptions
    /// The options' separator, read once: each read of an option goes through its property
    /// wrapper, a look-up of generic metadata.
    private let separator: UInt8
    /// Where the lines come from (`RecordDriver.sources`).
    private let sources: [RecordReader.Source]
    private let settings: RecordDriver.Settings
    /// The driver's diagnostics, which the writer prints every message through in input order.
    private let diagnostics: Diagnostics
    private let chunks: [Chunk]
    private let jobs: Int
    /// The stage as the tool started it, which each worker copies (`copyForThread`) in its thread.
    private let stage: Stage
    /// Makes a worker's copies, in its thread.
    private let makeWorker: (Stage) -> Worker
    /// A chunk is sent on once it holds this many bytes, even within one read. The environment's
    /// `URN_JOBS_CHUNK_BYTES` makes it small for the tests, so that small inputs make many chunks.
    private let chunkBytes: Int
    /// The reader's diagnostics, whose messages go with the chunks.
    private let readerDiagnostics: Diagnostics

    // The round, under `lock`: chunk `n` is `chunks[n % chunks.count]`; the reader fills them
    // in order, the workers take them in order, and the writer writes them in order.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a chunk is filled, and when the round ends.
    private let filled = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when a worker is done with a chunk, and when the reader is done.
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when the writer frees a chunk, and when the round ends.
    private let freed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var filledCount = 0
    private var takenCount = 0
    /// Workers that have made their copies of the stage, after which the stage is changed.
    private var readyCount = 0
    private var readerDone = false
    /// Set by the writer when no more chunks are wanted.
    private var stopped = false
    /// `stopped`, read by the workers between records without the lock: a chunk whose
    /// records will not be written is left at once (one job stops at a failed write).
    private let halted = Flag()

    /// A pipeline of `options.jobs` workers, each with a copy of `stage` (made after its
    /// `start`) and records worked on as `driver` does.
    init(driver: RecordDriver, options: CommonOptions, settings: RecordDriver.Settings, stage: Stage) {
        self.options = options
        sources = driver.sources
        separator = options.separator
        self.settings = settings
        diagnostics = driver.diagnostics
        jobs = options.jobs
        chunks = (0..<(2 * jobs + 2)).map { _ in Chunk() }
        self.stage = stage
        let tool = driver.diagnostics.tool
        makeWorker = { stage in
            let diagnostics = Diagnostics(keepingFor: tool, noMessages: options.noMessages)
            return Worker(stage: stage.copyForThread(), parser: driver.recordParser(for: stage),
                          driver: RecordDriver(options: options, diagnostics: diagnostics, log: driver.log), diagnostics: diagnostics,
                          writer: RecordWriter(fd: -1, separator: options.separator, lineBuffered: false))
        }
        readerDiagnostics = Diagnostics(keepingFor: tool, noMessages: options.noMessages)
        let knob = getenv("URN_JOBS_CHUNK_BYTES").flatMap { Int(String(cString: $0)) }
        chunkBytes = max(knob ?? 1 << 17, 1)
        pthread_mutex_init(lock, nil)
        for condition in [filled, done, freed] { pthread_cond_init(condition, nil) }
    }

    deinit {
        pthread_mutex_destroy(lock)
        for condition in [filled, done, freed] { pthread_cond_destroy(condition) }
        for pointer in [UnsafeMutableRawPointer(lock), UnsafeMutableRawPointer(filled), UnsafeMutableRawPointer(done),
                        UnsafeMutableRawPointer(freed)] { pointer.deallocate() }
    }

    /// Reads, works and writes everything into `writer` and `outcome`, gathering the summaries
    /// into `stage`; says whether every source was read, as `RecordReader.forEachLine` does.
    func run(_ stage: inout Stage, writer: RecordWriter, meter: ProgressMeter?, outcome: inout RecordDriver.Outcome) -> Bool {
        let threads = (0..<jobs).map { _ in SystemThread.start("--jobs") { self.work() } }
        pthread_mutex_lock(lock)
        while readyCount < jobs { pthread_cond_wait(done, lock) }
        pthread_mutex_unlock(lock)
        let reader = SystemThread.start("--jobs") { self.read() }
        var readAll = true
        var written = 0
        pthread_mutex_lock(lock)
        while true {
            let chunk = chunks[written % chunks.count]
            guard written < filledCount, chunk.state == .done else {
                if readerDone && written == filledCount { break }
                pthread_cond_wait(done, lock)
                continue
            }
            pthread_mutex_unlock(lock)
            let goesOn = write(chunk, &stage, writer, meter, &outcome, &readAll)
            pthread_mutex_lock(lock)
            guard goesOn else { break }
            chunk.clear()
            written += 1
            pthread_cond_signal(freed)
        }
        let readerFinished = readerDone
        stopped = true
        halted.set()
        pthread_cond_broadcast(filled)
        pthread_cond_broadcast(freed)
        pthread_mutex_unlock(lock)
        for thread in threads { pthread_join(thread, nil) }
        // A reader stopped early may wait in read(2) on a source that says nothing more (a
        // terminal, `tail -f`): it is left to end with the process, as one job leaves the source.
        if readerFinished { pthread_join(reader, nil) } else { pthread_detach(reader) }
        return readAll
    }

    /// Writes what a worker made of `chunk`, in its turn; says whether to go on to the next.
    private func write(_ chunk: Chunk, _ stage: inout Stage, _ writer: RecordWriter, _ meter: ProgressMeter?,
                       _ outcome: inout RecordDriver.Outcome, _ readAll: inout Bool) -> Bool {
        meter?.count(records: chunk.linesDone, bytes: chunk.bytesDone)
        diagnostics.replay(chunk.messages)
        outcome.status = max(outcome.status, chunk.outcome.status)
        outcome.errors += chunk.outcome.errors
        outcome.leftOut += chunk.outcome.leftOut
        if let summary = chunk.summary { stage.add(summary) }
        do throws(WriteFailure) {
            try chunk.output.withSpan { (span) throws(WriteFailure) in
                try span.withUnsafeBufferPointer { (bytes) throws(WriteFailure) in try writer.writeFormatted(bytes) }
            }
        } catch {
            outcome.writeFailure = error
            return false
        }
        if chunk.outcome.settled { outcome.settled = true }
        guard !chunk.stops else { return false }
        if !chunk.readerMessages.isEmpty {
            diagnostics.replay(chunk.readerMessages)
            readAll = false
        }
        return true
    }

    /// The reader thread: gathers the lines of each `read(2)` and sends them on as a chunk.
    /// They are gathered in buffers of its own, swapped with a free chunk's when sent. A read's
    /// complete lines come as one run, copied and sent on as they are: their separators are
    /// counted, for the lines' numbers, and each line is found by the worker that takes them.
    private func read() {
        let reader = RecordReader(sources: sources, separator: separator, maxLine: options.maxLine,
                                  diagnostics: readerDiagnostics)
        var gathered = Gathered()
        _ = reader.forEachLine({ line in
            gathered.add(line.bytes, number: line.number, source: line.source, tooLong: line.tooLong, isRun: false)
            return gathered.input.count < chunkBytes || send(&gathered)
        }, runs: { run in
            self.gather(run, into: &gathered)
        }, beforeRead: { send(&gathered) })
        _ = send(&gathered)
        pthread_mutex_lock(lock)
        readerDone = true
        pthread_cond_broadcast(filled)
        pthread_cond_signal(done)
        pthread_mutex_unlock(lock)
    }

    /// Gathers the lines of `run`, sending a chunk on each time one holds `chunkBytes` or more:
    /// a run is cut after the last line that fits (or its first line, when none does); says
    /// whether to read on.
    private func gather(_ run: LineRun, into gathered: inout Gathered) -> Bool {
        var rest = run.bytes
        var number = run.firstNumber
        var linesLeft = run.count
        while !rest.isEmpty {
            let room = chunkBytes - gathered.input.count
            var piece = rest
            var lines = linesLeft
            if rest.count > room {
                // after the last separator within the room, or else the first line's
                let end = UnsafeBufferPointer(rebasing: rest[..<max(room, 0)]).lastIndex(of: separator)
                    ?? rest.firstIndex(of: separator).unsafelyUnwrapped
                let cut = end + 1
                piece = UnsafeBufferPointer(rebasing: rest[..<cut])
                lines = cut == rest.count ? linesLeft : ByteCount.occurrences(of: separator, in: piece)
            }
            gathered.add(piece, number: number, source: run.source, tooLong: false, isRun: true)
            number += lines
            linesLeft -= lines
            rest = UnsafeBufferPointer(rebasing: rest[piece.count...])
            if gathered.input.count >= chunkBytes, !send(&gathered) { return false }
        }
        return true
    }

    /// The lines the reader has gathered for the next chunk.
    private struct Gathered: ~Copyable {
        var input = ByteBuffer(capacity: 1 << 16)
        var pieces: [Piece] = []
        var source = ""

        /// Adds the line or run of lines `bytes`, numbered from `number`, from `source`.
        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, source: String, tooLong: Bool, isRun: Bool) {
            if pieces.isEmpty { self.source = source }
            pieces.append(Piece(start: input.count, count: bytes.count, number: number, tooLong: tooLong, isRun: isRun))
            input.append(bytes)
        }
    }

    /// Sends the lines gathered, with the reader's messages since the last chunk, to the
    /// workers in the next free chunk (once the writer has freed it); says whether to read on.
    private func send(_ gathered: inout Gathered) -> Bool {
        let messages = readerDiagnostics.takeKept()
        guard !gathered.pieces.isEmpty || !messages.isEmpty else { return !isStopped }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let chunk = chunks[filledCount % chunks.count]
        while chunk.state != .free && !stopped { pthread_cond_wait(freed, lock) }
        guard !stopped else { return false }
        swap(&chunk.input, &gathered.input)
        swap(&chunk.pieces, &gathered.pieces)
        chunk.source = gathered.source
        chunk.readerMessages = messages
        chunk.state = .filled
        filledCount += 1
        pthread_cond_signal(filled)
        return true
    }

    /// Whether the writer wants no more chunks.
    private var isStopped: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return stopped
    }

    /// A worker thread: makes its copies, then takes the filled chunks in order and works on each.
    private func work() {
        let worker = makeWorker(stage)
        pthread_mutex_lock(lock)
        readyCount += 1
        pthread_cond_signal(done)
        while !stopped {
            guard takenCount < filledCount else {
                if readerDone { break }
                pthread_cond_wait(filled, lock)
                continue
            }
            let chunk = chunks[takenCount % chunks.count]
            takenCount += 1
            chunk.state = .working
            pthread_mutex_unlock(lock)
            work(on: chunk, worker)
            pthread_mutex_lock(lock)
            chunk.state = .done
            pthread_cond_signal(done)
        }
        pthread_mutex_unlock(lock)
    }

    /// Works on the lines of `chunk` as one job does, up to where one job would stop reading.
    private func work(on chunk: Chunk, _ worker: Worker) {
        var outcome = RecordDriver.Outcome()
        var bytes = 0
        var count = 0
        // the stage and parser are borrowed once for the chunk, and the settings read once:
        // each line's call copied them (a memcpy a record)
        let settings = self.settings
        let separator = Int32(self.separator)
        func consumeLines(_ stage: inout Stage, _ parser: inout RecordParser) {
            for piece in chunk.pieces {
                let text = chunk.input.unsafeView(piece.start..<(piece.start + piece.count))
                // a single line, or each line of a run in turn, each ended by a separator
                var offset = 0
                var number = piece.number
                repeat {
                    if halted.isSet { return }
                    var length = text.count - offset
                    if piece.isRun, let base = text.baseAddress, let end = memchr(base + offset, separator, length) {
                        length = (base + offset).distance(to: end.assumingMemoryBound(to: UInt8.self))
                    }
                    let input = InputLine(bytes: UnsafeBufferPointer(rebasing: text[offset..<(offset + length)]), number: number,
                                          source: chunk.source, tooLong: piece.tooLong)
                    count += 1
                    bytes += length + 1
                    guard worker.driver.consume(input, &stage, &parser, worker.writer, settings, &outcome) else {
                        chunk.stops = true
                        return
                    }
                    offset += length + 1
                    number += 1
                } while offset < text.count
            }
        }
        consumeLines(&worker.stage, &worker.parser)
        swap(&worker.writer.json, &chunk.output)
        chunk.messages = worker.diagnostics.takeKept()
        chunk.summary = worker.stage.takeSummary()
        chunk.outcome = outcome
        chunk.linesDone = count
        chunk.bytesDone = bytes
    }
}

/// A flag one thread sets and others read without a lock.
private final class Flag: Sendable {
    private let value = Atomic(false)

    /// Whether it was set.
    var isSet: Bool { value.load(ordering: .relaxed) }

    /// Sets it.
    func set() {
        value.store(true, ordering: .relaxed)
    }
}
