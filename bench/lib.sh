#!/usr/bin/env bash
# Shared helpers for the bench scripts: run one job through fio and through `sustain write`,
# extract throughput and CPU, and print ratios with their spread. Sourced, not run.
#
# CPU is counted the same way for both tools: every thread of the process, user + system, including
# the kernel's io_uring worker threads (iou-wrk), which belong to the process that owns the ring.
# fio's own usr_cpu/sys_cpu leave those workers out, so they are not used.
#  - fio:     user+sys from wait4() (GNU time) minus fio's fixed cost: start-up, tear-down and the
#             file's layout (fallocate, which on tmpfs alone takes ~0.25 s of CPU per GiB), measured
#             once per scenario with the same job writing 1 MiB (FIO_FIXED).
#  - Sustain: the write phase only, from the run's samples.csv: cpu_pct (this process's CPU,
#             100 = one core, from the JVM's process CPU clock) times each interval's length. The
#             sampler starts with the first request and stops with the last, so JVM start-up,
#             pattern generation and report writing are outside it. The whole-process total
#             (GNU time) is printed too, for transparency.

set -euo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$BENCH_DIR/.." && pwd)"
SUSTAIN="${SUSTAIN:-$REPO_DIR/bin/sustain}"
FIO="${FIO:-fio}"
PAIRS="${PAIRS:-5}"
# random: verifiable blocks (the default of write); pool: the zero-copy pool, like fio's buffers.
PATTERN="${PATTERN:-random}"
ENGINE="${ENGINE:-uring}"
# fio's options for every job of a scenario: --thread keeps fio in one process (its CPU counts the
# same either way). Both tools lay the file out as they do by default: fio fallocates it
# (fallocate=native), Sustain preallocates it; neither counts that time. FIO_COMMON="" is fio's
# ordinary command line.
FIO_COMMON="${FIO_COMMON---thread}"
# The job that measures fio's fixed cost; scenarios give their size and --io_size=1M, so the
# layout of the whole file is inside it.
FIO_FIXED="${FIO_FIXED:---size=1M}"
# Sustain's options besides the scenario's own; SUSTAIN_COMMON="" is its ordinary command line.
# SUSTAIN_TARGET: a file to write (default: a new file in the scenario's folder).
WORK="$(mktemp -d "${TMPDIR:-/tmp}/sustain-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
# Bench runs are not drives' history: keep them out of the user's database.
export SUSTAIN_DB="${SUSTAIN_DB:-$WORK/history.db}"

need() {
  command -v "$1" >/dev/null 2>&1 || { echo "bench: $1 is needed" >&2; exit 2; }
}
need "$FIO"
need jq
need awk
[ -x /usr/bin/time ] || { echo "bench: GNU time (/usr/bin/time) is needed" >&2; exit 2; }

loadavg() { cut -d' ' -f1 /proc/loadavg; }

# bin/sustain builds its jar when the sources are newer: do it now, not inside a timed pair.
"$SUSTAIN" --help >/dev/null 2>&1 || { echo "bench: $SUSTAIN --help failed" >&2; exit 2; }

# fio_job DIR FILE ARGS... : runs fio once; prints "bytes seconds cpu_total_s".
fio_job() {
  local dir="$1" file="$2"
  shift 2
  local json="$WORK/fio.json" tm="$WORK/fio.time"
  /usr/bin/time -f "%U %S" -o "$tm" \
    "$FIO" --name=bench --directory="$dir" --filename="$file" --ioengine=io_uring \
      $FIO_COMMON --output-format=json --output="$json" "$@" >/dev/null
  local bytes ms cpu
  bytes=$(jq '.jobs[0].write.io_bytes' "$json")
  ms=$(jq '.jobs[0].job_runtime' "$json")
  cpu=$(awk '{printf "%.3f", $1 + $2}' "$tm")
  echo "$bytes $(awk -v m="$ms" 'BEGIN {printf "%.3f", m / 1000}') $cpu"
}

