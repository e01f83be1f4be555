#!/usr/bin/env bash
# Sequential 1 MiB writes at QD32 on tmpfs (/dev/shm), where the device is not the limit and the
# tool is: a fixed-size file rewritten until the time is up, so memory does not fill.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DIR="${DIR:-/dev/shm/sustain-bench}"
SIZE_GIB="${SIZE_GIB:-2}"
SECONDS_="${SECONDS_:-15}"
FIO_FIXED="--size=${SIZE_GIB}G --io_size=1M" compare "sequential 1 MiB QD32 direct, tmpfs ($SIZE_GIB GiB file, ${SECONDS_} s)" "$DIR" 1MiB \
  --rw=write --bs=1M --iodepth=32 --direct=1 \
  -- --size="${SIZE_GIB}G" --time_based --runtime="$SECONDS_" \
  -- --qd 32 --size "${SIZE_GIB}GiB" --time "${SECONDS_}s"
rmdir "$DIR" 2>/dev/null || true
