function __urnfmt_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnfmt_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __urnfmt_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __urnfmt_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __urnfmt_parse_tokens -S
    set -l unparsed_tokens (__urnfmt_tokens -pc)
    switch $unparsed_tokens[1]
    case 'urnfmt'
        __urnfmt_parse_subcommand -r 2 'link=' 'dialect=' 'arg=+' 'normalize' 'tsv=' 'csv=' 'no-header' 'set=+' 'append=+' 'qtrim=+' 'sort-query' 'redirect=+' 'json' 'errors=' 'punycode' 'as-idn' 'iri' 'scheme=' 'delimiter=' 'field=' '0/null' 'max-line=' 'q/quiet' 's/no-messages' 'line-buffered' 'lenient' 'strict-nsurl' 'progress' 'fail-fast' 'jobs=' 'version' 'h/help'
    end
end

function __urnfmt_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __urnfmt_parse_subcommand -S -a positional_count
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

function __urnfmt_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __urnfmt_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__urnfmt_tokens -p)
    if test -z "$(__urnfmt_tokens -t)"
        set -l index (count (__urnfmt_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'urnfmt' -f
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" link' -l 'link' -d 'Build a link from this pattern and each record\'s arguments (reverse routing).' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" dialect' -l 'dialect' -d 'The pattern syntax of --link.' -rfka 'urn compass navigator waap express urlpattern'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt"' -l 'arg' -d 'A value for --link when the record has none (repeatable).' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" normalize' -l 'normalize' -d 'Print each link normalized (RFC 3986 §6.2.2-6.2.3), after any edits.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" tsv' -l 'tsv' -d 'Write a TSV table of these comma-separated paths or shorthands.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" csv' -l 'csv' -d 'Write a CSV table (RFC 4180) of these comma-separated paths or shorthands.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" no-header' -l 'no-header' -d 'Leave out the header line of --tsv and --csv.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt"' -l 'set' -d 'Set a component (COMP:=VALUE: already encoded; COMP=: clear it). Repeatable.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt"' -l 'append' -d 'Append a path segment or a query parameter. Repeatable.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt"' -l 'qtrim' -d 'Remove query parameters named NAME (NAME* for a prefix). Repeatable.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" sort-query' -l 'sort-query' -d 'Sort the query parameters by name.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt"' -l 'redirect' -d 'Resolve this reference against the link (RFC 3986 §5.2). Repeatable.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" json' -l 'json' -d 'Write records: the new link replaces \'link\' and its parts are refreshed, so the pipeline goes on.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" errors' -l 'errors' -d 'What text and table output does with an error record: skip it (the diagnostic and exit status 2 still tell), or write it as a JSON line in its place.' -rfka 'skip row'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" punycode' -l 'punycode' -d 'Write hosts in their ASCII form (punycode), through libidn2.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" as-idn' -l 'as-idn' -d 'Write hosts in their Unicode form (IDN), through libidn2.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" iri' -l 'iri' -d 'With --normalize: write percent-encoded UTF-8 that is safe to show as text (the IRI, RFC 3987 §3.2) instead of the URI.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" scheme' -l 'scheme' -d 'Read \'S://name\' as the Compass name \'name\' when parsing links on the fly.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" delimiter' -l 'delimiter' -d 'The delimiter of Compass names and patterns (default \':\').' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_positional "urnfmt" -ge 1' -F
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" field' -l 'field' -d 'Read the link from this field of JSON records: a name or a dotted path (aps.urn).' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" 0 null' -s '0' -l 'null' -d 'Read and write NUL-separated records instead of lines.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" max-line' -l 'max-line' -d 'Longest accepted line in bytes (suffixes K, M, G); longer lines become error records.' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" q quiet' -l 'quiet' -s 'q' -d 'Write nothing on stdout; only the exit status answers.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" no-messages s' -s 's' -l 'no-messages' -d 'Do not print a diagnostic for each bad line (error records are still written).'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" line-buffered' -l 'line-buffered' -d 'Flush output after every record (for tail -f).'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" lenient' -l 'lenient' -d 'Percent-encode spaces and other characters RFC 3986 does not allow instead of rejecting the link (\'link\' stays as written).'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" strict-nsurl' -l 'strict-nsurl' -d 'Make a link that URL(string:) refused before iOS 17 (non-ASCII, space, \'{\', a second \'#\', ...) an error record.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" progress' -l 'progress' -d 'Show the records read and their rate on stderr while working (only when stderr is a terminal).'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" fail-fast' -l 'fail-fast' -d 'Stop at the first line that cannot be processed.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" jobs' -l 'jobs' -d 'Work on chunks of records in this many threads; the output is the same, in input order (for large inputs in one process).' -rfka ''
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" version' -l 'version' -d 'Show the version.'
complete -c 'urnfmt' -n '__urnfmt_should_offer_completions_for_flags_or_options "urnfmt" h help' -s 'h' -l 'help' -d 'Show help information.'
