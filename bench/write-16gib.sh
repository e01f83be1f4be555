#!/usr/bin/env bash
# Issue 2's reference: a 16 GiB sequential write, 1 MiB requests at QD32 with O_DIRECT, on the
# local disk: fio (io_uring, end_fsync) and `sustain write --size 16GiB` (its final fsync counted
# too) in turn, PAIRS times, on the same folder; prints the ratio of the averages.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DIR="${DIR:-/work/sustain-bench}"
FIO_FIXED="--size=16G --io_size=1M" compare "16 GiB sequential write, 1 MiB QD32 direct, local disk" "$DIR" 1MiB \
  --rw=write --bs=1M --iodepth=32 --direct=1 --end_fsync=1 \
  -- --size=16G \
  -- --qd 32 --size 16GiB
rmdir "$DIR" 2>/dev/null || true
