#!/usr/bin/env bash
# Does the pass comparison name a drive that slows between passes? Makes an emulated drive (a loop
# ext4 whose device gets a cgroup-v1 blkio throttle once pass 1 is done), then runs
# `write --repeat 3` (writes throttled to 40 MB/s from pass 2) and `copy --repeat 2` of a videos
# dataset from a tmpfs (read-back throttled to 50 MB/s from pass 2), and prints the comparisons.
# Root only (loop device, mounts, cgroup); everything is removed at the end.
#
#   bench/throttle-repeat.sh
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
sustain="$here/bin/sustain"
[ "$(id -u)" = 0 ] || { echo "needs root: loop device, mounts and a blkio cgroup" >&2; exit 2; }
[ -d /sys/fs/cgroup/blkio ] || { echo "needs cgroup-v1 blkio at /sys/fs/cgroup/blkio" >&2; exit 2; }
d=$(mktemp -d /tmp/sustain-throttle.XXXX)
cg=/sys/fs/cgroup/blkio/sustain-throttle-$$
loopdev=""
cleanup() {
  [ -d "$cg" ] && rmdir "$cg" 2>/dev/null || true
  mountpoint -q "$d/mnt" && umount "$d/mnt" || true
  mountpoint -q "$d/ram" && umount "$d/ram" || true
  [ -n "$loopdev" ] && losetup -d "$loopdev" || true
  rm -rf "$d"
}
trap cleanup EXIT
"$sustain" --version >/dev/null # builds the jar once, outside the timed runs
truncate -s 700M "$d/img"
mkfs.ext4 -q -F "$d/img"
mkdir "$d/mnt" "$d/ram" "$cg"
loopdev=$(losetup -f --show "$d/img")
mount "$loopdev" "$d/mnt"
mount -t tmpfs -o size=200m tmpfs "$d/ram"
majmin=$(lsblk -no MAJ:MIN "$loopdev" | tr -d ' ')
in_cgroup() { sh -c "echo \$\$ > $cg/cgroup.procs; exec \"\$@\"" sh "$@"; }

in_cgroup "$sustain" write "$d/mnt" --size 128MiB --repeat 3 --cooldown 2s --interval 200ms \
  --out "$d/wr" >"$d/wr.log" 2>&1 &
pid=$!
until [ -f "$d/wr/passes.json" ]; do sleep 0.1; done
echo "$majmin 40000000" >"$cg/blkio.throttle.write_bps_device"
wait $pid
grep -E '^(Wrote|Pass [0-9] wrote|Every pass)' "$d/wr.log"
echo "$majmin 0" >"$cg/blkio.throttle.write_bps_device"

"$sustain" dataset videos "$d/ram/videos" --size 100MB --seed 4 | head -1
in_cgroup "$sustain" copy "$d/ram/videos" "$d/mnt/dst" --repeat 2 --cooldown 2s --interval 200ms \
  --out "$d/cp" >"$d/cp.log" 2>&1 &
pid=$!
until grep -q '"pass" : 1' "$d/cp/run.json" 2>/dev/null; do sleep 0.1; done
echo "$majmin 50000000" >"$cg/blkio.throttle.read_bps_device"
wait $pid
grep -E '^(Pass|Every|Verified)' "$d/cp.log"
echo "$majmin 0" >"$cg/blkio.throttle.read_bps_device"
