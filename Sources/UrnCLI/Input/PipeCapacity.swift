@preconcurrency import Glibc

/// Makes the pipes between the tools of a pipeline larger. A pipe holds 64 KiB by default,
/// what a tool writes at once, so each write would fill it and each stage of
/// `urnparse | urnmatch | urnstack | urnfmt` would run a write's worth at a time, switching
/// context at every write. With 1 MiB, a stage runs about sixteen writes before it waits.
/// Nothing is held back: a pipe's reader gets what is written at once, whatever its size.
enum PipeCapacity {
    /// The pipe size asked for: Linux's default `/proc/sys/fs/pipe-max-size`, the most a user
    /// without privileges may set.
    static let size: Int32 = 1 << 20
    /// `F_SETPIPE_SZ` and `F_GETPIPE_SZ` of linux/fcntl.h (`F_LINUX_SPECIFIC_BASE + 7` and
    /// `+ 8`), which Swift's Glibc module leaves out.
    private static let setPipeSize: Int32 = 1031
    private static let getPipeSize: Int32 = 1032

    /// Enlarges the pipe `fd` is an end of to `size`; a larger pipe (another tool's choice), or
    /// anything else (a file, a terminal), or a system that refuses, is left as it is.
    static func enlarge(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
        guard fcntl(fd, getPipeSize) < size else { return }
        _ = fcntl(fd, setPipeSize, size)
    }
}
