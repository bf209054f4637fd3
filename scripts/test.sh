#!/usr/bin/env bash
# `npm test`: the whole suite, failing fast.
#   system packages → format, lint, typecheck and unit side by side → integration on PGlite and
#   on a throwaway PostgreSQL in one run, with the console build beside it → end-to-end
#   (Chromium) with the fault harness beside it
# The last line is always `N passed, N failed`, summed over every vitest run.
# Both integration passes include the fuzzer over /openapi.json (packages/server/test/fuzz.test.ts):
# a fresh FUZZ_SEED each run, printed with any failure; FUZZ_SEED=N npm test replays one.
#
#   npm test                    stop at the first failing stage
#   npm test -- --keep-going    run every stage anyway, then fail if any stage failed
set -uo pipefail

KEEP_GOING=0
for arg in "$@"; do
  case $arg in
    --keep-going) KEEP_GOING=1 ;;
    *)
      echo "usage: scripts/test.sh [--keep-going]" >&2
      exit 2
      ;;
  esac
done

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
export PATH="$ROOT/node_modules/.bin:$PATH"
# Chromium's headless shell, not the full browser: the full one's "new headless" mode runs the whole
# browser (its own UI renderer included) and cost the end-to-end files ~25-37 % more CPU here
export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}

REPORTS=$(mktemp -d "${TMPDIR:-/tmp}/herald-test.XXXXXX")
PG_TEMP_DIR="" # set by pg-temp.sh start, with PG_TEMP_URL, PG_TEMP_PORT and PG_TEMP_BIN
PG_TEMP_BIN=""
FAULTS_PID="" # the fault harness, while it runs in the background
SIDE_PIDS=()   # stages running side by side, while they run
TIMES=()
FAILED=()
SUITE_START=$SECONDS

