#!/usr/bin/env bash
# Paired end-to-end comparison of GET /health on two servers, for a machine whose speed drifts by more than the
# difference being measured. Both servers run at once, pinned to the same core (the server's), and wrk or h2load
# (on the loader's core) drives them in turn with short bursts in A B B A order; each A-B pair gives one ratio, taken
# seconds apart, so slow drift of the machine mostly cancels within a pair. Reports the median ratio of req/s
# (B over A) and of the server's event-loop CPU per request, with the quartiles, and every burst.
#
# Builds cli/target/zapline.jar when it is missing, then
#   bench/run-paired.sh                       # raw-netty vs zapline, 20 pairs of 2 s bursts: about 2.5 minutes
# Environment:
#   A=raw-netty B=zapline                     the arms: raw-netty, zapline, nginx (1 worker, when installed),
#                                             raw-netty-old, zapline-old (see OLD)
#   OLD=/path/to/other/checkout               for the -old arms: a checkout whose cli/target/zapline.jar was built
#   PAIRS=20 BURST=2s WARMUP=10s CONNECTIONS=64
#   LOADER=wrk                                or h2load: HTTP/2 by prior knowledge (h2c), STREAMS=16 streams in
#                                             flight per connection, one h2load thread
#   SERVER_CPU= LOAD_CPU= JAVA=... JAVA_OPTS=...  (bench/lib.sh)  PORT=18180 (and the next one)
# The event-loop thread's CPU is read from /proc (Linux only); its user and system time are listed apart, since
# the kernel's share is most of a request and the same code in both servers.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

pairs="${PAIRS:-20}"
burst="${BURST:-2s}"
warmup="${WARMUP:-10s}"
connections="${CONNECTIONS:-64}"
port0="${PORT:-18180}"
arm_a="${A:-raw-netty}"
arm_b="${B:-zapline}"
old="${OLD:-}"

loader="${LOADER:-wrk}"
streams="${STREAMS:-16}"
case "$loader" in
  wrk | h2load) need "$loader" awk ;;
  *) die "LOADER=$loader: wrk or h2load" ;;
esac
[ -d /proc/self/task ] || { echo "run-paired.sh: needs Linux /proc" >&2; exit 2; }
need_jars "$ZAPLINE_JAR"

# load OUT PORT DURATION: one burst of the chosen loader against the server on PORT, its report in OUT.
load() {
  if [ "$loader" = h2load ]; then
    run_fg loader "$1" h2load -t1 -c"$connections" -m"$streams" -D"${3%s}" "http://127.0.0.1:$2/health"
  else
    run_wrk "$1" "$2" "$3" "$connections"
  fi
}

# loaded FILE: "requests rps" of a burst's report; nothing when it has errors (failed or non-2xx responses).
loaded() {
  if [ "$loader" = h2load ]; then
    awk '/^finished in/ { rps = $4 } /^requests:/ { n = $2; bad = $10 + $12 + $14 }
         /^status codes:/ { bad += $5 + $7 + $9 } END { if (!bad && n) print n, rps }' "$1"
  elif [ -z "$(wrk_errors "$1")" ]; then
    awk '/requests in/ { n = $1 } /^Requests\/sec:/ { r = $2 } END { if (n && r) print n, r }' "$1"
  fi
}

# start ARM PORT: starts the server (an -old arm from the OLD checkout); sets server_pid
start() {
  case "$1" in
    *-old)
      [ -n "$old" ] || { echo "run-paired.sh: $1 needs OLD=checkout" >&2; exit 2; }
      start_arm "${1%-old}" "$2" "$old"
      ;;
    *) start_arm "$1" "$2" ;;
  esac
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

port_a=$port0
port_b=$((port0 + 1))
start "$arm_a" "$port_a"; pid_a="$server_pid"
start "$arm_b" "$port_b"; pid_b="$server_pid"
task_a=$(loop_thread "$pid_a") || die "no event-loop thread found in $arm_a"
task_b=$(loop_thread "$pid_b") || die "no event-loop thread found in $arm_b"
tck=$(getconf CLK_TCK)

echo "load average before: $(loadavg)"
echo "warming up both for $warmup each"
load "$tmp/warmup.out" "$port_a" "$warmup" || true
load "$tmp/warmup.out" "$port_b" "$warmup" || true

# burst NAME PORT TASK: one burst; sets line to "NAME rps user_ns sys_ns" (per request)
burst() {
  local name="$1" port="$2" task="$3" u0 s0 u1 s1 reqs rps
  read -r u0 s0 < <(awk '{print $14, $15}' "$task/stat")
  load "$tmp/burst.out" "$port" "$burst" || true
  read -r u1 s1 < <(awk '{print $14, $15}' "$task/stat")
  read -r reqs rps < <(loaded "$tmp/burst.out"; echo)
  if [ -z "$rps" ]; then
    cat "$tmp/burst.out" >&2
    die "errors in a burst on $name"
  fi
  line=$(awk -v n="$name" -v r="$rps" -v q="$reqs" -v u=$((u1 - u0)) -v s=$((s1 - s0)) -v t="$tck" \
    'BEGIN { printf "%s %s %.0f %.0f\n", n, r, u * 1e9 / t / q, s * 1e9 / t / q }')
}

: >"$tmp/bursts"
for ((p = 1; p <= pairs; p++)); do
  if ((p % 2 == 1)); then
    burst A "$port_a" "$task_a"; a="$line"; burst B "$port_b" "$task_b"; b="$line"
  else
    burst B "$port_b" "$task_b"; b="$line"; burst A "$port_a" "$task_a"; a="$line"
  fi
  echo "pair $p $a $b" | tee -a "$tmp/bursts"
done
echo "load average after: $(loadavg)"

# row LABEL FORMAT EXPR: the median and quartiles of the awk expression EXPR over the bursts' lines, whose fields
# are: pair N  A rps_A user_ns_A sys_ns_A  B rps_B user_ns_B sys_ns_B
row() {
  local q
  read -ra q <<<"$(awk "{ print ($3) }" "$tmp/bursts" | quartiles)"
  printf "%-34s $2 $2 $2\n" "$1" "${q[@]}"
}
echo
echo "$arm_a (A) vs $arm_b (B): $(wc -l <"$tmp/bursts") pairs of $burst bursts, ABBA order, $connections connections," \
  "$loader$([ "$loader" = h2load ] && echo " ($streams streams each)")"
printf "%-34s %10s %10s %10s\n" "" median q1 q3
# shellcheck disable=SC2016  # awk expressions
{
  row "req/s ratio B/A" %10.3f '$8 / $4'
  row "loop CPU/request ratio B/A" %10.3f '($5 + $6) > 0 ? ($9 + $10) / ($5 + $6) : 0'
  row "loop user CPU/request ratio B/A" %10.3f '$5 > 0 ? $9 / $5 : 0'
  row "A req/s" %10.0f '$4'
  row "B req/s" %10.0f '$8'
  row "A loop CPU ns/request" %10.0f '$5 + $6'
  row "B loop CPU ns/request" %10.0f '$9 + $10'
}
