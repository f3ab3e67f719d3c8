#!/usr/bin/env bash
# Journeys side by side (issue 29): zapline load, Gatling and Artillery run the same journey against the same
# server with the same pinning, and each one's cost and what it reports as latency go into one table.
#   bench/run-journeys.sh                          # 3 rounds x 30 s at 300 journeys/s, 3 loaders: about 6 minutes
#   ROUNDS=1 DURATION=10 RATE=50 bench/run-journeys.sh   # a quick look, about 1 minute
# The journey: the demo shop API of `zapline serve` (ShopApi in cli's dev.zapline.cli.serve): POST /login with a
# user of USERS (a CSV with columns user,password, read in order and round again) -> 200 {"token","account"};
# GET /accounts/{account} with "Authorization: Bearer {token}" -> 200; POST /orders with the token and
# {"item","quantity"} -> 201 {"id"}. Three requests per journey, every status checked, token and account taken from
# the login's JSON. Written once per loader, in its own language:
#   zapline     JOURNEY (examples/shop.http): ./zapline load JOURNEY --data USERS --rate R -c C -d Ds --warmup 0s
#               --json FILE --quiet, through the launcher, so with its JVM flags for `zapline load` (plus
#               ZAPLINE_JAVA_OPTS); one unmeasured 2 s run first (the launcher builds the jar there when needed)
#   gatling     bench/gatling (Gatling 3.15.1's Java DSL, a Maven project of its own: Gatling brings Netty 4.2.14,
#               the framework pins 4.2.18): injectOpen(constantUsersPerSec(R).during(D)), csv(USERS).circular(),
#               one shared pool of at most C connections. Compiled once (./mvnw -f bench/gatling/pom.xml
#               test-compile, online the first time); io.gatling.app.Gatling is started directly with the flags
#               of Gatling's own launchers (-server -Xmx1G -XX:+HeapDumpOnOutOfMemoryError -XX:MaxInlineLevel=20
#               -XX:MaxTrivialSize=12, plus --add-opens java.base/java.lang, which it needs) and GATLING_JAVA_OPTS,
#               so that no Maven JVM is measured with it; --no-reports in the measured run, the HTML report
#               (where its figures are read) made afterwards by a second, unmeasured JVM (--reports-only)
#   artillery   bench/artillery/shop.yml: arrivalRate R for D seconds, http.pool C (shared connections), payload
#               USERS in order; Artillery 2.0.21 from npm, installed into bench/target/artillery when missing
#               (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1), telemetry off (ARTILLERY_DISABLE_TELEMETRY)
# Server: `zapline serve` (1 event loop, the demo app, --metrics on PORT+1) on the server's core; loaders on the
# loader's core, in rotating order each round. Per run: CPU (user + system of the whole process, start-up
# included) in seconds and per request; steady CPU per request (/proc/PID/stat from 4 s after the server saw the
# tool's first request to 2 s before its DURATION is over, over the requests the server answered in that window:
# the tools take different times to start); peak RSS (GNU time); requests per second per loader core
# (requests answered / loader CPU seconds, whole run and steady window); the requests and failures the tool
# counted, and the server's count (zapline_server_requests_total over the run) as a cross-check; and the latency
# each tool reports per step, p50 and p99, labelled with what it measures (zapline: corrected from the intended
# send AND service from the actual send; Gatling and Artillery: from the actual send, to the last byte and to the
# first byte). A figure on which zapline does not lead is named under the table.
#   zapline-url the single-URL loader at the journeys' request rate, for the cost of journeys themselves (issue 29
#               asks for at most 1.5x its CPU per request): ./zapline load BASE/accounts/ID -H "Authorization: Bearer
#               T" --rate 3R -c C -d Ds --warmup 0s --json FILE --quiet, T and ID from one login made before the runs.
#               Not a third-party tool: it is left out of the "zapline leads" verdict.
# A loader that cannot run (no JOURNEY file or no --data in `zapline load` yet, no npm, a failed build) is skipped
# with a line saying why.
# Environment:
#   ROUNDS=3 DURATION=30 (seconds, at least 10) RATE=300 (journeys/s) CONNECTIONS=16 LOADERS="zapline gatling
#   artillery" PORT=18290 (metrics on PORT+1) USERS=examples/users.csv JOURNEY=examples/shop.http (its requests'
#   host:port are made the server's) JOURNEY_ENV= (--env NAME for zapline load)
#   GATLING_JAVA_OPTS= OUT=bench/target/run-journeys.md
#   SERVER_CPU= LOAD_CPU= JAVA= JAVA_OPTS= ZAPLINE_JAVA_OPTS=: bench/lib.sh (JAVA is also Gatling's java here).
# Needs GNU time at /usr/bin/time, curl and python3 (bench/journey_stats.py reads the tools' reports). Loopback
# only; every run is bounded (DURATION plus each tool's start and end, killed after DURATION + 90 s); everything
# started stops on exit.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

