# An image of jpgbench (and pgbench, a link to it) from the distribution tarball, which holds its
# own trimmed Java runtime: the image needs no JDK.
#
#   mvn -B -Pdist package -DskipTests
#   docker build -t jpgbench:0.1.0 .
#   docker run --rm jpgbench:0.1.0 -h db.example -c 8 -T 60 bench
#
# For a group of pods (docs/distributed.md): the same image, the same arguments in every pod, plus
# --group=NAME --group-size=N.
FROM debian:bookworm-slim
ARG VERSION=0.1.0
# ADD unpacks a local tarball: /opt/jpgbench-VERSION/{bin,lib,runtime}
ADD target/jpgbench-${VERSION}-linux-x86_64.tar.gz /opt/
# Without JPGBENCH_NO_AOT every new container would first train an AOT cache (a 3-second run on the
# embedded server): pods are started once, so they start without one.
ENV PATH=/opt/jpgbench-${VERSION}/bin:$PATH \
    JPGBENCH_CACHE_DIR=/tmp/jpgbench-cache \
    JPGBENCH_NO_AOT=1
# PostgreSQL refuses root, and a load generator needs no privilege either
USER 65534:65534
ENTRYPOINT ["jpgbench"]
