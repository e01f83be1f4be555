#!/usr/bin/env bash
# Generation and check rates of the write patterns on one core (see PatternBench.java).
# Needs the classes: ./mvnw -q -B compile
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
exec "$JAVA" -Xmx1g -cp target/classes bench/PatternBench.java "$@"