rounds="${ROUNDS:-3}"
duration="${DURATION:-30}"
rate="${RATE:-300}"
connections="${CONNECTIONS:-16}"
port="${PORT:-18290}"
mport=$((port + 1))
users="${USERS:-examples/users.csv}"
journey="${JOURNEY:-examples/shop.http}"
out="${OUT:-bench/target/run-journeys.md}"
gnu_time=/usr/bin/time
[ -x "$gnu_time" ] || die "GNU time is not at $gnu_time (apt-get install time)"
[ "$duration" -ge 10 ] 2>/dev/null || die "DURATION=$duration: at least 10 (seconds), for the steady window"
need curl python3
[ -f "$users" ] || die "USERS=$users is missing (a CSV with the columns user,password)"
users="$(cd "$(dirname "$users")" && pwd)/$(basename "$users")"
need_jars "$ZAPLINE_JAR"
launcher=(env)
[ -n "${JAVA:-}" ] && launcher+=(ZAPLINE_JAVA="$java_bin")
launcher+=("$bench_root/zapline")
base="http://127.0.0.1:$port"
hz="$(getconf CLK_TCK)"
stats=(python3 "$bench_root/bench/journey_stats.py")
gatling_dir=bench/gatling
artillery_dir=bench/target/artillery
artillery_bin="$artillery_dir/node_modules/.bin/artillery"
limit=$((duration + 90))

# prepare_gatling: compiles bench/gatling when its classes or classpath are missing or older than its sources.
prepare_gatling() {
  local cp="$gatling_dir/target/classpath.txt" log="$tmp/gatling-build.log"
  if [ -f "$cp" ] && [ -z "$(find "$gatling_dir/pom.xml" "$gatling_dir/src" -newer "$cp" -print -quit)" ]; then
    return 0
  fi
  echo "$bench_name: compiling bench/gatling (the first time downloads Gatling from Maven Central)" >&2
  (JAVA_HOME="$(cd "$(dirname "$java_bin")/.." && pwd)" ./mvnw -q -B -f "$gatling_dir/pom.xml" test-compile \
    >"$log" 2>&1) || { tail -n 20 "$log" >&2; return 1; }
  touch "$cp" # the dependency plugin leaves an unchanged classpath file as it was
}

# prepare_artillery: installs Artillery 2.0.21 into bench/target/artillery when it is not there.
prepare_artillery() {
  [ -x "$artillery_bin" ] && return 0
  have npm || { echo "$bench_name: npm is not installed" >&2; return 1; }
  echo "$bench_name: installing artillery@2.0.21 into $artillery_dir (about a minute)" >&2
  mkdir -p "$artillery_dir"
  (cd "$artillery_dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error \
    artillery@2.0.21 >"$tmp/npm.log" 2>&1) || { tail -n 20 "$tmp/npm.log" >&2; return 1; }
}

loaders=()
for l in ${LOADERS:-zapline zapline-url gatling artillery}; do
  case "$l" in
    zapline)
      if [ ! -f "$journey" ]; then
        echo "$bench_name: JOURNEY=$journey is missing; zapline skipped" >&2
      elif ! "${launcher[@]}" load --help 2>/dev/null | grep -q -- '--data'; then
        echo "$bench_name: this zapline load has no --data (journeys are not in this build); zapline skipped" >&2
      else
        loaders+=("$l")
      fi
      ;;
    zapline-url) loaders+=("$l") ;;
    gatling) if prepare_gatling; then loaders+=("$l"); else echo "$bench_name: gatling skipped" >&2; fi ;;
    artillery) if prepare_artillery; then loaders+=("$l"); else echo "$bench_name: artillery skipped" >&2; fi ;;
    *) die "unknown loader '$l' (zapline, zapline-url, gatling, artillery)" ;;
  esac