finish() {
  local rc=$?
  if [[ -n $FAULTS_PID ]]; then
    # the suite stopped before waiting for the harness: end it and what it started
    kill_tree "$FAULTS_PID"
    FAULTS_PID=""
  fi
  local pid
  for pid in "${SIDE_PIDS[@]}"; do kill_tree "$pid"; done
  # the PostgreSQL pass may run in a subshell (side by side), which leaves its cluster's folder here
  [[ -n $PG_TEMP_DIR || ! -s $REPORTS/pg-temp.dir ]] || PG_TEMP_DIR=$(cat "$REPORTS/pg-temp.dir")
  if [[ -n $PG_TEMP_DIR && -d $PG_TEMP_DIR ]]; then
    bash scripts/pg-temp.sh stop "$PG_TEMP_DIR" || true
  fi
  echo
  echo "==> stage times"
  local t
  for t in "${TIMES[@]}"; do echo "  $t"; done
  printf '  %-36s %5ss\n' "total" $((SECONDS - SUITE_START))
  if [[ $rc -eq 0 ]]; then
    echo "✓ all stages passed"
  else
    echo "✗ npm test failed (exit $rc)${FAILED[*]:+: ${FAILED[*]}}"
  fi
  shopt -s nullglob
  node scripts/vitest-summary.mjs "$REPORTS"/*.json "$REPORTS"/*.exit
  rm -rf "$REPORTS"
  exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# stage NAME COMMAND...: run one stage, record its time, stop the suite when it fails
stage() {
  local name=$1 start=$SECONDS rc
  shift
  echo
  echo "==> $name"
  "$@"
  rc=$?
  TIMES+=("$(printf '%-36s %5ss' "$name" $((SECONDS - start)))")
  if [[ $rc -ne 0 ]]; then
    echo
    echo "✗ FAILED: $name (exit $rc)" >&2
    FAILED+=("[$name]")
    [[ $KEEP_GOING -eq 1 ]] || exit 1
  fi
}

# stages_side_by_side NAME COMMAND [NAME COMMAND]...: run several stages at once (each COMMAND in
# a subshell of this script, so it may call its functions), each into its own log; then show
# each log in turn, in the order given, and record each as a stage with its own time. Without
# --keep-going the first failure seen ends the suite, the stages still running with it.
stages_side_by_side() {
  local i=0 names=() pids=() rc seconds
  while [[ $# -ge 2 ]]; do
    names+=("$1")
    (
      start=$SECONDS
      eval "$2" >"$REPORTS/side-$i.log" 2>&1
      echo "$? $((SECONDS - start))" >"$REPORTS/side-$i.done"
    ) &
    pids+=($!)
    SIDE_PIDS=("${pids[@]}")
    i=$((i + 1))
    shift 2
  done
  for i in "${!names[@]}"; do
    wait "${pids[$i]}"
    SIDE_PIDS=("${SIDE_PIDS[@]:1}")
    echo
    echo "==> ${names[$i]} (side by side)"
    cat "$REPORTS/side-$i.log"
    read -r rc seconds <"$REPORTS/side-$i.done" || rc=1 seconds='?'
    TIMES+=("$(printf '%-36s %5ss (side by side)' "${names[$i]}" "$seconds")")
    if [[ $rc -ne 0 ]]; then
      echo
      echo "✗ FAILED: ${names[$i]} (exit $rc)" >&2
      FAILED+=("[${names[$i]}]")
      # the stages still running are ended by finish()
      [[ $KEEP_GOING -eq 1 ]] || exit 1
    fi
  done
}

# vitest_run LABEL ARGS...: vitest with a JSON report kept for the final summary
vitest_run() {
  local label=$1 rc
  shift
  vitest run "$@" --reporter=default --reporter=json --outputFile.json="$REPORTS/$label.json"
  rc=$?
  [[ $rc -eq 0 ]] || echo "$rc" >"$REPORTS/$label.exit"
  return $rc
}

find_pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x $dir/initdb && -x $dir/pg_ctl && -x $dir/postgres ]] && echo "$dir" && return 0
  done
  return 1
}

find_mosquitto() {
  command -v mosquitto || { [[ -x /usr/sbin/mosquitto ]] && echo /usr/sbin/mosquitto; }
}

missing_packages() {
  local missing=()
  [[ -x $CHROMIUM_PATH ]] || missing+=(chromium-headless-shell fonts-liberation)
  find_pg_bin >/dev/null || missing+=(postgresql)
  find_mosquitto >/dev/null || missing+=(mosquitto)
  # the clients of sdks/, run by packages/server/test/sdks.test.ts
  command -v python3 >/dev/null || missing+=(python3)
  command -v php >/dev/null || missing+=(php-cli)
  { command -v javac >/dev/null && command -v java >/dev/null; } || missing+=(default-jdk-headless)
  command -v go >/dev/null || missing+=(golang-go)
  echo "${missing[*]}"
}

ensure_system_packages() {
  local missing
  missing=$(missing_packages)
  if [[ -n $missing ]]; then
    if [[ $(id -u) -ne 0 ]]; then
      echo "Missing Debian packages: $missing" >&2
      echo "Install them (sudo apt-get install -y $missing) or run npm test as root." >&2
      return 1
    fi
    command -v apt-get >/dev/null || {
      echo "Missing packages ($missing) and no apt-get to install them with" >&2
      return 1
    }
    echo "installing: $missing"
    # shellcheck disable=SC2086 # word splitting intended
    DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing </dev/null || return 1
    missing=$(missing_packages)
    if [[ -n $missing ]]; then
      echo "Still missing after apt-get install: $missing (CHROMIUM_PATH=$CHROMIUM_PATH)" >&2
      return 1
    fi
  fi
  echo "chromium:   $CHROMIUM_PATH"
  echo "postgresql: $(find_pg_bin)"
  echo "mosquitto:  $(find_mosquitto)"
  echo "sdks:       $(command -v python3) $(command -v php) $(command -v javac) $(command -v go)"
}

# Both integration passes in one vitest run: every file on PGlite (project integration) and, but
# for the embedded database's own files (EMBEDDED_ONLY) and the SDK clients' (DATABASE_BLIND), on a
# throwaway PostgreSQL cluster (integration-postgres), three files at a time whichever pass they
# belong to (vitest.config.ts).
integration_tests() {
  local out version databases rc
  out=$(bash scripts/pg-temp.sh start) || return 1
  eval "$out"
  echo "$PG_TEMP_DIR" >"$REPORTS/pg-temp.dir"
  echo "PostgreSQL cluster in $PG_TEMP_DIR on 127.0.0.1:$PG_TEMP_PORT"
  version=$("$PG_TEMP_BIN/psql" "$PG_TEMP_URL" -Atc 'select version()') || {
    echo "PostgreSQL does not answer at $PG_TEMP_URL" >&2
    return 1
  }
  echo "$version"

  (
    unset TEST_DATABASE_URL
    TEST_POSTGRES_URL=$PG_TEMP_URL vitest_run integration --project integration --project integration-postgres
  )
  rc=$?

  # proof that the tests ran on this server: each test file connects to a database it created
  databases=$(grep -o 'connection authorized: user=[^ ]* database=[^ ]*' "$PG_TEMP_DIR/postgres.log" |
    sed 's/.*database=//' | grep -vxE 'postgres|template[01]' | sort -u | wc -l)
  echo "integration tests used $databases databases on PostgreSQL"
  if [[ $databases -eq 0 ]]; then
    echo "integration tests never connected to a test database on PostgreSQL" >&2
    rc=1
  fi
  # the cluster and its log are removed below: on a failure, keep what the server said in the output
  # (tests provoke some errors on purpose, so these are counted by kind, deadlocks shown whole)
  if [[ $rc -ne 0 ]]; then
    echo "-- PostgreSQL's errors during the pass, by kind:"
    grep -oE '(ERROR|FATAL|PANIC): .*' "$PG_TEMP_DIR/postgres.log" | sed -E 's/[0-9]+/N/g' | sort | uniq -c |
      sort -rn | head -25
    grep -A4 'deadlock detected' "$PG_TEMP_DIR/postgres.log" | head -60
  fi
  bash scripts/pg-temp.sh stop "$PG_TEMP_DIR"
  PG_TEMP_DIR=""
  rm -f "$REPORTS/pg-temp.dir"
  return $rc
}

# The fault harness (test/cluster/faults.ts): every accepted order accounted for through node
# kills and restarts, broker restarts and disables, on the production path and embedded.
fault_harness() {
  local rc=0
  echo "-- PostgreSQL + Mosquitto + 2 nodes"
  tsx test/cluster/faults.ts || rc=1
  echo "-- embedded (PGlite, its own broker, 1 node)"
  tsx test/cluster/faults.ts --mode embedded || rc=1
  return $rc
}

# The harness spends most of its ~3 minutes waiting (a load of 40 jobs/s, faults, recovery): 161 s
# of CPU in 201 s alone. It runs beside the end-to-end stage: beside the two integration passes
# it took their stage from 629 to 809 s (the PGlite pass, the longer one, lost the CPU it took).
# Its output is shown, in one piece, when it is waited for.
fault_harness_start() {
  (
    start=$SECONDS
    fault_harness >"$REPORTS/faults.log" 2>&1
    echo "$? $((SECONDS - start))" >"$REPORTS/faults.done"
  ) &
  FAULTS_PID=$!
  echo "fault harness started in the background (pid $FAULTS_PID)"
}

fault_harness_wait() {
  local rc seconds
  wait "$FAULTS_PID"
  FAULTS_PID=""
  cat "$REPORTS/faults.log"
  read -r rc seconds <"$REPORTS/faults.done" || {
    echo "the fault harness ended without a result" >&2
    return 1
  }
  echo "(the harness itself took ${seconds}s)"
  return "$rc"
}

# kill_tree PID: end a background stage and every process under it
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}

e2e_tests() {
  # screenshots and server logs of this run only
  rm -rf test-results
  vitest_run e2e --project e2e
}

if [[ ! -d node_modules ]]; then
  echo "node_modules is missing: run npm install (or npm ci) first" >&2
  exit 1
fi

stage "system packages" ensure_system_packages
# format, lint and typecheck each use one core and read the same files, and the unit tests are
# small beside them (~20 s of CPU once their files share imports): run side by side. Prettier
# and tsc keep what they learnt in node_modules/.cache, so a second run checks only what changed
# (eslint does not: import-x/no-cycle looks across files, which its cache would not see). The server's
# bundle (scripts/build-server.mjs, what npm start runs) is built here once, before anything starts
# it: built-server.test.ts in the PGlite pass, every end-to-end server, the fault harness.
# (Run beside the integration files at nice 19 instead, to fill the ~20 % of two cores those left
# idle then, they slowed them as much as they saved: docs/decisions.md.)
stages_side_by_side \
  "format (prettier --check)" "prettier --check --cache --cache-location node_modules/.cache/prettier/cache --log-level warn ." \
  "lint (eslint)" "eslint ." \
  "typecheck" "npm run --silent typecheck" \
  "unit tests" "vitest_run unit --project unit --project unit-isolated" \
  "server build" "node scripts/build-server.mjs"
# The integration files on PGlite and on PostgreSQL, three at a time in one run (vitest.config.ts):
# as two runs side by side, one file at a time each, the shorter pass left its core idle once it
# ended (the PGlite pass ended ~2 minutes before the other once its databases were kept open between
# files). (Two files at once each, four at once on two cores, took the route sweep past its 30 s
# timeout on a loaded machine; three at once with the static checks beside them made the stage
# longer; three at once alone, with the embedded-only files left out of the PostgreSQL pass, took it
# from 584 to 459 s.) The console build (~7 s of CPU) runs beside them.
stages_side_by_side \
  "integration (PGlite, PostgreSQL)" integration_tests \
  "console build" "npm run --silent build -w @herald/web"
fault_harness_start
stage "end-to-end tests (Chromium)" e2e_tests
stage "fault harness (waited for)" fault_harness_wait

[[ ${#FAILED[@]} -eq 0 ]] || exit 1
