import ArgumentParser
@_spi(Records) import UrnCore

/// `--dialect urn|compass|navigator|waap|express`, read by ArgumentParser from the raw values.
extension Dialect: ExpressibleByArgument {}

/// `--infer-dialect urn|express|openapi|navigator|waap`, read by ArgumentParser from the raw values.
extension InferredTableDialect: ExpressibleByArgument {}
