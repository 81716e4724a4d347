function __urnparse_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnparse_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __urnparse_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnparse_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __urnparse_parse_tokens -S
    set -l unparsed_tokens (__urnparse_tokens -pc)
    switch $unparsed_tokens[1]
    case 'urnparse'
        __urnparse_parse_subcommand -r 1 'field=' '0/null' 'max-line=' 'q/quiet' 's/no-messages' 'line-buffered' 'lenient' 'strict-nsurl' 'progress' 'fail-fast' 'jobs=' 'scheme=' 'delimiter=' 'raw' 'normalize' 'domains' 'punycode' 'as-idn' 'iri' 'base=' 'log=' 'strict' 'method-field=' 'version' 'h/help'
    end
end

function __urnparse_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __urnparse_parse_subcommand -S -a positional_count
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

function __urnparse_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __urnparse_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__urnparse_tokens -p)
    if test -z "$(__urnparse_tokens -t)"
        set -l index (count (__urnparse_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'urnparse' -f
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_positional "urnparse" -ge 1' -F
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" field' -l 'field' -d 'Read the link from this field of JSON records: a name or a dotted path (aps.urn).' -rfka ''
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" 0 null' -s '0' -l 'null' -d 'Read and write NUL-separated records instead of lines.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" max-line' -l 'max-line' -d 'Longest accepted line in bytes (suffixes K, M, G); longer lines become error records.' -rfka ''
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" q quiet' -l 'quiet' -s 'q' -d 'Write nothing on stdout; only the exit status answers.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" no-messages s' -s 's' -l 'no-messages' -d 'Do not print a diagnostic for each bad line (error records are still written).'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" line-buffered' -l 'line-buffered' -d 'Flush output after every record (for tail -f).'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" lenient' -l 'lenient' -d 'Percent-encode spaces and other characters RFC 3986 does not allow instead of rejecting the link (\'link\' stays as written).'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" strict-nsurl' -l 'strict-nsurl' -d 'Make a link that URL(string:) refused before iOS 17 (non-ASCII, space, \'{\', a second \'#\', ...) an error record.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" progress' -l 'progress' -d 'Show the records read and their rate on stderr while working (only when stderr is a terminal).'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" fail-fast' -l 'fail-fast' -d 'Stop at the first line that cannot be processed.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" jobs' -l 'jobs' -d 'Work on chunks of records in this many threads; the output is the same, in input order (for large inputs in one process).' -rfka ''
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" scheme' -l 'scheme' -d 'Read \'S://name\' as the Compass name \'name\' (Compass\'s Navigator.scheme).' -rfka ''
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" delimiter' -l 'delimiter' -d 'Split URN and opaque names on this string.' -rfka ''
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" raw' -l 'raw' -d 'Keep values in parts, segments and params as written, without percent-decoding.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" normalize' -l 'normalize' -d 'Add \'normalized\', the link normalized as RFC 3986 §6.2.2-6.2.3 describes.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" domains' -l 'domains' -d 'Add \'domain\', \'subdomain\' and \'tld\' to parts, from the public suffix list (libpsl).'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" punycode' -l 'punycode' -d 'Write hosts in their ASCII form (punycode), through libidn2.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" as-idn' -l 'as-idn' -d 'Write hosts in their Unicode form (IDN), through libidn2.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" iri' -l 'iri' -d 'With --normalize: write percent-encoded UTF-8 that is safe to show as text (the IRI, RFC 3987 §3.2) instead of the URI.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" base' -l 'base' -d 'Resolve each link against this absolute link first (RFC 3986 §5.2) and add \'resolved\'; with --log, put this scheme://host before each /target.' -rfka ''
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" log' -l 'log' -d 'Read access-log lines: common, combined, vhost_combined, json (one object a line: --field names the target, --method-field the method) or \'nginx:FORMAT\' (an nginx log_format).' -rfka 'common combined vhost_combined json nginx:'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" strict' -l 'strict' -d 'With --log, make a target the link parser refuses, and a line that is no UTF-8, an error record instead of reading it leniently.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" method-field' -l 'method-field' -d 'Read each record\'s HTTP method from this field (a name or a dotted path).' -rfka ''
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" version' -l 'version' -d 'Show the version.'
complete -c 'urnparse' -n '__urnparse_should_offer_completions_for_flags_or_options "urnparse" h help' -s 'h' -l 'help' -d 'Show help information.'
