#!/usr/bin/env bash
# A local PgBouncer in transaction mode in front of the PostgreSQL at 127.0.0.1:5432 (DESIGN §1, issue 42 part 5):
# what production runs in front of the database, so CI and the on-sale rehearsal use the API as it will be used.
#
#   scripts/pgbouncer.sh start [port] [dir]   starts it (default 6432, state under a temporary folder)
#   scripts/pgbouncer.sh stop [dir]
#
# Every database of the server is reachable through it under its own name (a wildcard entry), so throwaway
# test databases need no configuration. It runs as the `postgres` user: PgBouncer refuses to run as root.
set -euo pipefail
cmd=${1:-start}
port=${2:-6432}
dir=${3:-/tmp/palco-pgbouncer-$port}
server_host=${PGBOUNCER_SERVER_HOST:-127.0.0.1}
server_port=${PGBOUNCER_SERVER_PORT:-5432}

case "$cmd" in
start)
  command -v pgbouncer >/dev/null || { echo "pgbouncer is not installed (apt-get install pgbouncer)" >&2; exit 1; }
  mkdir -p "$dir"
  cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$server_host port=$server_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
admin_users = postgres
auth_file = $dir/users.txt
pool_mode = transaction
; enough server connections per database for a test suite's pool or one API process's
default_pool_size = 40
max_client_conn = 4000
; node-postgres sends none of these today; a client that does must not be refused
ignore_startup_parameters = extra_float_digits,options,statement_timeout
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
  printf '"postgres" ""\n' >"$dir/users.txt"
  run_as=()
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres "$dir"
    run_as=(-u postgres)
  fi
  pgbouncer -d "${run_as[@]}" "$dir/pgbouncer.ini"
  for _ in $(seq 1 50); do
    pg_isready -h 127.0.0.1 -p "$port" -q && exit 0
    sleep 0.1
  done
  echo "pgbouncer did not start; see $dir/pgbouncer.log" >&2
  exit 1
  ;;
stop)
  dir=${2:-/tmp/palco-pgbouncer-6432}
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  ;;
*)
  echo "usage: $0 start [port] [dir] | stop [dir]" >&2
  exit 2
  ;;
esac
