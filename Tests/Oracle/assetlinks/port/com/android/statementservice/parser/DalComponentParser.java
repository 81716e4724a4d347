// Port to Java of DalComponentParser.kt (@file:JvmName("DalComponentParser")), which turns a
// dynamic_app_link_components matching expression into a PatternMatcher type and pattern.
//
// Source: packages/StatementService/Parser/src/com/android/statementservice/parser/
// DalComponentParser.kt, repository aosp-mirror/platform_frameworks_base,
// commit d618c46b3bff606f2d5f7efc703f59133b1f07e1. (Later copies in Android forks differ; see
// README.md.)
package com.android.statementservice.parser;

public final class DalComponentParser {
    private DalComponentParser() {}

    // android.os.PatternMatcher constants
    public static final int PATTERN_LITERAL = 0;
    public static final int PATTERN_PREFIX = 1;
    public static final int PATTERN_SIMPLE_GLOB = 2;
    public static final int PATTERN_ADVANCED_GLOB = 3;

    /** Kotlin Pair<Int, String>. */
    public static final class Pair {
        public final int first;
        public final String second;
        Pair(int first, String second) { this.first = first; this.second = second; }
    }

    // DalComponentParser.kt: fun parseMatchingExpression(expression: String): Pair<Int, String>
    public static Pair parseMatchingExpression(String expression) {
        if (expression == null || expression.isEmpty()) {
            throw new IllegalArgumentException("Matching expressions cannot be an empty string");
        }
        int count = 0;
        boolean isAdvanced = expression.contains("?*");
        StringBuilder pattern = new StringBuilder();
        for (int k = 0; k < expression.length(); k++) {
            char ch = expression.charAt(k);
            switch (ch) {
                case '*': {
                    String s = pattern.toString();
                    if (s.endsWith(".") && !s.endsWith("\\.")) {
                        pattern.append('+');
                    } else {
                        count += 1;
                        pattern.append(".*");
                    }
                    break;
                }
                case '?':
                    count += 1;
                    pattern.append('.');
                    break;
                case '.':
                    pattern.append("\\.");
                    break;
                case '[': case ']': case '{': case '}':
                    if (isAdvanced) {
                        pattern.append('\\');
                    }
                    pattern.append(ch);
                    break;
                default:
                    pattern.append(ch);
            }
        }
        String p = pattern.toString();
        if (count == 0) {
            return new Pair(PATTERN_LITERAL, p);
        }
        if (count == 1 && p.endsWith(".*")) {
            return new Pair(PATTERN_PREFIX, p.substring(0, p.length() - 2));   // dropLast(2)
        }
        if (isAdvanced) {
            return new Pair(PATTERN_ADVANCED_GLOB, p);
        }
        return new Pair(PATTERN_SIMPLE_GLOB, p);
    }
}
