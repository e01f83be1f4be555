#!/usr/bin/env bash
# Do Sustain's per-interval rates agree with the kernel's own counters for the device? Reads a
# run folder's samples.csv and compares, interval by interval, the bytes the tool completed
# (`bytes`) with the bytes the kernel sent to the device (`dev_write_bytes`, from /proc/diskstats,
# same intervals). Prints the whole-run ratio and the spread of the per-interval ratios over the
# intervals that moved at least 10 MB (the first and last, partial ones, are left out).
#
#   bench/diskstats-agree.sh RUN_FOLDER
#   bench/diskstats-agree.sh            # makes one: an 8 GiB direct write in /work
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
run="${1:-}"
if [ -z "$run" ]; then
  run="$(mktemp -d)/run"
  SUSTAIN_DB="$(dirname "$run")/history.db" "$here/bin/sustain" write "${DIR:-/work}" --size "${SIZE:-8GiB}" --out "$run" >/dev/null
fi
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; if (!("dev_write_bytes" in col)) { print "no dev_write_bytes column (no block device under the target?)"; exit 1 } next }
  { rows[NR] = $0 }
  END {
    n = NR
    for (r = 2; r <= n; r++) {
      split(rows[r], c, ",")
      b = c[col["bytes"]]; d = c[col["dev_write_bytes"]]
      if (d == "") continue
      tb += b; td += d
      if (r > 2 && r < n && b >= 10e6) { k++; ratio[k] = d / b }
    }
    printf "whole run: tool %.0f bytes, device %.0f bytes, device/tool %.4f\n", tb, td, td / tb
    if (k == 0) { print "no full interval of 10 MB or more"; exit 0 }
    # insertion sort of the per-interval ratios for the median and the spread
    for (i = 2; i <= k; i++) { v = ratio[i]; j = i - 1; while (j > 0 && ratio[j] > v) { ratio[j + 1] = ratio[j]; j-- } ratio[j + 1] = v }
    within = 0; for (i = 1; i <= k; i++) if (ratio[i] >= 0.98 && ratio[i] <= 1.02) within++
    printf "per interval (%d): median %.4f, min %.4f, max %.4f, within 2%%: %d of %d\n", k, ratio[int((k + 1) / 2)], ratio[1], ratio[k], within, k
  }' "$run/samples.csv"
echo "run folder: $run"
