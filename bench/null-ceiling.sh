#!/usr/bin/env bash
# The tool's own ceiling: `sustain write --engine null` does no I/O, so its rate is what the runner,
# the data pattern and the sampler can drive. fio's null engine is shown beside it for scale.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DIR="${DIR:-/dev/shm/sustain-bench}"
SECONDS_="${SECONDS_:-10}"
BS="${BS:-1MiB}"
mkdir -p "$DIR"
echo "== null engine ceiling, $BS QD32, ${SECONDS_} s, $PAIRS runs each   load before: $(loadavg)"
echo "   sustain write $DIR --engine null --bs $BS --qd 32 --size 2GiB --time ${SECONDS_}s"
echo "   fio --ioengine=null --rw=write --bs=$(bytes_of "$BS") --iodepth=32 --size=2G --time_based --runtime=$SECONDS_"
sus=() fio=() cpu=() iops=()
bsb="$(bytes_of "$BS")"
for ((i = 1; i <= PAIRS; i++)); do
  read -r b s c t <<<"$(ENGINE=null sustain_job "$DIR" --engine null --bs "$BS" --qd 32 --size 2GiB --time "${SECONDS_}s")"
  sus+=("$(awk -v b="$b" -v s="$s" 'BEGIN { printf "%.3f", b / s / 1e9 }')")
  cpu+=("$(awk -v c="$c" -v b="$b" 'BEGIN { printf "%.4f", c / (b / 1e9) }')")
  iops+=("$(awk -v b="$b" -v s="$s" -v z="$bsb" 'BEGIN { printf "%.3f", b / z / s / 1e6 }')")
  "$FIO" --name=null --ioengine=null --rw=write --bs="$(bytes_of "$BS")" --iodepth=32 --size=2G \
    --time_based --runtime="$SECONDS_" --output-format=json --output="$WORK/null.json" >/dev/null
  fio+=("$(jq '.jobs[0].write.bw_bytes / 1e9' "$WORK/null.json")")
  printf '   run %d: Sustain %s GB/s = %s M requests/s (%s CPU s/GB), fio null %.3f GB/s\n' \
    "$i" "${sus[-1]}" "${iops[-1]}" "${cpu[-1]}" "${fio[-1]}"
done
echo "   Sustain null GB/s: $(stats "${sus[@]}")"
echo "   Sustain null M requests/s: $(stats "${iops[@]}")"
echo "   Sustain null CPU s/GB: $(stats "${cpu[@]}")"
echo "   fio null GB/s: $(stats "${fio[@]}")"
rmdir "$DIR" 2>/dev/null || true
