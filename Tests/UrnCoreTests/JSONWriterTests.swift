import Testing
@testable import UrnCore
