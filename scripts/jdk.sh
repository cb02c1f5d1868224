# Sourced by ./jpgbench and ./run-tests: sets JPG_JAVA_HOME to a JDK >= 21 or fails with a clear message.
# Order: $JAVA_HOME, then `java` on PATH, then the newest JDK in the system JVM directory
# (/usr/lib/jvm on Debian and most Linux distributions; JPGBENCH_JVM_DIR overrides).

jpg_java_major() { # $1 = a java binary; prints its feature release number (17, 21, 25, ...)
    local v
    v=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n1)
    case $v in 1.*) v=${v#1.}; v=${v%%.*} ;; esac
    printf '%s' "${v:-0}"
}

jpg_find_jdk() {
    local min=21 seen="" cand home major best="" best_major=0
    # 1. JAVA_HOME
    if [ -n "${JAVA_HOME:-}" ]; then
        if [ -x "$JAVA_HOME/bin/java" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
            major=$(jpg_java_major "$JAVA_HOME/bin/java")
            [ "$major" -ge "$min" ] && { JPG_JAVA_HOME=$JAVA_HOME; return 0; }
            seen="$seen JAVA_HOME=$JAVA_HOME (Java $major);"
        else
            seen="$seen JAVA_HOME=$JAVA_HOME (no bin/java or bin/javac);"
        fi
    fi
    # 2. java on PATH
    if cand=$(command -v java 2>/dev/null); then
        home=$(dirname "$(dirname "$(readlink -f "$cand")")")
        major=$(jpg_java_major "$cand")
        if [ "$major" -ge "$min" ] && [ -x "$home/bin/javac" ]; then JPG_JAVA_HOME=$home; return 0; fi
        seen="$seen PATH java=$cand (Java $major);"
    fi
    # 3. the newest JDK in the system JVM directory
    for home in "${JPGBENCH_JVM_DIR:-/usr/lib/jvm}"/*; do
        [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
        [ -L "$home" ] && continue
        major=$(jpg_java_major "$home/bin/java")
        if [ "$major" -gt "$best_major" ]; then best=$home; best_major=$major; fi
    done
    if [ -n "$best" ] && [ "$best_major" -ge "$min" ]; then JPG_JAVA_HOME=$best; return 0; fi
    [ -n "$best" ] && seen="$seen newest in ${JPGBENCH_JVM_DIR:-/usr/lib/jvm}=$best (Java $best_major);"
    echo "jpgbench: error: no JDK $min or newer found;${seen:- no java at all}" >&2
    echo "hint: install a JDK >= $min (Java 25 recommended) or set JAVA_HOME to one." >&2
    return 1
}
