# Sourced by ./jpgbench, ./run-tests and .ci/run: sets JPG_JAVA_HOME to a JDK >= 22 or fails with a
# clear message. Order: $JPGBENCH_JAVA_HOME, $JAVA_HOME, then `java` on PATH, then the newest JDK in the
# system JVM directory (/usr/lib/jvm on Debian and most Linux distributions; JPGBENCH_JVM_DIR overrides).
# Versions come from each JDK's `release` file (no JVM is started), else from running its java.

jpg_java_major() { # $1 = a JDK home; prints its feature release number (17, 21, 25, ...) or 0
    local v="" line
    if [ -r "$1/release" ]; then # read in bash: the launcher runs this on every start
        while IFS= read -r line || [ -n "$line" ]; do
            case $line in JAVA_VERSION=\"*) v=${line#JAVA_VERSION=\"}; v=${v%%\"*}; break ;; esac
        done <"$1/release"
    fi
    if [ -z "$v" ] && [ -x "$1/bin/java" ]; then
        v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n1)
    fi
    case $v in 1.*) v=${v#1.} ;; esac
    v=${v%%[!0-9]*}
    printf '%s' "${v:-0}"
}

jpg_is_jdk() { # $1 = a directory: has java and javac
    [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ]
}

jpg_find_jdk() {
    local min=22 seen="" cand home major best="" best_major=0 var
    # 1./2. JPGBENCH_JAVA_HOME, JAVA_HOME
    for var in JPGBENCH_JAVA_HOME JAVA_HOME; do
        home=${!var:-}
        [ -n "$home" ] || continue
        if jpg_is_jdk "$home"; then
            major=$(jpg_java_major "$home")
            if [ "$major" -ge "$min" ]; then JPG_JAVA_HOME=$home; return 0; fi
            seen="$seen $var=$home (Java $major);"
        else
            seen="$seen $var=$home (no bin/java or bin/javac);"
        fi
    done
    # 3. java on PATH
    if cand=$(command -v java 2>/dev/null); then
        home=$(readlink -f "$cand"); home=${home%/*}; home=${home%/*} # .../bin/java -> ...
        major=$(jpg_java_major "$home")
        if [ "$major" -ge "$min" ] && jpg_is_jdk "$home"; then JPG_JAVA_HOME=$home; return 0; fi
        seen="$seen PATH java=$cand (Java $major);"
    fi
    # 4. the newest JDK in the system JVM directory
    for home in "${JPGBENCH_JVM_DIR:-/usr/lib/jvm}"/*; do
        [ -L "$home" ] && continue
        jpg_is_jdk "$home" || continue
        major=$(jpg_java_major "$home")
        if [ "$major" -gt "$best_major" ]; then best=$home; best_major=$major; fi
    done
    if [ -n "$best" ] && [ "$best_major" -ge "$min" ]; then JPG_JAVA_HOME=$best; return 0; fi
    [ -n "$best" ] && seen="$seen newest in ${JPGBENCH_JVM_DIR:-/usr/lib/jvm}=$best (Java $best_major);"
    echo "jpgbench: error: no JDK $min or newer found;${seen:- no java at all}" >&2
    echo "hint: install a JDK >= $min (Java 25 recommended) or set JAVA_HOME to one." >&2
    return 1
}
