#!/usr/bin/env bash
# 4 KiB sequential writes at QD32 on tmpfs (/dev/shm): requests per second, where the cost per
# request (the tool's loop, the syscalls) decides the rate.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DIR="${DIR:-/dev/shm/sustain-bench}"
SIZE_GIB="${SIZE_GIB:-2}"
SECONDS_="${SECONDS_:-20}"
FIO_FIXED="--size=${SIZE_GIB}G --io_size=1M" compare "4 KiB QD32 direct, tmpfs ($SIZE_GIB GiB file, ${SECONDS_} s)" "$DIR" 4k \
  --rw=write --bs=4k --iodepth=32 --direct=1 \
  -- --size="${SIZE_GIB}G" --time_based --runtime="$SECONDS_" \
  -- --qd 32 --size "${SIZE_GIB}GiB" --time "${SECONDS_}s"
rmdir "$DIR" 2>/dev/null || true
