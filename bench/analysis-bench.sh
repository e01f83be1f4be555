#!/usr/bin/env bash
# Times the analysis of 100,000 samples for each hard shape (see AnalysisBench.java); target < 1 s.
# Needs the classes: ./mvnw -q -B compile
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
exec "$JAVA" -Xmx1g -cp target/classes bench/AnalysisBench.java "$@"
