function __urnstack_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnstack_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __urnstack_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnstack_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __urnstack_parse_tokens -S
    set -l unparsed_tokens (__urnstack_tokens -pc)
    switch $unparsed_tokens[1]
    case 'urnstack'
        __urnstack_parse_subcommand -r 1 'e=+' 'f=+' 'format=' 'host=+' 'max-table-size=' 'dialect=' 'base=' 'precedence=' 'scheme=' 'delimiter=' 'type=+' 'i' 'raw' 'merge-query' 'frames' 'from=' 'from-field=' 'field=' '0/null' 'max-line=' 'q/quiet' 's/no-messages' 'line-buffered' 'lenient' 'strict-nsurl' 'progress' 'fail-fast' 'jobs=' 'version' 'h/help'
    end
end

function __urnstack_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __urnstack_parse_subcommand -S -a positional_count
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

function __urnstack_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __urnstack_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__urnstack_tokens -p)
    if test -z "$(__urnstack_tokens -t)"
        set -l index (count (__urnstack_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'urnstack' -f
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack"' -s 'e' -d 'A route, \'PATTERN [TARGET] [key=value ...]\' (repeatable).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack"' -s 'f' -d 'Read routes from a table file (repeatable; several act as a composite router).' -rF
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" format' -l 'format' -d 'Read every -f file as this format (by default each file\'s @format, else its content says).' -rfka 'routes aasa android openapi'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack"' -l 'host' -d 'Route through apple-app-site-association tables and OpenAPI documents only links of this host; \'*.example.com\' for its subdomains (repeatable; a table\'s @host adds to it).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" max-table-size' -l 'max-table-size' -d 'Largest table file read, in bytes (suffixes K, M, G); a larger -f file is an error.' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" dialect' -l 'dialect' -d 'Matching semantics (a table\'s @dialect wins).' -rfka 'urn compass navigator waap express urlpattern'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" base' -l 'base' -d 'The base URL of urlpattern tables without @base: of their constructor strings and of the links they route.' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" precedence' -l 'precedence' -d 'How urlpattern tables without @precedence rank the routes that take a link: \'order\' (the first in table order) or \'specific\' (URLPattern\'s compareComponent, component by component).' -rfka 'order specific'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" scheme' -l 'scheme' -d 'Read \'S://name\' as the Compass name \'name\' (a table\'s @scheme wins).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" delimiter' -l 'delimiter' -d 'Split names and patterns without \'/\' on this string (a table\'s @delimiter wins).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack"' -l 'type' -d 'Declare a placeholder type for <NAME:x> (repeatable).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" i' -s 'i' -d 'Compare literal segments without regard to case.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" raw' -l 'raw' -d 'Keep argument values as written, without percent-decoding.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" merge-query' -l 'merge-query' -d 'Add query parameters to the arguments (path arguments win over the query, the query over defaults).'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" frames' -l 'frames' -d 'Write one record per frame, with \'frame\' (and its \'depth\' and \'of\'), instead of one per link.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" from' -l 'from' -d 'Add \'transition\': how to go from the stack of this link to each record\'s stack.' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" from-field' -l 'from-field' -d 'Like --from, with the current link read from this field of each record (a dotted path).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_positional "urnstack" -ge 1' -F
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" field' -l 'field' -d 'Read the link from this field of JSON records: a name or a dotted path (aps.urn).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" 0 null' -s '0' -l 'null' -d 'Read and write NUL-separated records instead of lines.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" max-line' -l 'max-line' -d 'Longest accepted line in bytes (suffixes K, M, G); longer lines become error records.' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" q quiet' -l 'quiet' -s 'q' -d 'Write nothing on stdout; only the exit status answers.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" no-messages s' -s 's' -l 'no-messages' -d 'Do not print a diagnostic for each bad line (error records are still written).'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" line-buffered' -l 'line-buffered' -d 'Flush output after every record (for tail -f).'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" lenient' -l 'lenient' -d 'Percent-encode spaces and other characters RFC 3986 does not allow instead of rejecting the link (\'link\' stays as written).'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" strict-nsurl' -l 'strict-nsurl' -d 'Make a link that URL(string:) refused before iOS 17 (non-ASCII, space, \'{\', a second \'#\', ...) an error record.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" progress' -l 'progress' -d 'Show the records read and their rate on stderr while working (only when stderr is a terminal).'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" fail-fast' -l 'fail-fast' -d 'Stop at the first line that cannot be processed.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" jobs' -l 'jobs' -d 'Work on chunks of records in this many threads; the output is the same, in input order (for large inputs in one process).' -rfka ''
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" version' -l 'version' -d 'Show the version.'
complete -c 'urnstack' -n '__urnstack_should_offer_completions_for_flags_or_options "urnstack" h help' -s 'h' -l 'help' -d 'Show help information.'
