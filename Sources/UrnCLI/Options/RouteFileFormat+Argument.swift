import ArgumentParser
@_spi(Records) import UrnCore

/// `--format routes|aasa|android`, read by ArgumentParser from the raw values.
extension RouteFileFormat: ExpressibleByArgument {}
