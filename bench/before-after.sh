#!/usr/bin/env bash
# Before and after a change: the same `sustain write` job through two checkouts' launchers, in turn
# (A B A B ...), so that a drift of the machine falls on both. Prints each run's average MB/s (from
# its run.json) and the median of the per-pair ratios B/A.
#   bench/before-after.sh OLD_CHECKOUT NEW_CHECKOUT "JOB OPTIONS" [PAIRS]
# e.g. git worktree add --detach /tmp/old 57a4262
#      bench/before-after.sh /tmp/old . "--engine null --bs 1MiB --qd 32 --size 2GiB --time 8s" 6
# The target is a folder on tmpfs (DIR, default /dev/shm/sustain-before-after), so the drive does not
# add its own noise; runs are not recorded in the history.
set -euo pipefail
old="$(cd "$1" && pwd)"
new="$(cd "$2" && pwd)"
job="$3"
pairs="${4:-6}"
dir="${DIR:-/dev/shm/sustain-before-after}"
work="$(mktemp -d "${TMPDIR:-/tmp}/sustain-before-after.XXXXXX")"
trap 'rm -rf "$work" "$dir"' EXIT
mkdir -p "$dir"
average() { sed -n 's/.*"average_MBps" *: *\([0-9.]*\).*/\1/p' "$1/run.json" | tail -n 1; }
echo "job: sustain write $dir $job"
echo "pair  before_MB/s  after_MB/s  after/before  load"
ratios=()
for i in $(seq 1 "$pairs"); do
  # shellcheck disable=SC2086 # the job's options are words
  "$old/bin/sustain" write "$dir" $job --out "$work/a-$i" --db none >/dev/null
  # shellcheck disable=SC2086
  "$new/bin/sustain" write "$dir" $job --out "$work/b-$i" --db none >/dev/null
  a="$(average "$work/a-$i")"
  b="$(average "$work/b-$i")"
  r="$(LC_ALL=C awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')"
  ratios+=("$r")
  LC_ALL=C printf '%-5s %12.1f %11.1f %13s  %s\n' "$i" "$a" "$b" "$r" "$(cut -d' ' -f1 /proc/loadavg)"
done
printf '%s\n' "${ratios[@]}" | LC_ALL=C sort -n | awk '{ v[NR] = $1 } END {
  m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
  printf "after/before: median %.3f (min %.3f, max %.3f, n=%d)\n", m, v[1], v[NR], NR }'
