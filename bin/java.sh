# Shared by bin/sustain, bin/test and bin/package: finds a JDK >= 25.
# Order: SUSTAIN_JAVA, JAVA_HOME, java on PATH, then every JDK under /usr/lib/jvm.
# The choice is remembered in target/java.path (SUSTAIN_JAVA_CACHE names another file), so a start
# costs no probe: it is made again when SUSTAIN_JAVA or JAVA_HOME change, when the remembered java
# is gone, or when the file is removed (as ./mvnw clean does).

# The JVM options of every start of Sustain: bin/sustain, the package's launcher and the training
# of their start-up caches. The serial collector and a small stack suit a short-lived process of a
# few threads. The locale provider is the JDK's own root data (FALLBACK) instead of CLDR's: Sustain
# prints in Locale.ROOT whatever the user's locale, and CLDR's first use (a calendar, a date
# format: Jackson makes one when it loads) parses the tags of its ~1,000 locales, tens of
# milliseconds of every start.
# jfr.unsupported.vm tells the JDK's Flight Recorder API that it is not there (JVMSupport reads it):
# Jdbi registers an event of its own with Flight Recorder at its first statement whenever the
# recorder is available, and that registration builds the recorder's whole type library (annotation
# proxies, classes made at run time that no start-up cache holds): 0.2-0.9 s of the history's first
# query here, the largest part of what a run waits for at its start. Sustain records no events;
# to profile it with Flight Recorder, run the jar with java directly. There is no deeper switch:
# Jdbi has no setting for it (its JfrSupport asks only whether the jdk.jfr module is in the boot
# layer and FlightRecorder.isAvailable(), which reads this property), and leaving the module out
# with --limit-modules turns the start-up cache off ("AOT cache is disabled when the
# --limit-modules option is specified"). Only the package's own runtime could be made without
# jdk.jfr (Jdbi is the only code in the jar that names it).
sustain_jvm_options=(--enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -Xss512k
  -Djava.locale.providers=FALLBACK -Djfr.unsupported.vm=true)

# sustain_start WORD...: what the command in WORD... (the launcher's arguments) starts with. Sets
# start_cache, the start-up cache it uses (light: trained on an analyze, for the commands that only
# read a curve; write: trained on a write with a history, for every other), and start_jit, the JIT's
# options. Used by bin/sustain and, copied with `declare -f`, by the package's launcher.
# C1 alone (-XX:TieredStopAtLevel=1) for the curve readers, whose work is short (C2's compiler
# thread took a fifth of an analyze's CPU), and for a write that --size alone bounds to at most
# 64 MiB: 64 requests at the default 1 MiB, at most 16,384 at 4 KiB, under a second on any drive
# of 100 MB/s or more. C2 compiles a method only after thousands of calls (5,000, or 40,000 turns of
# a loop), each compile taking tens of milliseconds of a start's CPU: such a write ends before
# C2's code would run much, and a 4 KiB one with a history spent 0.13-0.23 s more CPU with it.
# Every other run keeps C2 (a write of a time, --until, --repeat, a larger --size: its request
# path and its data making run long enough to gain from it).
sustain_start() {
  start_cache=write
  start_jit=()
  case "${1:-}" in
    --version | -V | analyze) start_cache=light start_jit=(-XX:TieredStopAtLevel=1) ;;
    write) if small_write "$@"; then start_jit=(-XX:TieredStopAtLevel=1); fi ;;
  esac
}

# small_write write ARG...: true when --size bounds the write to at most 64 MiB and nothing makes it
# run longer (--time, --until, --repeat); a size it cannot read is not small (the command refuses
# it anyway). Pure shell: no process of its own at every start.
small_write() {
  local a prev="" size="" bytes
  shift
  for a in "$@"; do
    [ "$prev" = --size ] && size="$a"
    case "$a" in
      --size=*) size="${a#--size=}" ;;
      --time | --time=* | --until | --until=* | --repeat | --repeat=*) return 1 ;;
    esac
    prev="$a"
  done
  size_bytes "$size" && [ "$bytes" -le $((64 << 20)) ]
}

