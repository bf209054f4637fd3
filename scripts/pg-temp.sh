#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks: loopback only, a free port, trust auth,
# everything (data, unix socket, log) inside one temporary directory.
#
#   eval "$(scripts/pg-temp.sh start)"   # sets PG_TEMP_DIR, PG_TEMP_PORT, PG_TEMP_URL, PG_TEMP_BIN
#   ...                                  # PG_TEMP_URL=postgres://postgres@127.0.0.1:PORT/postgres (superuser)
#   scripts/pg-temp.sh stop "$PG_TEMP_DIR"
#
# The cluster trades durability for speed (fsync off) unless PG_TEMP_DURABLE=1, which benchmarks
# that measure write latency should set. Extra server settings: PG_TEMP_OPTS="-c name=value ...".
# As root the cluster runs as the `postgres` system user, because postgres refuses to run as root.
set -euo pipefail

die() {
  echo "pg-temp: $*" >&2
  exit 1
}

find_bin() {
  local dir
  # newest installed major version first (Debian layout), then whatever is on PATH
  for dir in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -t/ -k5 -V -r); do
    if [[ -x $dir/initdb && -x $dir/pg_ctl && -x $dir/postgres ]]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null && command -v postgres >/dev/null; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return 0
  fi
  return 1
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Run a command as the cluster's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

start() {
  local bin dir port opts attempt
  bin=$(find_bin) || die "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found; install the Debian package 'postgresql'"
  if [[ $(id -u) -eq 0 ]]; then
    id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    # /tmp rather than $TMPDIR: the postgres user must be able to reach the directory
    dir=$(mktemp -d /tmp/herald-pg.XXXXXX)
    chown postgres: "$dir"
  else
    dir=$(mktemp -d "${TMPDIR:-/tmp}/herald-pg.XXXXXX")
  fi
  chmod 700 "$dir"

  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale --no-sync >"$dir/initdb.log" 2>&1 ||
    {
      cat "$dir/initdb.log" >&2
      rm -rf "$dir"
      die "initdb failed"
    }
  as_owner mkdir -p "$dir/sock"

  opts="-c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir/sock -c max_connections=200 -c log_connections=on"
  if [[ ${PG_TEMP_DURABLE:-0} != 1 ]]; then
    opts+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  fi
  opts+=" ${PG_TEMP_OPTS:-}"

  # the port is free when we ask, but another process may take it before postgres binds: retry
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 -o "-p $port $opts" start >/dev/null; then
      break
    fi
    if [[ $attempt -eq 3 ]]; then
      tail -n 30 "$dir/postgres.log" >&2 || true
      rm -rf "$dir"
      die "could not start PostgreSQL"
    fi
  done

  echo "PG_TEMP_DIR=$dir"
  echo "PG_TEMP_PORT=$port"
  echo "PG_TEMP_BIN=$bin"
  echo "PG_TEMP_URL=postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir=${1:-${PG_TEMP_DIR:-}}
  [[ -n $dir ]] || die "usage: pg-temp.sh stop DIR"
  [[ $dir == */herald-pg.* ]] || die "refusing to remove $dir: not a pg-temp directory"
  [[ -d $dir ]] || return 0
  local bin
  if [[ -f $dir/data/postmaster.pid ]] && bin=$(find_bin); then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case ${1:-} in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) die "usage: pg-temp.sh start | stop DIR" ;;
esac
