#!/usr/bin/env bash
# Every bench scenario in turn; the output is what docs/BENCHMARKS.md records.
set -euo pipefail
here="$(dirname "${BASH_SOURCE[0]}")"
echo "# $(date -u '+%Y-%m-%dT%H:%M:%SZ')  $(uname -r)  $(nproc) CPUs  $(fio --version)"
"$here/null-ceiling.sh"
BS=4k "$here/null-ceiling.sh"
"$here/defaults.sh"
DIR=/work/sustain-bench "$here/defaults.sh"
"$here/seq-disk.sh"
"$here/seq-tmpfs.sh"
"$here/iops-tmpfs.sh"
