#!/usr/bin/env bash
# Sequential 1 MiB writes at QD32 with O_DIRECT on the local disk: fio (io_uring) and
# `sustain write` in turn, PAIRS times, on the same folder. DIR, SIZE_GIB, SECONDS_, PAIRS, ENGINE
# override the defaults.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DIR="${DIR:-/work/sustain-bench}"
SIZE_GIB="${SIZE_GIB:-8}"
SECONDS_="${SECONDS_:-15}"
FIO_FIXED="--size=${SIZE_GIB}G --io_size=1M" compare "sequential 1 MiB QD32 direct, local disk ($SIZE_GIB GiB file, ${SECONDS_} s)" "$DIR" 1MiB \
  --rw=write --bs=1M --iodepth=32 --direct=1 --end_fsync=1 \
  -- --size="${SIZE_GIB}G" --time_based --runtime="$SECONDS_" \
  -- --qd 32 --size "${SIZE_GIB}GiB" --time "${SECONDS_}s"
rmdir "$DIR" 2>/dev/null || true
