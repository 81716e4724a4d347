// Stand-in for Compass's TypeAlias.swift, which imports UIKit/Cocoa only to name the
// controller type that Router.navigate(to:from:) passes through untouched.
public final class StandInController {}
public typealias CurrentController = StandInController
