# Shared by bin/sustain and bin/test: finds a JDK >= 25.
# Order: SUSTAIN_JAVA, JAVA_HOME, java on PATH, then every JDK under /usr/lib/jvm.

java_major() {
  # Prints the feature version of the java binary $1 (e.g. 25), or nothing.
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

require_java() {
  if ! java_bin="$(find_java)"; then
    echo "sustain: no JDK 25 or newer found (looked at SUSTAIN_JAVA, JAVA_HOME, java on PATH, /usr/lib/jvm/*); install one or set JAVA_HOME" >&2
    exit 2
  fi
  # The JDK's home: two levels above bin/java, through symlinks.
  java_home="$(dirname "$(dirname "$(readlink -f "$java_bin")")")"
}
