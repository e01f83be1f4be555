#!/usr/bin/env bash
# Defaults against defaults: what a user sees who runs both tools with their ordinary command line
# on a fresh file. fio: 1 MiB requests at QD32 with O_DIRECT and a final fsync, everything else
# fio's default (the file is fallocated first, fallocate=native, a process per job). Sustain:
# `sustain write FILE --size SIZE` and nothing else (1 MiB, QD32, direct, io_uring, verifiable
# data, the file preallocated first, the final fsync counted). Neither tool counts the layout in
# its rate; fio's CPU has it subtracted (the same job writing 1 MiB), Sustain's sampler starts
# after it. DIR (default /dev/shm/sustain-bench; /work/sustain-bench for the local disk), SIZE_GIB
# (default 4), PAIRS.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DIR="${DIR:-/dev/shm/sustain-bench}"
SIZE_GIB="${SIZE_GIB:-4}"
FIO_COMMON="" FIO_FIXED="--size=${SIZE_GIB}G --io_size=1M" SUSTAIN_COMMON="" \
  SUSTAIN_TARGET="$DIR/sustain-defaults.dat" \
  compare "defaults against defaults, fresh $SIZE_GIB GiB file, 1 MiB QD32 direct, in $DIR" \
  "$DIR" 1MiB \
  --rw=write --bs=1M --iodepth=32 --direct=1 --end_fsync=1 \
  -- --size="${SIZE_GIB}G" \
  -- --size "${SIZE_GIB}GiB"
rmdir "$DIR" 2>/dev/null || true
