/// The routes of a link's prefixes, for its navigation stack (urnstack(1)): one trie walk finds
/// them all where one table reads the link one way.
extension Matcher {
    /// The route that matches the first `count` components of `link` (for stacks by prefix).
    @_spi(Records) public func match(_ link: Link, prefix count: Int) throws(Regex.MatchError) -> Match? {
        beginCall()
        for table in tableReferences {
            if let found = try table.withGuaranteed({ (table) throws(Regex.MatchError) in try winner(link, in: table, limit: count) }) { return found }
        }
        return nil
    }

    /// The winning route for each proper prefix of `link`'s components, indexed by its length
    /// (the array has one entry per length below the full one; index 0 is nil): what
    /// `match(_:prefix:)` gives for each, found in one trie walk when there is one table read one
    /// way and no `-i`, the common case.
    @_spi(Records) public func prefixMatches(_ link: Link) throws(Regex.MatchError) -> [Match?] {
        beginCall()
        // an app-link table has no ancestry: nothing to look up
        guard !onlyAppLinks else { return [nil] }
        let count = componentCount(link)
        var matches = [Match?](repeating: nil, count: max(count, 1))
        guard count > 1 else { return matches }
        guard let table = singleWalkTable(link) else {
            for length in 1..<count { matches[length] = try match(link, prefix: length) }
            return matches
        }
        try walkPrefixes(link, in: table, upTo: count - 1)
        for length in 1..<count { matches[length] = try prefixWinner(link, in: table, length: length) }
        return matches
    }

    /// The winner for `link` (what `firstMatch` gives) and, where a single trie walk finds the
    /// routes of its proper prefixes too, their number: `forEachWalkedPrefixWinner` then
    /// gives what `prefixMatches` would, one length at a time, without a list of matches. The
    /// walk needs one table read one way, without `-i`, regex routes, block handlers or
    /// registration chains, nor Express's decoding walk (a `%` in its pathname); elsewhere the
    /// number is nil, for the caller to look the prefixes up only if it needs them.
    func firstMatchWalkingPrefixes(_ link: Link) throws(Regex.MatchError) -> (first: Match, walkedPrefixes: Int?)? {
        beginCall()
        guard let table = singleWalkTable(link), !table.hasBlocks, table.regexRoutes.isEmpty,
              !table.dialect.rules.registrationChains, !table.dialect.rules.argumentsFromRouteString,
              !(table.dialect.rules.decodesBeforeMethod && link.text[link.path].contains(UInt8(ascii: "%")))
        else {
            guard let first = try firstMatch(link) else { return nil }
            return (first, nil)
        }
        if table.dialect.rules.decodesBeforeMethod { refusal = nil }  // no `%`: nothing to refuse
        let count = componentCount(link)
        try walkPrefixes(link, in: table, upTo: count)
        guard let first = try prefixWinner(link, in: table, length: count) else { return nil }
        return (first, max(count, 1))
    }

    /// Walks the proper prefixes of `link` in one trie walk where `prefixMatches` would, and
    /// returns the number of lengths that `forEachWalkedPrefixWinner` then answers for
    /// (the lengths below it), without a list of matches; nil where it would look each up.
    func walkingPrefixes(_ link: Link) throws(Regex.MatchError) -> Int? {
        beginCall()
        guard !onlyAppLinks else { return 1 }
        // the first table borrowed once for the whole question: it is asked a few times
        return try tableReferences[0].withGuaranteed { (table) throws(Regex.MatchError) -> Int? in
            let count = componentCount(link, in: table)
            guard count > 1 else { return 1 }
            guard isSingleWalk(table, link) else { return nil }
            try walkPrefixes(link, in: table, upTo: count - 1)
            return count
        }
    }

    /// Calls `body` with each length in `1..<lengths` whose first components of `link` some
    /// route takes, shortest first, and its winner: the lengths the last call of
    /// `firstMatchWalkingPrefixes` or `walkingPrefixes` walked (`lengths` is the count it gave).
    /// One call for the lengths of a link, so that the table is borrowed once for them all.
    func forEachWalkedPrefixWinner(_ link: Link, below lengths: Int,
                                   _ body: (_ length: Int, _ match: Match) -> Void) throws(Regex.MatchError) {
        beginCall()
        guard lengths > 1 else { return }
        let table = compiled[0]
        try prefixFound.withUnsafeBufferPointer { (found) throws(Regex.MatchError) in
            for length in 1..<lengths {
                if let match = try prefixWinner(link, in: table, length: length, among: found) { body(length, match) }
            }
        }
    }

    /// The table whose routes one trie walk finds for every prefix of `link`: the only one, read
    /// one way (one partition, as components) and without `-i`; nil otherwise.
    private func singleWalkTable(_ link: Link) -> CompiledTable? {
        guard let table = compiled.first, isSingleWalk(table, link) else { return nil }
        return table
    }

    /// Whether `table`, the first, is the one table whose routes one trie walk finds for every
    /// prefix of `link` (`singleWalkTable`).
    private func isSingleWalk(_ table: CompiledTable, _ link: Link) -> Bool {
        compiled.count == 1 && !table.isAppLinks && table.urlPatterns == nil && table.partitions.count == 1
            && reading(link, in: table).isComponents && !options.caseInsensitive
    }

    /// Fills `prefixFound` with the routes of `table` that take the first `length` components of
    /// `link`, for each length in `1...limit` (and 0 when `limit` is 0).
    private func walkPrefixes(_ link: Link, in table: CompiledTable, upTo limit: Int) throws(Regex.MatchError) {
        readComponents(link, mode: table.partitions[0].mode, delimiter: table.delimiter)
        prefixFound.removeAllShort()
        try table.withTrie(0) { (trie) throws(Regex.MatchError) in try trie.searchPrefixes(&components, upTo: limit, into: &prefixFound) }
    }

    /// The winner among the routes `walkPrefixes` found for `length` components, with its arguments.
    private func prefixWinner(_ link: Link, in table: CompiledTable, length: Int) throws(Regex.MatchError) -> Match? {
        try prefixFound.withUnsafeBufferPointer { (found) throws(Regex.MatchError) in
            try prefixWinner(link, in: table, length: length, among: found)
        }
    }

    /// The winner among the routes `found` (what `walkPrefixes` found) for `length` components,
    /// with its arguments.
    private func prefixWinner(_ link: Link, in table: CompiledTable, length: Int,
                              among found: UnsafeBufferPointer<(length: Int, id: Int)>) throws(Regex.MatchError) -> Match? {
        var best: Int?
        for (foundLength, id) in found where foundLength == length && table.withRoute(id, { constraintsHold($0, link, table.dialect) }) {
            if let current = best, current == id || !table.precedes(id, current) {
                continue
            }
            best = id
        }
        guard let best else { return nil }
        return try match((best, table.partitions[0].mode), link, in: table, limit: length)
    }

    /// The number of components `link` has for the first table (the depth of its stack).
    @inline(__always)
    @_spi(Records) public func componentCount(_ link: Link) -> Int {
        beginCall()
        guard let table = compiled.first else { return 0 }
        return componentCount(link, in: table)
    }

    /// The number of components `link` has for `table`.
    @inline(__always)
    private func componentCount(_ link: Link, in table: CompiledTable) -> Int {
        if let index = table.urlPatterns { return urlPatternSegmentCount(link, index, in: table) }
        guard !table.partitions.isEmpty else { return 0 }
        readComponents(link, mode: table.partitions[0].mode, delimiter: table.delimiter)
        return components.count
    }
}