# size_bytes SIZE: sets bytes to a whole size as the command reads one (4KiB, 16MB, 4096); false
# for a fraction, an unknown unit or anything else. A variable, not printed: $(...) is a fork.
# At most 9 digits, so that no product overflows the shell's 64 bits (a longer number is no small
# size in any unit).
size_bytes() {
  [[ "$1" =~ ^[[:space:]]*([0-9]{1,9})[[:space:]]*([A-Za-z]*)[[:space:]]*$ ]] || return 1
  local n=$((10#${BASH_REMATCH[1]})) m
  case "${BASH_REMATCH[2]}" in
    "" | B | b) m=1 ;;
    kB | KB | kb) m=1000 ;;
    MB | mb) m=1000000 ;;
    GB | gb) m=1000000000 ;;
    KiB | kiB | KIB | kib) m=1024 ;;
    MiB | MIB | mib) m=$((1 << 20)) ;;
    GiB | GIB | gib) m=$((1 << 30)) ;;
    *) return 1 ;;
  esac
  bytes=$((n * m))
}

java_major() {
  # Prints the feature version of the java binary $1 (e.g. 25), or nothing. The JDK's release file
  # says it without starting a JVM; a java without one is asked.
  local home v
  home="$(dirname "$(dirname "$(readlink -f "$1")")")"
  if [ -f "$home/release" ]; then
    v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")"
    if [ -n "$v" ]; then
      echo "$v"
      return
    fi
  fi
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}' | cut -d. -f1
}

find_java() {
  local candidates=()
  [ -n "${SUSTAIN_JAVA:-}" ] && candidates+=("$SUSTAIN_JAVA")
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME/bin/java")
  command -v java >/dev/null 2>&1 && candidates+=("$(command -v java)")
  for d in /usr/lib/jvm/*/bin/java; do [ -x "$d" ] && candidates+=("$d"); done
  local c v
  for c in "${candidates[@]}"; do
    [ -x "$c" ] || continue
    v="$(java_major "$c")"
    if [ -n "$v" ] && [ "$v" -ge 25 ] 2>/dev/null; then
      echo "$c"
      return 0
    fi
  done
  return 1
}

# What the remembered choice was made from: a change of either means probing again.
java_cache_key() {
  echo "SUSTAIN_JAVA=${SUSTAIN_JAVA:-} JAVA_HOME=${JAVA_HOME:-}"
}

remembered_java() {
  # Prints the remembered java when it still holds, else nothing.
  local cache="$1" key cached
  [ -f "$cache" ] || return 0
  key="$(java_cache_key)"
  { IFS= read -r cached_key && IFS= read -r cached; } < "$cache" || return 0
  if [ "$cached_key" = "$key" ] && [ -x "$cached" ]; then
    echo "$cached"
  fi
}

require_java() {
  local cache="${SUSTAIN_JAVA_CACHE:-${here:-.}/target/java.path}"
  java_bin="$(remembered_java "$cache")"
  if [ -z "$java_bin" ]; then
    if ! java_bin="$(find_java)"; then
      echo "sustain: no JDK 25 or newer found (looked at SUSTAIN_JAVA, JAVA_HOME, java on PATH, /usr/lib/jvm/*); install one or set JAVA_HOME" >&2
      exit 2
    fi
    # Remembered when the folder can be written; a read-only clone probes every time.
    if mkdir -p "$(dirname "$cache")" 2>/dev/null; then
      printf '%s\n%s\n' "$(java_cache_key)" "$java_bin" > "$cache.$$" 2>/dev/null \
        && mv -f "$cache.$$" "$cache" 2>/dev/null || rm -f "$cache.$$" 2>/dev/null || true
    fi
  fi
  # The JDK's home: two levels above bin/java, through symlinks (cut by the shell itself: each
  # dirname was a process of its own, a millisecond of every start).
  local resolved
  resolved="$(readlink -f "$java_bin")"
  java_home="${resolved%/*/*}"
}

