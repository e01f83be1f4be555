#!/usr/bin/env bash
# Does anything grow with the length of a run? Runs `sustain write` for DURATION (default 10m) at
# 100 ms intervals and reads the JVM's own counters (bytes in use in the old and young
# generations) every 10 s. A flat heap shows as old-gen use that stops rising after
# the first minute. To keep the disk and CPU quiet the write is throttled to RATE bytes/s with the
# kernel's cgroup-v1 blkio throttle when run as root (the emulated drive's mechanism). The young
# generation is kept small (YOUNG, default 32m) so that it is collected every minute or so: growth
# shows as old-generation use that rises from one collection to the next, and the objects of the
# start that survive the first collections are not mistaken for it.
#
#   bench/heap-flat.sh [DURATION] [FOLDER]      e.g. bench/heap-flat.sh 10m /tmp
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
duration="${1:-10m}"
folder="${2:-/tmp}"
rate="${RATE:-50000000}"
. "$here/bin/java.sh"
require_java
jcmd="$java_home/bin/jcmd"
"$here/bin/sustain" --version >/dev/null   # build the jar first, outside the measurement

out="$(mktemp -d)"
cp "$here/target/sustain.jar" "$out/sustain.jar"   # a rebuild during the run must not pull the jar away
cg=""
if [ "$(id -u)" = 0 ] && [ -w /sys/fs/cgroup/blkio/cgroup.procs ]; then
  dev="$(stat -c '%d' "$folder")"
  mm="$(( (dev >> 8) & 0xfff )):$(( (dev & 0xff) | ((dev >> 12) & 0xfff00) ))"
  # a partition's throttle applies to the whole disk's queue: use the disk
  sysdev="$(readlink -f /sys/dev/block/$mm)"
  [ -f "$sysdev/partition" ] && mm="$(cat "$(dirname "$sysdev")/dev")"
  cg=/sys/fs/cgroup/blkio/sustain-heap-$$
  mkdir -p "$cg"
  echo "$mm $rate" > "$cg/blkio.throttle.write_bps_device"
fi

sh -c "${cg:+echo \$\$ > $cg/cgroup.procs; }exec \"$java_bin\" --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -Xmn${YOUNG:-32m} -jar \"$out/sustain.jar\" write \"$folder\" --size 1GiB --time $duration --interval 100ms --out \"$out/run\"" > "$out/stdout" 2>&1 &
pid=$!
sleep 2
echo "# time_s old_used_KiB young_used_KiB   (pid $pid, run folder $out/run)"
t=0
while kill -0 "$pid" 2>/dev/null; do
  info="$("$jcmd" "$pid" GC.heap_info 2>/dev/null)" || break
  old="$(echo "$info" | awk '/Tenured|ParOldGen|region size/ {for (i=1;i<=NF;i++) if ($i=="used") {gsub(/[K,]/,"",$(i+1)); print $(i+1); exit}}')"
  young="$(echo "$info" | awk '/DefNew|PSYoungGen/ {for (i=1;i<=NF;i++) if ($i=="used") {gsub(/[K,]/,"",$(i+1)); print $(i+1); exit}}')"
  [ -n "$old" ] && echo "$t $old $young"
  sleep 10
  t=$((t + 10))
done | tee "$out/heap.txt"
wait "$pid" || true
[ -n "$cg" ] && rmdir "$cg" 2>/dev/null || true
# Young collections seen (its use drops), and the old generation from the first reading after
# two minutes (by then the start's survivors are promoted) to the last.
awk 'NR>1 { if (prev != "" && $3 < prev) gcs++; prev = $3 }
  NR>1 && $1>=120 {if (first == "") first=$2; last=$2; if ($2>max) max=$2}
  END {printf "old gen from 2 min to the end: first %.0f KiB, last %.0f KiB, max %.0f KiB, growth %.0f KiB; young collections seen: %d\n", first, last, max, last-first, gcs}' "$out/heap.txt"
tail -3 "$out/stdout"
rows=$(($(wc -l < "$out/run/samples.csv") - 1))
echo "rows in samples.csv: $rows"
