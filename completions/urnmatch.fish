function __urnmatch_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnmatch_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __urnmatch_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnmatch_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __urnmatch_parse_tokens -S
    set -l unparsed_tokens (__urnmatch_tokens -pc)
    switch $unparsed_tokens[1]
    case 'urnmatch'
        __urnmatch_parse_subcommand -r 1 'e=+' 'f=+' 'format=' 'host=+' 'max-table-size=' 'dialect=' 'base=' 'precedence=' 'scheme=' 'delimiter=' 'type=+' 'i' 'raw' 'merge-query' 'site=+' 'app-id=' 'package=' 'cert-sha256=+' 'cert=+' 'v/invert-match' 'a/all' 'c/count' 'stats' 'check' 'examples' 'infer' 'verify' 'all-matches' 'explain' 'json' 'sarif' 'baseline=' 'against=+' 'compare=' 'changed' 'per-route=' 'seed=' 'near-misses' 'infer-dialect=' 'infer-status=' 'method=' 'method-field=' 'field=' '0/null' 'max-line=' 'q/quiet' 's/no-messages' 'line-buffered' 'lenient' 'strict-nsurl' 'progress' 'fail-fast' 'jobs=' 'version' 'h/help'
    end
end

function __urnmatch_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __urnmatch_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __urnmatch_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __urnmatch_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__urnmatch_tokens -p)
    if test -z "$(__urnmatch_tokens -t)"
        set -l index (count (__urnmatch_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'urnmatch' -f
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -s 'e' -d 'A route, \'PATTERN [TARGET] [key=value ...]\' (repeatable).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -s 'f' -d 'Read routes from a table file (repeatable; several act as a composite router).' -rF
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" format' -l 'format' -d 'Read every -f file as this format (by default each file\'s @format, else its content says).' -rfka 'routes aasa android openapi'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -l 'host' -d 'Route through apple-app-site-association tables and OpenAPI documents only links of this host; \'*.example.com\' for its subdomains (repeatable; a table\'s @host adds to it).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" max-table-size' -l 'max-table-size' -d 'Largest table file read, in bytes (suffixes K, M, G); a larger -f file is an error.' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" dialect' -l 'dialect' -d 'Matching semantics (a table\'s @dialect wins).' -rfka 'urn compass navigator waap express urlpattern'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" base' -l 'base' -d 'The base URL of urlpattern tables without @base: of their constructor strings and of the links they route.' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" precedence' -l 'precedence' -d 'How urlpattern tables without @precedence rank the routes that take a link: \'order\' (the first in table order) or \'specific\' (URLPattern\'s compareComponent, component by component).' -rfka 'order specific'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" scheme' -l 'scheme' -d 'Read \'S://name\' as the Compass name \'name\' (a table\'s @scheme wins).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" delimiter' -l 'delimiter' -d 'Split names and patterns without \'/\' on this string (a table\'s @delimiter wins).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -l 'type' -d 'Declare a placeholder type for <NAME:x> (repeatable).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" i' -s 'i' -d 'Compare literal segments without regard to case.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" raw' -l 'raw' -d 'Keep argument values as written, without percent-decoding.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" merge-query' -l 'merge-query' -d 'Add query parameters to the arguments (path arguments win over the query, the query over defaults).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -l 'site' -d 'Read FILE as what HOST serves under /.well-known/: an apple-app-site-association file or an assetlinks.json (repeatable).' -rF
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" app-id' -l 'app-id' -d 'The iOS app\'s application identifier, TEAMID.bundle: the one the hosts\' apple-app-site-association files must name.' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" package' -l 'package' -d 'The Android application ID, where it is not the manifest\'s package (build.gradle\'s applicationId).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -l 'cert-sha256' -d 'The SHA-256 fingerprint of the app\'s signing certificate, with or without colons (repeatable).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -l 'cert' -d 'The app\'s signing certificate, a PEM or DER file: its SHA-256 fingerprint (repeatable).' -rF
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" invert-match v' -s 'v' -l 'invert-match' -d 'Print the records that no route matched.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" a all' -s 'a' -l 'all' -d 'Print every record; \'route\' is null when nothing matched.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" c count' -s 'c' -l 'count' -d 'Print only the number of records selected (of those -v selects, with -v).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" stats' -l 'stats' -d 'Print, instead of records, each route\'s hit count (table order) and then the unmatched count.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" check' -l 'check' -d 'Check the route tables only: syntax, duplicates, shadowed routes, overlaps at equal precedence.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" examples' -l 'examples' -d 'Write an example link for every route of the tables, routed back (the record -a prints, with \'example\').'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" infer' -l 'infer' -d 'Read links and write the route table they imply (with -f, the routes those tables lack).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" verify' -l 'verify' -d 'Read example records as --examples wrote them and print those whose link no longer lands where it was made to (with \'expected\'); 0 when all pass.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" all-matches' -l 'all-matches' -d 'Make \'route\' the list of every matching route, in precedence order.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" explain' -l 'explain' -d 'Add \'explain\' to unmatched records: the nearest routes and why each failed.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" json' -l 'json' -d 'With --check, write each finding as a JSON line (table, line, column, severity, code, message, routes).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" sarif' -l 'sarif' -d 'With --check, write the findings as one SARIF 2.1.0 log, for code-scanning tools.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" baseline' -l 'baseline' -d 'With --check, leave out the findings of this earlier --check --json output (matched by code, table and routes, not by line).' -rF
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch"' -l 'against' -d 'Compare with the routes of this table (OLD; repeatable): add \'before\' and \'change\' (same, target, pattern, args, lost, gained, error).' -rF
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" compare' -l 'compare' -d 'With --against, what counts as the same answer: answer (pattern, target and arguments; the default), route (pattern and arguments), target (target and arguments), routed (whether any route takes the link) or opens (whether iOS, on the side of the apple-app-site-association file, and Android, on the side of the manifest, open the app).' -rfka 'answer route target routed opens'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" changed' -l 'changed' -d 'With --against, print only the records whose change is not \'same\'.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" per-route' -l 'per-route' -d 'With --examples, write up to this many distinct links a route.' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" seed' -l 'seed' -d 'With --examples, the seed of the values chosen (the same seed gives the same links).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" near-misses' -l 'near-misses' -d 'With --examples, also write near misses: links that almost take each route.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" infer-dialect' -l 'infer-dialect' -d 'With --infer, the dialect of the table written: urn, express, navigator, waap, urlpattern or openapi (an OpenAPI 3.1 skeleton in YAML).' -rfka 'urn express openapi navigator waap urlpattern'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" infer-status' -l 'infer-status' -d 'With --infer, the requests read by their record\'s \'status\': ok (1xx to 3xx, and records without one; those refused are counted) or all.' -rfka 'ok all'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" method' -l 'method' -d 'Route every record as a request of this HTTP method (routes with a method column must take it).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" method-field' -l 'method-field' -d 'Read each record\'s HTTP method from this field (a name or a dotted path).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_positional "urnmatch" -ge 1' -F
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" field' -l 'field' -d 'Read the link from this field of JSON records: a name or a dotted path (aps.urn).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" 0 null' -s '0' -l 'null' -d 'Read and write NUL-separated records instead of lines.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" max-line' -l 'max-line' -d 'Longest accepted line in bytes (suffixes K, M, G); longer lines become error records.' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" q quiet' -l 'quiet' -s 'q' -d 'Write nothing on stdout; only the exit status answers.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" no-messages s' -s 's' -l 'no-messages' -d 'Do not print a diagnostic for each bad line (error records are still written).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" line-buffered' -l 'line-buffered' -d 'Flush output after every record (for tail -f).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" lenient' -l 'lenient' -d 'Percent-encode spaces and other characters RFC 3986 does not allow instead of rejecting the link (\'link\' stays as written).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" strict-nsurl' -l 'strict-nsurl' -d 'Make a link that URL(string:) refused before iOS 17 (non-ASCII, space, \'{\', a second \'#\', ...) an error record.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" progress' -l 'progress' -d 'Show the records read and their rate on stderr while working (only when stderr is a terminal).'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" fail-fast' -l 'fail-fast' -d 'Stop at the first line that cannot be processed.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" jobs' -l 'jobs' -d 'Work on chunks of records in this many threads; the output is the same, in input order (for large inputs in one process).' -rfka ''
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" version' -l 'version' -d 'Show the version.'
complete -c 'urnmatch' -n '__urnmatch_should_offer_completions_for_flags_or_options "urnmatch" h help' -s 'h' -l 'help' -d 'Show help information.'
