#!/usr/bin/env bash
# JMH micro-benchmarks of the ways to make verifiable data (bench/jmh/.../PatternJmh.java): requests
# per second on one core, per way and request size. Builds the product's jar and the benchmarks
# first. Extra arguments go to JMH (e.g. -f 3, -p requestBytes=4096, a method name regex).
#
#   bench/pattern-jmh.sh                 # all, ~2 minutes
#   bench/pattern-jmh.sh headerOnly -p requestBytes=1048576
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
. "$here/bin/java.sh"
require_java
"$here/bin/sustain" --version >/dev/null
(cd "$here" && JAVA_HOME="$java_home" ./mvnw -q -B -f bench/jmh/pom.xml package 2>&1 | grep -v WARNING || true)
exec "$java_bin" -cp "$here/bench/jmh/target/benchmarks.jar:$here/target/sustain.jar" org.openjdk.jmh.Main "$@"