# Raises the jar's Java 5 class files (picocli's) to a format JDK 25's ahead-of-time cache can hold
# (see bin/RaiseClassVersions.java); without it they are read and verified anew at every start.
# A failure leaves the jar as Maven made it: slower to start, never broken.
raise_class_versions() {
  "$java_bin" "${here:-.}/bin/RaiseClassVersions.java" "$1" >/dev/null 2>&1 \
    || { rm -f "$1.raising"; echo "sustain: could not raise the old class files of $1 (it works, but starts slower)" >&2; }
}

# Puts sqlite-jdbc's native library for this machine beside the jar (in DIR), where the launcher
# names it (-Dorg.sqlite.lib.path): left to itself, the driver inflates the 1 MB library from the
# jar into the temporary folder and compares it with the copy there at every start (~70 ms of a
# short run). Other machines (musl, other CPUs) keep the driver's own way.
extract_sqlite_native() {
  local jar="$1" dir="$2" arch
  rm -rf "$dir"
  case "$(uname -m)" in
    x86_64) arch=x86_64 ;;
    aarch64) arch=aarch64 ;;
    *) return 0 ;;
  esac
  ls /lib/ld-musl-* >/dev/null 2>&1 && return 0
  mkdir -p "$dir.tmp" \
    && (cd "$dir.tmp" && "${java_home:?}/bin/jar" xf "$jar" "org/sqlite/native/Linux/$arch/libsqlitejdbc.so") \
    && [ -s "$dir.tmp/org/sqlite/native/Linux/$arch/libsqlitejdbc.so" ] \
    && mkdir -p "$dir" && mv "$dir.tmp/org/sqlite/native/Linux/$arch/libsqlitejdbc.so" "$dir/"
  rm -rf "$dir.tmp"
  return 0
}

# make_aot_cache JAVA JAR OUT JVM_OPTION...: JDK 25's ahead-of-time cache for JAR, trained on the
# run that matters most for the start: a small write recorded in a history that already exists
# (a first write makes the history before the training one, so the cache holds the classes of a
# run and not those of the one-time schema migration). Everything goes to a temporary folder.
make_aot_cache() {
  local java="$1" jar="$2" out="$3" train ok=1
  shift 3
  train="$(mktemp -d 2>/dev/null)" || return 1
  "$java" "$@" -jar "$jar" write "$train" --size 4MiB --db "$train/history.db" --out "$train/run0" \
    >/dev/null 2>&1 </dev/null \
    && "$java" "$@" -XX:AOTCacheOutput="$out.$$" -Xlog:aot=off -Xlog:cds=off \
      -jar "$jar" write "$train" --size 16MiB --db "$train/history.db" --out "$train/run" \
      >/dev/null 2>&1 </dev/null \
    && mv -f "$out.$$" "$out" 2>/dev/null && ok=0
  rm -rf "$train" "$out.$$" "$out.$$.config" 2>/dev/null
  return "$ok"
}

# make_light_aot_cache JAVA JAR OUT JVM_OPTION...: a second, small cache for the commands that read
# a curve and touch no drive and no history (`--version`, `analyze`), trained on an analyze of a
# small CSV. A cache made with class linking (the default) loads every class it holds at the JVM's
# start, whether the command uses it or not: the write's cache holds ~4,300 classes (Jackson,
# Jdbi, SQLite, the engines) and made a `--version` load them all; this one holds the ~1,800 an
# analyze loads. Everything goes to a temporary folder.
make_light_aot_cache() {
  local java="$1" jar="$2" out="$3" train ok=1 i
  shift 3
  train="$(mktemp -d 2>/dev/null)" || return 1
  # A cliff: a fast part, then a slower floor, as the analysis meets it in real curves.
  { echo time_s,write_MBps; for ((i = 1; i <= 300; i++)); do echo "$i,$((i < 100 ? 2000 : 300))"; done; } \
    > "$train/curve.csv"
  "$java" "$@" -XX:AOTCacheOutput="$out.$$" -Xlog:aot=off -Xlog:cds=off \
    -jar "$jar" analyze "$train/curve.csv" >/dev/null 2>&1 </dev/null \
    && mv -f "$out.$$" "$out" 2>/dev/null && ok=0
  rm -rf "$train" "$out.$$" "$out.$$.config" 2>/dev/null
  return "$ok"
}
