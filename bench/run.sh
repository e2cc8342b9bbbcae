#!/usr/bin/env bash
# Load test of `arbiter http` with Redis: builds the binary and the driver,
# starts one instance on Redis with a throwaway Ed25519 key pair, drives it
# with bench/httpload and prints the table.
#
#   bench/run.sh [httpload flags...]        e.g. bench/run.sh -c 64 -d 10s
#
# Environment: REDIS_URL (default redis://127.0.0.1:6379/0; the run uses
# its own key prefix and deletes its keys afterwards), ARBITER_DATA
# (default ../shared/data), LISTEN (default 127.0.0.1:18080), SERVER_GOGC
# (GOGC of the arbiter process only; default unset = the server's own
# choice from the live heap, see internal/gctune), PPROF
# (an address such as 127.0.0.1:6060: the server serves /debug/pprof/ there
# for profiles taken during the run), CLIENT_PROCS (GOMAXPROCS of the
# driver, default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

redis_url=${REDIS_URL:-redis://127.0.0.1:6379/0}
data=${ARBITER_DATA:-$(cd .. && pwd)/shared/data}
listen=${LISTEN:-127.0.0.1:18080}
prefix="arbiterbench:$(date +%s%N):"
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  host=${redis_url#*://}; host=${host%%/*}; host=${host##*@}
  redis-cli -h "${host%:*}" -p "${host##*:}" --scan --pattern "${prefix}*" | xargs -r -n 500 redis-cli -h "${host%:*}" -p "${host##*:}" del >/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/arbiter" ./cmd/arbiter
go build -o "$tmp/httpload" ./bench/httpload
seed=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
pub=$("$tmp/httpload" -key "$seed" -print-public-key)

sep='?'; [[ $redis_url == *\?* ]] && sep='&'
server_args=()
[[ -n ${PPROF:-} ]] && server_args+=(--pprof "$PPROF")
server_env=()
[[ -n ${SERVER_GOGC:-} ]] && server_env+=("GOGC=$SERVER_GOGC")
env "${server_env[@]}" ARBITER_DATA="$data" REDIS_URL="${redis_url}${sep}prefix=${prefix}" DISCORD_PUBLIC_KEY="$pub" \
  "$tmp/arbiter" http --listen "$listen" "${server_args[@]}" 2>"$tmp/arbiter.log" &
pids+=($!)
for _ in $(seq 1 600); do
  curl -fs "http://$listen/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fs "http://$listen/readyz" >/dev/null || { echo "arbiter http did not get ready:"; cat "$tmp/arbiter.log"; exit 2; }

echo "arbiter http on $listen, Redis $redis_url (prefix $prefix), $(nproc) CPUs, server GOGC=${SERVER_GOGC:-chosen from the live heap}, load average $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
GOMAXPROCS=${CLIENT_PROCS:-2} "$tmp/httpload" -url "http://$listen/" -key "$seed" "$@" || status=$?
# The server's resident memory after the run (the issue's memory target is
# measured here).
if [[ -r /proc/${pids[0]}/status ]]; then
  grep -E '^(VmRSS|VmHWM)' "/proc/${pids[0]}/status" | sed 's/^/arbiter /'
fi
if grep -q "panic" "$tmp/arbiter.log"; then echo "arbiter logged a panic:"; cat "$tmp/arbiter.log"; status=1; fi
exit $status
