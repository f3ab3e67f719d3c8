#!/usr/bin/env bash
# Paired end-to-end comparison of GET /health on two servers, for a machine whose speed drifts by more than the
# difference being measured. Both servers run at once, pinned to the same core, and wrk (pinned to the other core)
# drives them in turn with short bursts in A B B A order; each A-B pair gives one ratio, taken seconds apart, so
# slow drift of the machine mostly cancels within a pair. Reports the median ratio of req/s (B over A) and of the
# server's event-loop CPU per request, with the quartiles, and every burst.
#
# Builds nothing: first run ./mvnw -q -B package -DskipTests, then
#   bench/run-paired.sh                       # raw-netty vs zapline, 20 pairs of 2 s bursts: about 2.5 minutes
# Environment:
#   A=raw-netty B=zapline                     the arms: raw-netty, zapline, nginx (1 worker, when installed),
#                                             raw-netty-old, zapline-old (see OLD)
#   OLD=/path/to/other/checkout               for the -old arms: a checkout whose jars were built
#   PAIRS=20 BURST=2s WARMUP=10s CONNECTIONS=64
#   SERVER_CPU=1 LOAD_CPU=0  JAVA=... JAVA_OPTS=...  PORT=18180
# The event-loop thread's CPU is read from /proc (Linux only); its user and system time are listed apart, since
# the kernel's share is most of a request and the same code in both servers.
set -euo pipefail
cd "$(dirname "$0")/.."

pairs="${PAIRS:-20}"
burst="${BURST:-2s}"
warmup="${WARMUP:-10s}"
connections="${CONNECTIONS:-64}"
server_cpu="${SERVER_CPU:-1}"
load_cpu="${LOAD_CPU:-0}"
java_bin="${JAVA:-$(./zapline --print-java)}"
java_opts="${JAVA_OPTS:---enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Xms512m -Xmx512m}"
port0="${PORT:-18180}"
arm_a="${A:-raw-netty}"
arm_b="${B:-zapline}"
old="${OLD:-}"

for tool in wrk taskset curl awk; do
  command -v "$tool" >/dev/null || { echo "run-paired.sh: $tool is not installed" >&2; exit 2; }
done
[ -d /proc/self/task ] || { echo "run-paired.sh: needs Linux /proc" >&2; exit 2; }

tmp="$(mktemp -d -t zapline-paired.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do
    kill -TERM "$p" 2>/dev/null || true
  done
  for p in "${pids[@]}"; do
    wait "$p" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# shellcheck source=bench/nginx-conf.sh
. bench/nginx-conf.sh

# start ARM PORT: starts the server, prints its pid
start() {
  local arm="$1" port="$2" root=.
  if [ "$arm" = nginx ]; then
    command -v nginx >/dev/null || { echo "run-paired.sh: nginx is not installed" >&2; exit 2; }
    nginx_conf "$port" "$tmp/nginx-$port"
    taskset -c "$server_cpu" nginx -p "$tmp/nginx-$port" -c "$tmp/nginx-$port/nginx.conf" \
      -e "$tmp/nginx-$port/error.log" >"$tmp/$arm.log" 2>&1 &
    echo $!
    return 0
  fi
  case "$arm" in
    *-old)
      [ -n "$old" ] || { echo "run-paired.sh: $arm needs OLD=checkout" >&2; exit 2; }
      root="$old"
      ;;
  esac
  for jar in "$root/bench/target/benchmarks.jar" "$root/cli/target/zapline.jar"; do
    [ -f "$jar" ] || { echo "run-paired.sh: $jar is missing; run ./mvnw -q -B package -DskipTests" >&2; exit 2; }
  done
  case "$arm" in
    raw-netty|raw-netty-old)
      # shellcheck disable=SC2086
      taskset -c "$server_cpu" "$java_bin" $java_opts -cp "$root/bench/target/benchmarks.jar" \
        dev.zapline.fixtures.baseline.RawNettyServer --port "$port" --event-loops 1 >"$tmp/$arm.log" 2>&1 &
      ;;
    zapline|zapline-old)
      # shellcheck disable=SC2086
      taskset -c "$server_cpu" "$java_bin" $java_opts -jar "$root/cli/target/zapline.jar" \
        serve --http "127.0.0.1:$port" --event-loops 1 --grace 1 >"$tmp/$arm.log" 2>&1 &
      ;;
    *) echo "run-paired.sh: unknown arm '$arm'" >&2; exit 2 ;;
  esac
  echo $!
}

