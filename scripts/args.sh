# Sourced by ./jpgbench: what the launcher needs to know about jpgbench's arguments before the JVM
# starts (which compiler the run wants). Tested by LauncherArgsTest.

jpg_script_file() { # true when a script file is given (-f/--file, alone or in a cluster: -nf)
    local a rest c
    for a in "$@"; do
        case $a in
            --) return 1 ;;
            --file | --file=*) return 0 ;;
            --*) ;;
            -?*) # a cluster of short options: scan it up to the first one that takes a value
                rest=${a#-}
                while [ -n "$rest" ]; do
                    c=${rest:0:1} rest=${rest:1}
                    case $c in
                        f) return 0 ;;
                        [bcdDFhIjLMpPRstTU]) break ;; # takes a value: the rest is that value
                    esac
                done ;;
        esac
    done
    return 1
}
