#!/usr/bin/env bash
# Builds the distribution (Maven's dist profile calls it after the jar and its libraries are in
# place): a Java runtime trimmed by jlink to the modules jpgbench and its libraries use, the jar
# and its libraries, and bin/jpgbench (bin/pgbench a link to it), packed as
# BUILD/jpgbench-VERSION-linux-ARCH.tar.gz. Unpacked anywhere, bin/ on PATH: no JDK, no Maven.
#   scripts/dist.sh VERSION BUILD_DIR JAVA_HOME
set -euo pipefail
VERSION=$1 BUILD=$2 JDK=$3
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ARCH=$(uname -m)
NAME=jpgbench-$VERSION
STAGE=$BUILD/dist/$NAME
rm -rf "$BUILD/dist"
mkdir -p "$STAGE/bin" "$STAGE/lib/jpgbench/lib"

# The modules the jar and its libraries need (jdeps), without pgjdbc's java.desktop (java.beans in
# its DataSource classes) and junixsocket's java.rmi, which jpgbench never reaches: 48 MB.
"$JDK/bin/jlink" --add-modules \
    java.base,java.naming,java.security.jgss,java.sql,java.management,jdk.management,jdk.unsupported,jdk.crypto.ec \
    --strip-debug --no-man-pages --no-header-files --compress=zip-6 --output "$STAGE/runtime"

cp "$BUILD/jpgbench.jar" "$STAGE/lib/jpgbench/"
for jar in "$BUILD"/lib/*.jar; do cp "$jar" "$STAGE/lib/jpgbench/lib/"; done
cp "$HERE/scripts/args.sh" "$HERE/scripts/jvm.sh" "$STAGE/lib/jpgbench/"
sed "s/@VERSION@/$VERSION/g" "$HERE/src/dist/bin/jpgbench" >"$STAGE/bin/jpgbench"
chmod 755 "$STAGE/bin/jpgbench"
ln -s jpgbench "$STAGE/bin/pgbench"
cp "$HERE/README.md" "$STAGE/"

tar -czf "$BUILD/$NAME-linux-$ARCH.tar.gz" -C "$BUILD/dist" "$NAME"
echo "dist: $BUILD/$NAME-linux-$ARCH.tar.gz ($(du -h "$BUILD/$NAME-linux-$ARCH.tar.gz" | cut -f1), unpacked $(du -sh "$STAGE" | cut -f1))"