# loop_thread PID: the /proc task directory of the server's event-loop thread (nginx: its one worker process)
loop_thread() {
  local pid="$1" t w
  if [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = nginx ]; then
    w=$(pgrep -P "$pid" | head -1)
    [ -n "$w" ] && { echo "/proc/$w/task/$w"; return 0; }
    return 1
  fi
  for t in /proc/"$pid"/task/*; do
    case "$(cat "$t/comm" 2>/dev/null)" in
      zapline-loop*|raw-netty*) echo "$t"; return 0 ;;
    esac
  done
  return 1
}

wait_up() {
  local port="$1"
  for _ in $(seq 200); do
    curl -sf -o /dev/null --max-time 1 "http://127.0.0.1:$port/health" && return 0
    sleep 0.1
  done
  echo "run-paired.sh: no server on port $port" >&2
  exit 1
}

port_a=$port0
port_b=$((port0 + 1))
pid_a=$(start "$arm_a" "$port_a"); pids+=("$pid_a")
pid_b=$(start "$arm_b" "$port_b"); pids+=("$pid_b")
wait_up "$port_a"
wait_up "$port_b"
task_a=$(loop_thread "$pid_a")
task_b=$(loop_thread "$pid_b")
tck=$(getconf CLK_TCK)

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "warming up both for $warmup each"
taskset -c "$load_cpu" wrk -t1 -c"$connections" -d"$warmup" "http://127.0.0.1:$port_a/health" >/dev/null
taskset -c "$load_cpu" wrk -t1 -c"$connections" -d"$warmup" "http://127.0.0.1:$port_b/health" >/dev/null

# burst NAME PORT TASK: one wrk burst; prints "NAME rps user_ns sys_ns"
burst() {
  local name="$1" port="$2" task="$3" u0 s0 u1 s1 out reqs rps
  read -r u0 s0 < <(awk '{print $14, $15}' "$task/stat")
  out=$(taskset -c "$load_cpu" wrk -t1 -c"$connections" -d"$burst" "http://127.0.0.1:$port/health")
  read -r u1 s1 < <(awk '{print $14, $15}' "$task/stat")
  reqs=$(echo "$out" | awk '/requests in/ {print $1}')
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  if echo "$out" | grep -q 'Non-2xx\|Socket errors'; then
    echo "run-paired.sh: errors in a burst on $name:" >&2
    echo "$out" >&2
    exit 1
  fi
  awk -v n="$name" -v r="$rps" -v q="$reqs" -v u=$((u1 - u0)) -v s=$((s1 - s0)) -v t="$tck" \
    'BEGIN { printf "%s %s %.0f %.0f\n", n, r, u * 1e9 / t / q, s * 1e9 / t / q }'
}

: >"$tmp/bursts"
for ((p = 1; p <= pairs; p++)); do
  if ((p % 2 == 1)); then
    a=$(burst A "$port_a" "$task_a"); b=$(burst B "$port_b" "$task_b")
  else
    b=$(burst B "$port_b" "$task_b"); a=$(burst A "$port_a" "$task_a")
  fi
  echo "pair $p $a $b" | tee -a "$tmp/bursts"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

awk -v an="$arm_a" -v bn="$arm_b" -v pairs="$pairs" -v burst="$burst" -v c="$connections" '
function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
function q(a, n, f,   x, i) { x = 1 + (n - 1) * f; i = int(x); return i >= n ? a[n] : a[i] + (x - i) * (a[i + 1] - a[i]) }
{
  n++
  rr[n] = $8 / $4                                  # req/s, B over A
  cu[n] = ($5 + $6) > 0 ? ($9 + $10) / ($5 + $6) : 0   # loop CPU per request, B over A
  uu[n] = $5 > 0 ? $9 / $5 : 0                     # user part only
  ra[n] = $4; rb[n] = $8; ca[n] = $5 + $6; cb[n] = $9 + $10
}
END {
  sort(rr, n); sort(cu, n); sort(uu, n); sort(ra, n); sort(rb, n); sort(ca, n); sort(cb, n)
  printf "\n%s (A) vs %s (B): %d pairs of %s bursts, ABBA order, %d connections\n", an, bn, n, burst, c
  printf "%-34s %10s %10s %10s\n", "", "median", "q1", "q3"
  printf "%-34s %10.3f %10.3f %10.3f\n", "req/s ratio B/A", q(rr, n, .5), q(rr, n, .25), q(rr, n, .75)
  printf "%-34s %10.3f %10.3f %10.3f\n", "loop CPU/request ratio B/A", q(cu, n, .5), q(cu, n, .25), q(cu, n, .75)
  printf "%-34s %10.3f %10.3f %10.3f\n", "loop user CPU/request ratio B/A", q(uu, n, .5), q(uu, n, .25), q(uu, n, .75)
  printf "%-34s %10.0f %10.0f %10.0f\n", "A req/s", q(ra, n, .5), q(ra, n, .25), q(ra, n, .75)
  printf "%-34s %10.0f %10.0f %10.0f\n", "B req/s", q(rb, n, .5), q(rb, n, .25), q(rb, n, .75)
  printf "%-34s %10.0f %10.0f %10.0f\n", "A loop CPU ns/request", q(ca, n, .5), q(ca, n, .25), q(ca, n, .75)
  printf "%-34s %10.0f %10.0f %10.0f\n", "B loop CPU ns/request", q(cb, n, .5), q(cb, n, .25), q(cb, n, .75)
}' "$tmp/bursts"
