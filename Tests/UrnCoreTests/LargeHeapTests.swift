import Foundation
import Glibc
import Testing
@testable import UrnCore

/// `LargeHeap`: the memory a large table's routes and tries go to is marked for transparent
/// huge pages, as the kernel reports it in /proc/self/smaps (`hg` among a mapping's VmFlags).
/// On a system without transparent huge pages there is nothing to see, and nothing is checked.
struct LargeHeapTests {
    /// A thread's heap, made after `prepare`, is advised whole.
    @Test func advisesTheHeapOfAThreadThatPrepares() throws {
        guard Self.systemHasHugePages else { return }
        let result = Box()
        let thread = SystemThread.start("testing the heap") {
            LargeHeap.prepare(for: 32 << 20)
            defer { LargeHeap.finish() }
            let block = malloc(1000)!
            memset(block, 0x5A, 1000)
            result.flags = Self.flags(of: block)
            free(block)
        }
        pthread_join(thread, nil)
        let flags = try #require(result.flags, "no mapping holds the block")
        #expect(flags.contains("hg"), "VmFlags: \(flags.joined(separator: " "))")
    }

    /// Storage large enough to span a few huge pages is advised, and holds what is written.
    @Test func advisesLargeStorage() throws {
        guard Self.systemHasHugePages else { return }
        var large = ReusedStorage<Int64>()
        large.reserveCapacity(1 << 20)  // 8 MiB
        let largeFlags = try #require(Self.flags(of: UnsafeRawPointer(large.base!) + (4 << 20)))
        #expect(largeFlags.contains("hg"), "VmFlags: \(largeFlags.joined(separator: " "))")
        large.replaceAll(repeating: 7, count: 1 << 20)
        #expect(large.elements.allSatisfy { $0 == 7 })
    }

    /// Where a thread's result is put.
    private final class Box: @unchecked Sendable {
        var flags: [String]?
    }

    /// Whether the kernel has transparent huge pages and honours advice for them.
    private static var systemHasHugePages: Bool {
        guard let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8) else { return false }
        return !mode.contains("[never]")
    }

    /// The VmFlags of the mapping that holds `address`, from /proc/self/smaps.
    private static func flags(of address: UnsafeRawPointer) -> [String]? {
        // read to the end: a file of /proc has no size for a one-call read to go by
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return nil }
        let smaps = String(decoding: data, as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let start = UInt(line[..<dash], radix: 16), let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = start <= target && target < end
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ").map(String.init)
            }
        }
        return nil
    }
}
