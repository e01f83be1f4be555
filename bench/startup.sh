#!/usr/bin/env bash
# Start-up beside fio, in one run: the wall time of whole commands (median of RUNS, min-max), for
#  - `--version` (sustain) against `fio --version`,
#  - `analyze` of a 300-row CSV (nothing of fio's compares: printed alone),
#  - the same tiny job (a 4 KiB direct write into a temporary folder): fio, and sustain with
#    `--db none` and with the default SQLite history (a temporary one).
# Sustain runs through bin/sustain, so with its start-up cache (SUSTAIN_AOT=0 to measure without).
# CPU=1 gives the CPU time of each command instead (user + sys of the processes it ran, by bash's
# time): on a machine shared with other work wall times vary 2-3x, CPU times far less.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SUSTAIN="${SUSTAIN:-$here/bin/sustain}"
RUNS="${RUNS:-7}"
work="$(mktemp -d "${TMPDIR:-/tmp}/sustain-startup.XXXXXX")"
trap 'rm -rf "$work"' EXIT
command -v fio >/dev/null || { echo "startup.sh: fio is not installed (apt-get install fio)" >&2; exit 2; }

# Builds the jar and the start-up caches first, outside the timing: --version's (and analyze's)
# and the write's, which bin/sustain makes at the first command that uses each.
"$SUSTAIN" --version >/dev/null
"$SUSTAIN" write "$work" --size 4KiB --db none --out "$work/warm" >/dev/null 2>&1
rm -rf "$work/warm"
{ echo time_s,write_MBps; for i in $(seq 1 300); do echo "$i,$((i < 100 ? 2000 : 300))"; done; } > "$work/c.csv"

CPU="${CPU:-0}"
# median min max of RUNS wall times (seconds) of the command "$@"; with CPU=1, of its CPU times
timed() {
  local t=() i s e
  for ((i = 0; i < RUNS; i++)); do
    if [ "$CPU" = 1 ]; then
      # bash's own time: the user and sys seconds of the processes the command waited for
      { TIMEFORMAT='%U %S'; time { "$@" >/dev/null 2>&1 || echo failed >"$work/failed"; }; } 2>"$work/cpu"
      [ ! -e "$work/failed" ] || { echo "startup.sh: failed: $*" >&2; exit 1; }
      t+=("$(awk '{printf "%d", ($1 + $2) * 1000}' "$work/cpu")")
      continue
    fi
    s=$(date +%s%N); "$@" >/dev/null 2>&1 || { echo "startup.sh: failed: $*" >&2; exit 1; }; e=$(date +%s%N)
    t+=("$(( (e - s) / 1000000 ))")
  done
  printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.3f %.3f %.3f", a[int((NR+1)/2)]/1000, a[1]/1000, a[NR]/1000}'
}

row() { # label, sustain figures, fio figures
  read -r sm smin smax <<<"$2"
  if [ -n "$3" ]; then
    read -r fm fmin fmax <<<"$3"
    printf '%-34s sustain %6.3f s (%.3f-%.3f)  fio %6.3f s (%.3f-%.3f)  ratio %5.2f\n' "$1" "$sm" "$smin" "$smax" "$fm" "$fmin" "$fmax" "$(awk -v a="$sm" -v b="$fm" 'BEGIN{print a/b}')"
  else
    printf '%-34s sustain %6.3f s (%.3f-%.3f)\n' "$1" "$sm" "$smin" "$smax"
  fi
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $RUNS runs each; $([ "$CPU" = 1 ] && echo "CPU time (user + sys)" || echo "wall time")"
row "--version" "$(timed "$SUSTAIN" --version)" "$(timed fio --version)"
row "analyze (300-row CSV)" "$(timed "$SUSTAIN" analyze "$work/c.csv")" ""
fio_job() { fio --name=tiny --directory="$work" --rw=write --bs=4k --size=4k --direct=1 --ioengine=io_uring --output=/dev/null && rm -f "$work"/tiny.*; }
sus_none() { rm -rf "$work/r1"; "$SUSTAIN" write "$work" --size 4KiB --db none --out "$work/r1"; }
row "4 KiB write, --db none" "$(timed sus_none)" "$(timed fio_job)"
sus_db() { rm -rf "$work/r2"; "$SUSTAIN" write "$work" --size 4KiB --db "$work/history.db" --out "$work/r2"; }
row "4 KiB write, SQLite history" "$(timed sus_db)" "$(timed fio_job)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
