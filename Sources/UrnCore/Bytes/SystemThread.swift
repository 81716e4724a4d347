@preconcurrency import Glibc

/// A POSIX thread that runs a closure: what `--jobs` and the YAML reader's parsing thread start.
package enum SystemThread {
    /// Starts a thread that runs `body`; `purpose` names it in the message if the system has no
    /// thread to give (a failure of the machine, not of the input).
    package static func start(_ purpose: String, _ body: @escaping () -> Void) -> pthread_t {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        precondition(status == 0, "\(purpose): cannot start a thread: \(errorText(status))")
        return thread
    }

    /// What a thread runs, handed to `pthread_create` as its argument.
    private final class Body {
        let run: () -> Void

        init(_ run: @escaping () -> Void) {
            self.run = run
        }
    }
}