done
[ "${#loaders[@]}" -gt 0 ] || die "no loader to run"
read -ra gatling_opts <<<"${GATLING_JAVA_OPTS:-}"
gatling_java=("$java_bin" -server -Xmx1G -XX:+HeapDumpOnOutOfMemoryError -XX:MaxInlineLevel=20
  -XX:MaxTrivialSize=12 --add-opens=java.base/java.lang=ALL-UNNAMED "${gatling_opts[@]}")
if [[ " ${loaders[*]} " == *" gatling "* ]]; then
  differs "Gatling's JVM: ${gatling_java[*]:1} (its launchers' flags; the collector is the JVM's choice, Serial on" \
    "one core, as zapline load's)"
fi

# served: the requests the server has answered so far (every zapline_server_requests_total sample added up), or
# empty when its metrics cannot be read.
served() {
  curl -s --max-time 5 "http://127.0.0.1:$mport/metrics" 2>/dev/null \
    | awk '/^zapline_server_requests_total\{/ { n += $NF; seen = 1 } END { if (seen) printf "%.0f\n", n }'
}

# The journey zapline load runs: JOURNEY copied into $tmp/journey with the scheme and host:port of every absolute
# URL in it (request lines and variables such as @base) replaced by this server's, beside the http-client env files
# of its directory; JOURNEY_ENV=NAME adds --env NAME (for a file that takes its host from them).
prepare_journey() {
  local d f
  d="$(dirname "$journey")"
  mkdir -p "$tmp/journey"
  for f in http-client.env.json http-client.private.env.json; do
    [ -f "$d/$f" ] && cp "$d/$f" "$tmp/journey/"
  done
  sed -E "s#https?://[^/[:space:]\"]+#$base#g" "$journey" >"$tmp/journey/$(basename "$journey")"
  journey_run=("$tmp/journey/$(basename "$journey")")
  [ -n "${JOURNEY_ENV:-}" ] && journey_run+=(--env "$JOURNEY_ENV")
  if ! cmp -s "$journey" "${journey_run[0]}"; then
    differs "zapline load runs $journey with its requests' host:port made 127.0.0.1:$port"
  fi
  return 0
}

# loader_cmd LOADER RUNDIR: sets cmd to the measured command line of LOADER, its files under RUNDIR.
loader_cmd() {
  local loader="$1" dir="$2" overrides
  case "$loader" in
    zapline)
      cmd=("${launcher[@]}" load "${journey_run[@]}" --data "$users" --rate "$rate" -c "$connections" -d "${duration}s"
        --warmup 0s --json "$dir/zapline.json" --quiet)
      ;;
    zapline-url)
      cmd=("${launcher[@]}" load "$base/accounts/$url_account" -H "Authorization: Bearer $url_token"
        --rate $((3 * rate)) -c "$connections" -d "${duration}s" --warmup 0s --json "$dir/zapline.json" --quiet)
      ;;
    gatling)
      cmd=("${gatling_java[@]}" -cp "$gatling_dir/target/test-classes:$(cat "$gatling_dir/target/classpath.txt")"
        -Dbase="$base" -Drate="$rate" -Dduration="$duration" -Dusers="$users" -Dconnections="$connections"
        io.gatling.app.Gatling --simulation dev.zapline.bench.gatling.ShopSimulation --results-folder "$dir/gatling"
        --no-reports --launcher maven --build-tool-version 4.21.7)
      ;;
    artillery)
      overrides="$(python3 -c 'import json, sys
r, d, c, u = sys.argv[1:]
print(json.dumps({"config": {"phases": [{"duration": int(d), "arrivalRate": float(r)}], "http": {"pool": int(c)},
  "payload": [{"path": u, "fields": ["user", "password"], "skipHeader": True, "cast": False, "order": "sequence"}]}}))
' "$rate" "$duration" "$connections" "$users")"
      cmd=(env ARTILLERY_DISABLE_TELEMETRY=true "$artillery_bin" run --quiet --target "$base"
        --overrides "$overrides" --output "$dir/artillery.json" bench/artillery/shop.yml)
      ;;
  esac
}

