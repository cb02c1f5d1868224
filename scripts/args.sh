# Sourced by ./jpgbench: what the launcher needs to know about jpgbench's arguments before the JVM
# starts (which compiler the command wants). Tested by LauncherArgsTest.

jpg_has_option() { # $1 = a short option letter, $2 = its long name; true when given, alone, in a
    # cluster of short options (-iIdtg, -nf) or as --long / --long=value
    local short=$1 long=$2 a rest c
    shift 2
    for a in "$@"; do
        case $a in
            --) return 1 ;;
            "--$long" | "--$long="*) return 0 ;;
            --*) ;;
            -?*) # a cluster of short options: scan it up to the first one that takes a value
                rest=${a#-}
                while [ -n "$rest" ]; do
                    c=${rest:0:1} rest=${rest:1}
                    [ "$c" = "$short" ] && return 0
                    case $c in
                        [bcdDfFhIjLMpPRstTU]) break ;; # takes a value: the rest is that value
                    esac
                done ;;
        esac
    done
    return 1
}

jpg_init_mode() { # true for initialization (-i, --initialize)
    jpg_has_option i initialize "$@"
}

jpg_connect_per_transaction() { # true for -C / --connect: a new session for every transaction
    jpg_has_option C connect "$@"
}

jpg_script_file() { # true when a script file is given (-f, --file)
    jpg_has_option f file "$@"
}

jpg_single_client() { # true when the run has one client: the last -c / --client value is 1, or none
    local clients=1 a rest c skip=""
    for a in "$@"; do
        case $skip in
            c) clients=$a skip=""; continue ;;
            v) skip=""; continue ;;
        esac
        case $a in
            --) break ;;
            --client=*) clients=${a#--client=} ;;
            --client) skip=c ;;
            --*) ;;
            -?*) # a cluster of short options: up to the first one that takes a value
                rest=${a#-}
                while [ -n "$rest" ]; do
                    c=${rest:0:1} rest=${rest:1}
                    case $c in
                        c) if [ -n "$rest" ]; then clients=$rest; else skip=c; fi; break ;;
                        [bdDfFhIjLMpPRstTU]) [ -z "$rest" ] && skip=v; break ;;
                    esac
                done ;;
        esac
    done
    [ "$clients" = 1 ]
}

jpg_info_only() { # true for commands that only print (-V, --help, merge): no AOT training for them
    [ "${1:-}" = merge ] || jpg_has_option V version "$@" || jpg_has_option '?' help "$@"
}
