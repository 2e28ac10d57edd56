# Sourced by the scripts that run webapi-fake-server (tests and benchmarks): starts one in the background on
# the port it prints, and stops it.
#
#   fake_server_start OUT SERVER [ARGS...]  starts SERVER ARGS with its output in the file OUT and waits for
#                                           its port= line; sets fake_server_pid and port. Fails, saying
#                                           why on stderr, when the server exits first or prints no port
#                                           within 20 s.
#   fake_server_stop                        SIGTERM, then the server's exit status.
#   fake_server_kill                        for an EXIT trap: kills a server still running, if any.

fake_server_pid=
port=

fake_server_start() {
  local out="$1" server="$2" _
  shift
  : >"$out"  # emptied before the start, so the wait never reads a previous server's port
  "$@" >"$out" &
  fake_server_pid=$!
  for _ in $(seq 1 400); do
    port="$(sed -n 's/^port=\([0-9]*\)$/\1/p' "$out")"
    [ -n "$port" ] && return 0
    kill -0 "$fake_server_pid" 2>/dev/null || { echo "$server exited before listening" >&2; return 1; }
    sleep 0.05
  done
  echo "$server printed no port= line in 20 s" >&2
  return 1
}

fake_server_stop() {
  local pid="$fake_server_pid"
  fake_server_pid=
  kill -TERM "$pid"
  wait "$pid"
}

fake_server_kill() {
  if [ -n "$fake_server_pid" ]; then kill "$fake_server_pid" 2>/dev/null || true; fi
}