# report LOADER RUNDIR: the tool's own figures (journey_stats.py's lines) into RUNDIR/stats.
report() {
  local loader="$1" dir="$2" g
  case "$loader" in
    zapline | zapline-url) "${stats[@]}" zapline "$dir/zapline.json" >"$dir/stats" ;;
    gatling)
      g="$(find "$dir/gatling" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | head -n1)"
      if [ -n "$g" ] && "${gatling_java[@]}" -cp "$gatling_dir/target/test-classes:$(cat \
        "$gatling_dir/target/classpath.txt")" io.gatling.app.Gatling --reports-only "$(basename "$g")" \
        --results-folder "$dir/gatling" >"$dir/reports.log" 2>&1; then
        "${stats[@]}" gatling "$g" >"$dir/stats"
      else
        echo "- -" >"$dir/stats"
      fi
      ;;
    artillery) "${stats[@]}" artillery "$dir/artillery.json" >"$dir/stats" ;;
  esac
}

# run_one LOADER: one measured run; appends to $tmp/results:
# loader round requests failed server cpu_s us_per_req steady_us rss_mb rps_core steady_rps_core elapsed_s
# and the latency lines (loader round step kind p50_ms p99_ms) to $tmp/latency.
run_one() {
  local loader="$1" dir="$tmp/run-$1-$round" tf pid child l0="" l1="" s0="" s1="" before after cmd=()
  local requests failed i
  mkdir -p "$dir"
  tf="$dir/time"
  loader_cmd "$loader" "$dir"
  before="$(served)"
  spawn loader "$dir/out" timeout -k 5 "$limit" "$gnu_time" -v -o "$tf" "${cmd[@]}"
  pid="$last_pid"
  # The steady window: from 4 s after the server saw the tool's first request (5 s after the start when its count
  # cannot be read) to 2 s before the tool's DURATION is over. The JVMs and node take a few seconds to start, each
  # a different number, so the window is set from the first request rather than from the process start.
  if [ -n "$before" ]; then
    for ((i = 0; i < 300; i++)); do
      s0="$(served)"
      [ "${s0:-0}" -gt "$before" ] && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    sleep 4
  else
    sleep 5
  fi
  # timeout -> GNU time -> the tool (env and the launcher exec, so it keeps that pid: java or node)
  child=""
  i="$(pgrep -P "$pid" | head -n1 || true)"
  [ -n "$i" ] && child="$(pgrep -P "$i" | head -n1 || true)"
  if [ -n "$child" ]; then
    l0="$(ticks "$child")" s0="$(served)"
    sleep $((duration - 6))
    l1="$(ticks "$child")" s1="$(served)"
  fi
  wait "$pid" || echo "$bench_name: $loader exited with status $? (round $round); its output: $dir/out" >&2
  forget "$pid"
  after="$(served)"
  report "$loader" "$dir"
  read -r requests failed <"$dir/stats" || true
  awk -v l="$loader" -v round="$round" 'NR > 1 { print l, round, $0 }' "$dir/stats" >>"$tmp/latency"
  awk -v l="$loader" -v round="$round" -v n="${requests:--}" -v f="${failed:--}" -v b="${before:-}" \
    -v e="${after:-}" -v l0="$l0" -v l1="$l1" -v s0="$s0" -v s1="$s1" -v hz="$hz" '
    /User time/ { u = $NF } /System time/ { s = $NF } /Maximum resident/ { rss = $NF }
    /Elapsed \(wall clock\)/ { k = split($NF, p, ":"); el = 0; for (i = 1; i <= k; i++) el = el * 60 + p[i] }
    END {
      cpu = u + s
      srv = (b != "" && e != "") ? e - b : "-"
      steady = "-"; srps = "-"
      if (l0 != "" && l1 != "" && s0 != "" && s1 != "" && s1 > s0 && l1 > l0) {
        steady = sprintf("%.2f", (l1 - l0) / hz * 1e6 / (s1 - s0))
        srps = sprintf("%.0f", (s1 - s0) / ((l1 - l0) / hz))
      }
      per = (n ~ /^[0-9]+$/ && n > 0) ? sprintf("%.2f", cpu * 1e6 / n) : "-"
      rps = (n ~ /^[0-9]+$/ && cpu > 0) ? sprintf("%.0f", n / cpu) : "-"
      printf "%s %s %s %s %s %.2f %s %s %.1f %s %s %.1f\n", l, round, n, f, srv, cpu, per, steady, rss / 1024,
        rps, srps, el
    }' "$tf" >>"$tmp/results"
}

