@preconcurrency import Glibc
import CMalloc

/// Prepares the malloc heap of the calling thread for a burst of small allocations that will
/// stay: a large route table's routes, tens of megabytes in a few hundred thousand objects.
///
/// By default glibc grows the main heap 132 KiB at a time and another thread's a page at a
/// time, and the kernel backs them with 4 KiB pages: loading 100,000 routes took 10,300
/// `mprotect` calls and 22,900 page faults. Here the heap grows in one step of `bytes`, and
/// that range is marked for transparent huge pages
/// (`MADV_HUGEPAGE`, which the system's default "madvise" mode honours), so it faults in 2 MiB
/// at a time. glibc's own `glibc.malloc.top_pad` and `glibc.malloc.hugetlb=1` tunables do the
/// same, but only from the environment at start-up.
///
/// Nothing here changes what a program computes: a system without transparent huge pages
/// ignores the advice, and a failed call leaves the heap as it was.
package enum LargeHeap {
    /// The size of a transparent huge page on x86-64 and arm64 (with 4 KiB base pages).
    private static let hugePage = 2 << 20
    /// The largest heap glibc gives a thread other than the main one (`HEAP_MAX_SIZE`, twice
    /// the largest mmap threshold on a 64-bit system); such a heap starts at a multiple of it.
    private static let threadHeapSize = 64 << 20
    /// glibc's default top pad, which `finish()` restores.
    private static let defaultTopPad: Int32 = 128 << 10

    /// Makes the calling thread's heap grow by at least `bytes` at once, in huge pages where
    /// the system has them. Call it on each thread that will allocate the burst, before it.
    package static func prepare(for bytes: Int) {
        let pad = Int32(clamping: min(bytes, threadHeapSize))
        guard pad > defaultTopPad else { return }
        mallopt(M_TOP_PAD, pad)
        // A block below the mmap threshold comes from the heap's top, which grows by the pad when
        // it is too small to give it. Freed, the blocks go back to that top, which keeps the pad.
        var probes: [UnsafeMutableRawPointer] = []
        defer { probes.forEach { free($0) } }
        guard let probe = malloc(probeSize) else { return }
        probes.append(probe)
        let address = Int(bitPattern: probe)
        guard isMainHeap(address) else {
            // a thread's heap is made on its first block, with the pad: all of it, at once
            let start = address & ~(threadHeapSize - 1)
            advise(from: start, to: start + threadHeapSize)
            return
        }
        // the main heap's top may still hold a few blocks: it grows on the block after them
        let end = Int(bitPattern: sbrk(0))
        while Int(bitPattern: sbrk(0)) == end, probes.count < maximumProbes, let next = malloc(probeSize) {
            probes.append(next)
        }
        advise(from: address, to: Int(bitPattern: sbrk(0)))
    }

    /// The size of the blocks that make a heap grow: below glibc's smallest mmap threshold.
    private static let probeSize = 64 << 10
    /// The most blocks taken to find the main heap's top: 64 MiB of them, more than glibc lets
    /// a top keep.
    private static let maximumProbes = 1024

    /// Restores glibc's default top pad once the burst is allocated.
    package static func finish() {
        mallopt(M_TOP_PAD, defaultTopPad)
    }

    /// Whether `address` lies in the main heap, the one `sbrk` grows (the main thread's).
    private static func isMainHeap(_ address: Int) -> Bool {
        let end = Int(bitPattern: sbrk(0))
        return address < end && end - address < Int(Int32.max)
    }

    /// Advises huge pages for `bytes` of fresh memory at `memory` when they span a few huge
    /// pages: a large table's trie lists, which glibc maps apart from the heap.
    static func advise(_ memory: UnsafeMutableRawPointer, bytes: Int) {
        guard bytes >= 2 * hugePage else { return }
        let start = Int(bitPattern: memory)
        advise(from: start, to: start + bytes)
    }

    /// Advises huge pages for the whole huge pages between `start` and `end`.
    private static func advise(from start: Int, to end: Int) {
        let first = (start + hugePage - 1) & ~(hugePage - 1)
        let last = end & ~(hugePage - 1)
        guard last > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, last - first, MADV_HUGEPAGE)
    }
}