# fio_fixed_cpu DIR FILE ARGS... : fio's CPU for the same job writing 1 MiB (FIO_FIXED: start-up,
# layout and tear-down), the median of three.
fio_fixed_cpu() {
  local dir="$1" file="$2"
  shift 2
  local i v=()
  for i in 1 2 3; do
    rm -f "$dir/$file"
    # shellcheck disable=SC2086 # FIO_FIXED is a list of options
    v+=("$(fio_job "$dir" "$file" "$@" $FIO_FIXED | awk '{print $3}')")
  done
  rm -f "$dir/$file"
  printf '%s\n' "${v[@]}" | sort -g | sed -n 2p
}

# sustain_job DIR ARGS... : runs `sustain write DIR ARGS`; prints
# "bytes seconds cpu_write_phase_s cpu_total_s".
sustain_job() {
  local dir="$1"
  shift
  local out="$WORK/run" tm="$WORK/sustain.time"
  rm -rf "$out"
  /usr/bin/time -f "%U %S" -o "$tm" \
    "$SUSTAIN" write "$dir" --out "$out" "$@" >"$WORK/sustain.log" 2>&1 || {
    echo "bench: sustain write failed:" >&2
    cat "$WORK/sustain.log" >&2
    exit 1
  }
  local bytes seconds phase total rows
  bytes=$(jq '.result.bytes' "$out/run.json")
  seconds=$(jq '.result.seconds' "$out/run.json")
  # Nothing measured may move: the rows' bytes add up exactly to the run's.
  rows=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { b += $col["bytes"] } END { printf "%.0f", b }' "$out/samples.csv")
  if [ "$rows" != "$bytes" ]; then
    echo "bench: samples.csv's bytes add up to $rows, run.json says $bytes" >&2
    exit 1
  fi
  phase=$(awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { t = $col["time_s"]; cpu += $col["cpu_pct"] / 100 * (t - prev); prev = t }
    END { printf "%.3f", cpu }' "$out/samples.csv")
  total=$(awk '{printf "%.3f", $1 + $2}' "$tm")
  echo "$bytes $seconds $phase $total"
}

# stats VALUES... : "median X (min Y, max Z)" with 3 decimals.
stats() {
  printf '%s\n' "$@" | sort -g | awk '
    { v[NR] = $1 }
    END {
      m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "median %.3f (min %.3f, max %.3f, n=%d)", m, v[1], v[NR], NR
    }'
}

# median VALUES... : the median alone.
median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
    printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (b == 0 ? 0 : a / b) }'; }