load_before="$(loadavg)"
echo "load average before: $load_before" >&2
: >"$tmp/results"
: >"$tmp/latency"
start_server zapline "$port" "${server_java[@]}" -jar "$ZAPLINE_JAR" serve --http "127.0.0.1:$port" \
  --event-loops 1 --grace 1 --metrics "127.0.0.1:$mport"
first_user="$(awk -F, 'NR == 2 { print $1; exit }' "$users")"
first_password="$(awk -F, 'NR == 2 { print $2; exit }' "$users")"
login_body="$(curl -s --max-time 5 -w '\n%{http_code}' -H 'Content-Type: application/json' \
  -d "{\"user\":\"$first_user\",\"password\":\"$first_password\"}" "$base/login" || true)"
login="$(tail -n1 <<<"$login_body")"
url_token="$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["token"])' "$(head -n1 <<<"$login_body")" \
  2>/dev/null || true)"
url_account="$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["account"])' \
  "$(head -n1 <<<"$login_body")" 2>/dev/null || true)"
[ "$login" = 200 ] || die "POST /login as $first_user answered ${login:-nothing}, not 200: this zapline serve has" \
  "no shop API, or USERS does not hold its users"
[ -n "$(served)" ] || echo "$bench_name: the server's metrics cannot be read; no server count" >&2
if [[ " ${loaders[*]} " == *" zapline "* ]]; then
  prepare_journey
  "${launcher[@]}" load "${journey_run[@]}" --data "$users" --rate 10 -c 2 -d 2s --quiet >"$tmp/prime.out" 2>&1 \
    || { cat "$tmp/prime.out" >&2; die "zapline load $journey failed against the server"; }
fi
for ((round = 1; round <= rounds; round++)); do
  for loader in $(rotated "$round" "${loaders[@]}"); do
    run_one "$loader"
    tail -n1 "$tmp/results" >&2
  done
done
stop_pid "$server_pid"

# med LOADER FIELD: the median of a column over the rounds ("-" entries left out); spread: "min-max".
med() { awk -v l="$1" -v f="$2" '$1 == l && $f != "-" { print $f }' "$tmp/results" | median; }
spread() {
  awk -v l="$1" -v f="$2" '$1 == l && $f != "-" { if (n++ == 0 || $f < lo) lo = $f; if (n == 1 || $f > hi) hi = $f }
    END { if (n) printf "%s-%s", lo, hi; else print "-" }' "$tmp/results"
}
fmt() { awk -v x="${1:-}" -v f="$2" 'BEGIN { if (x == "") print "-"; else printf f, x }'; }
cell() { echo "$(fmt "$(med "$1" "$2")" "$3") ($(spread "$1" "$2"))"; }

# leads FIELD NAME low|high: a line when zapline's median is not the best of the loaders on that figure.
leads() {
  local best="" bl="" v l z
  z="$(med zapline "$1")"
  [ -n "$z" ] || return 0
  for l in "${loaders[@]}"; do
    [ "$l" = zapline-url ] && continue
    v="$(med "$l" "$1")"
    [ -n "$v" ] || continue
    if [ -z "$best" ] || awk -v a="$v" -v b="$best" -v d="$3" 'BEGIN { exit !(d == "low" ? a < b : a > b) }'; then
      best="$v" bl="$l"
    fi
  done
  if [ "$bl" != zapline ]; then
    echo "- zapline does not lead on $2: $bl $best, zapline $z (medians)."
  fi
}

kinds() {
  case "$1" in
    corrected) echo "corrected: from the intended send (open-model schedule) to the response" ;;
    service) echo "service: from the actual send to the response" ;;
    sent) echo "from the actual send to the last byte (Gatling, whole ms)" ;;
    first-byte) echo "from the actual send to the first byte (Artillery's http.response_time)" ;;
    *) echo "$1" ;;
  esac
}

