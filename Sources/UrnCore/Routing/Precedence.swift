/// Which of two matching routes wins (urn-patterns(7) PRECEDENCE).
enum Precedence {
    /// Whether route `a` (index `ia` in its table) comes before route `b`.
    static func precedes(_ a: Route, _ ia: Int, _ b: Route, _ ib: Int, ranking: DialectRules.Ranking) -> Bool {
        switch ranking {
        case .urnPrecedence:
            // (1) more literal segments
            let la = a.pattern.literalCount, lb = b.pattern.literalCount
            if la != lb { return la > lb }
            // (2) at the first segment where the classes differ: literal, typed/regex, plain, catch-all
            for (sa, sb) in zip(a.pattern.segments, b.pattern.segments) where sa.rank != sb.rank {
                return sa.rank < sb.rank
            }
            // (3) fewer catch-alls
            let ca = a.pattern.catchAllCount, cb = b.pattern.catchAllCount
            if ca != cb { return ca < cb }
        case .mostLiterals:
            // most literal (plain) components; ties go to table order
            let la = a.pattern.rankLiteralCount, lb = b.pattern.rankLiteralCount
            if la != lb { return la > lb }
        case .fewestExpressions:
            // a concrete path has none (templating/paths/iterators.py:62 in openapi-core 0.23.1)
            let ea = a.operation?.expressionCount ?? 0, eb = b.operation?.expressionCount ?? 0
            if ea != eb { return ea < eb }
        case .urlPatternSpecificity:
            if let pa = a.pattern.urlPattern, let pb = b.pattern.urlPattern {
                for component in URLPattern.Component.allCases {
                    let order = URLPattern.compare(component, pa, pb)
                    if order != 0 { return order > 0 }
                }
            }
        case .tableOrder:
            break
        }
        // (4) earlier in the table
        return ia < ib
    }
}