# compare TITLE DIR BLOCK_BYTES FIO_ARGS -- FIO_SIZE_ARGS -- SUSTAIN_ARGS : PAIRS alternating
# fio/Sustain runs of the same job on the same folder; prints each pair and the ratios' spread.
# FIO_SIZE_ARGS (size, time) are left out of the 1 MiB job that measures fio's fixed cost.
compare() {
  local title="$1" dir="$2" bs="$3"
  shift 3
  local fio_args=() fio_size=() sustain_args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do fio_args+=("$1"); shift; done
  shift
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do fio_size+=("$1"); shift; done
  shift
  sustain_args=("$@")
  local fio_file="sustain-bench-fio.dat"
  local common target
  common="${SUSTAIN_COMMON---bs $bs --engine $ENGINE --pattern $PATTERN}"
  target="${SUSTAIN_TARGET:-$dir}"
  mkdir -p "$dir"
  echo "== $title"
  echo "   folder: $dir   pairs: $PAIRS   engine: $ENGINE   load before: $(loadavg)"
  echo "   fio --ioengine=io_uring $FIO_COMMON $(printf '%q ' "${fio_args[@]}" "${fio_size[@]}")"
  echo "   sustain write $target $common $(printf '%q ' "${sustain_args[@]}")"
  local fixed
  fixed=$(fio_fixed_cpu "$dir" "$fio_file" "${fio_args[@]}")
  echo "   fio fixed CPU (start-up, layout, tear-down: the job with $FIO_FIXED, subtracted): ${fixed} s"
  printf '   %-4s %10s %10s %7s | %9s %9s %7s | %8s %6s\n' pair fio_MB/s sus_MB/s ratio \
    fio_s/GB sus_s/GB ratio sus_tot load
  local ratios=() cpu_ratios=() fio_rates=() sus_rates=() fio_cpus=() sus_cpus=() loads=()
  local i fb fs fc sb ss sc st
  for ((i = 1; i <= PAIRS; i++)); do
    rm -f "$dir/$fio_file"
    local load
    load=$(loadavg)
    read -r fb fs fc <<<"$(fio_job "$dir" "$fio_file" "${fio_args[@]}" "${fio_size[@]}")"
    rm -f "$dir/$fio_file"
    # shellcheck disable=SC2086 # the common options are a list
    read -r sb ss sc st <<<"$(sustain_job "$target" $common "${sustain_args[@]}")"
    local fio_rate sus_rate fio_cpu sus_cpu
    fio_rate=$(awk -v b="$fb" -v s="$fs" 'BEGIN { printf "%.1f", b / s / 1e6 }')
    sus_rate=$(awk -v b="$sb" -v s="$ss" 'BEGIN { printf "%.1f", b / s / 1e6 }')
    fio_cpu=$(awk -v c="$fc" -v x="$fixed" -v b="$fb" 'BEGIN { printf "%.4f", (c - x) / (b / 1e9) }')
    sus_cpu=$(awk -v c="$sc" -v b="$sb" 'BEGIN { printf "%.4f", c / (b / 1e9) }')
    local r cr
    r=$(div "$sus_rate" "$fio_rate")
    cr=$(div "$sus_cpu" "$fio_cpu")
    ratios+=("$r")
    cpu_ratios+=("$cr")
    fio_rates+=("$fio_rate")
    sus_rates+=("$sus_rate")
    fio_cpus+=("$fio_cpu")
    sus_cpus+=("$sus_cpu")
    loads+=("$load")
    printf '   %-4s %10s %10s %7s | %9s %9s %7s | %8s %6s\n' "$i" "$fio_rate" "$sus_rate" "$r" \
      "$fio_cpu" "$sus_cpu" "$cr" "$st" "$load"
  done
  echo "   throughput Sustain/fio: $(stats "${ratios[@]}")"
  echo "   CPU s/GB   Sustain/fio: $(stats "${cpu_ratios[@]}")"
  echo "   fio MB/s $(stats "${fio_rates[@]}")"
  echo "   Sustain MB/s $(stats "${sus_rates[@]}")"
  echo "   IOPS medians: fio $(median_iops "$bs" "${fio_rates[@]}"), Sustain $(median_iops "$bs" "${sus_rates[@]}")"
  echo "   fio CPU s/GB $(stats "${fio_cpus[@]}")"
  echo "   Sustain CPU s/GB $(stats "${sus_cpus[@]}")"
  echo "   load average at the start of each pair: $(stats "${loads[@]}")"
  rm -f "$dir/$fio_file"
}

# median_iops BLOCK_BYTES RATES_MBps... : the median rate as requests per second.
median_iops() {
  local bs="$1"
  shift
  awk -v m="$(median "$@")" -v b="$(bytes_of "$bs")" 'BEGIN { printf "%.0f", m * 1e6 / b }'
}

# bytes_of 4k|1m|1MiB|4096 : bytes of a block size as the bench scripts write them.
bytes_of() {
  case "$1" in
    *[kK] | *[kK]i[bB]) echo $(( ${1%%[kK]*} * 1024 )) ;;
    *[mM] | *[mM]i[bB]) echo $(( ${1%%[mM]*} * 1048576 )) ;;
    *) echo "$1" ;;
  esac
}