{
  echo "# Journeys side by side, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "The demo shop journey (login, account, order: 3 requests) at $rate journeys/s for $duration s per run," \
    "$rounds round(s) in rotating order, at most $connections connections per loader; server \`zapline serve\`" \
    "(1 event loop) $(where "$server_cpu"), loaders $(where "$load_cpu"). CPU: user + system of the whole process" \
    "(start-up included) per request the tool counted; steady: from 4 s after the server saw the tool's first" \
    "request to 2 s before its $duration s are over, per request the server answered in that window. Requests" \
    "per loader core: requests / loader CPU seconds. RSS: GNU time's maximum resident set size. Server count:" \
    "zapline_server_requests_total over the run."
  echo "$(machine). Load average before: $load_before, after: $(loadavg)."
  echo
  echo "| loader | requests (tool) | failed | server count | CPU s | CPU us/req | steady us/req |" \
    "req/s per loader core | steady req/s per core | peak RSS MB |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for l in "${loaders[@]}"; do
    echo "| $l | $(cell "$l" 3 %.0f) | $(cell "$l" 4 %.0f) | $(cell "$l" 5 %.0f) | $(cell "$l" 6 %.2f) |" \
      "$(cell "$l" 7 %.2f) | $(cell "$l" 8 %.2f) | $(cell "$l" 10 %.0f) | $(cell "$l" 11 %.0f) |" \
      "$(cell "$l" 9 %.1f) |"
  done
  echo
  echo "Medians over the rounds, (min-max) beside them."
  echo
  behind="$(leads 7 "CPU per request" low; leads 8 "steady CPU per request" low
    leads 10 "requests per loader core" high; leads 11 "steady requests per loader core" high
    leads 9 "peak RSS" low)"
  if [[ " ${loaders[*]} " != *" zapline "* ]]; then
    echo "- zapline did not run, so nothing is compared with it."
  elif [ -n "$behind" ]; then
    echo "$behind"
  else
    echo "- zapline leads on every cost figure (CPU per request, requests per loader core, peak RSS; medians)."
  fi
  if [[ " ${loaders[*]} " == *" zapline-url "* && " ${loaders[*]} " == *" zapline "* ]]; then
    echo
    echo "- Journeys' own cost: zapline's steady CPU per request running the journey is" \
      "$(awk -v a="$(med zapline 8)" -v b="$(med zapline-url 8)" 'BEGIN { if (a == "" || b == "" || b == 0)
        print "-"; else printf "%.2f", a / b }')x the single-URL loader's at the same request rate" \
      "(medians; per round: $(awk '$1 == "zapline" { z[$2] = $8 } $1 == "zapline-url" { u[$2] = $8 }
        END { for (r in z) if (r in u && u[r] > 0) { printf "%s%.2f", sep, z[r] / u[r]; sep = ", " } }' \
        "$tmp/results"))."
  fi
  echo
  echo "Latency as each tool reports it (median of the rounds' p50 and p99, ms; not comparable across kinds):"
  echo
  echo "| loader | step | what it measures | p50 ms | p99 ms | p99 per round |"
  echo "|---|---|---|---:|---:|---|"
  awk '{ print $1, $3, $4 }' "$tmp/latency" | awk '!seen[$0]++' | while read -r l step kind; do
    p50="$(awk -v l="$l" -v s="$step" -v k="$kind" '$1 == l && $3 == s && $4 == k && $5 != "-" { print $5 }' \
      "$tmp/latency" | median)"
    p99="$(awk -v l="$l" -v s="$step" -v k="$kind" '$1 == l && $3 == s && $4 == k && $6 != "-" { print $6 }' \
      "$tmp/latency" | median)"
    per="$(awk -v l="$l" -v s="$step" -v k="$kind" '$1 == l && $3 == s && $4 == k { printf "%s%s", sep, $6
      sep = ", " }' "$tmp/latency")"
    echo "| $l | $step | $(kinds "$kind") | $(fmt "$p50" %.3f) | $(fmt "$p99" %.3f) | $per |"
  done
  echo
  echo "Every run (loader round requests failed server-count cpu-s us/req steady-us/req rss-MB req/s-per-core" \
    "steady-req/s-per-core elapsed-s):"
  echo
  echo '```'
  cat "$tmp/results"
  echo '```'
} | tee "$out"
