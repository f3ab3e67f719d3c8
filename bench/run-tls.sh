#!/usr/bin/env bash
# What TLS costs (issue 14, section "Benchmarks"): steady-state throughput over TLS against plaintext on the same
# server, with each key-exchange group, and the full TLS handshake as the thing measured. One command:
#   bench/run-tls.sh                                   # 3 rounds x 5 s, every set: about 9 minutes (printed at start)
#   ROUNDS=1 DURATION=2 DEPTHS=1 bench/run-tls.sh      # a quick look, about 1 minute
#   SETS=handshakes bench/run-tls.sh                   # one set only (SETS lists the sets to run)
# Servers, both on the server's core (bench/lib.sh), both up for the whole run, so each round can rotate through all
# the runs it compares:
#   zapline  `zapline serve --event-loops 1` with four listeners: --http PORT, --zap PORT+1, --https PORT+2,
#            --zaps PORT+3; default groups (X25519MLKEM768 then X25519), so the loader's --tls-groups decides the
#            group; the certificate below.
#   nginx    (set "nginx", when installed) 1 worker, bench/lib.sh's configuration with `listen PORT+4 ssl`,
#            ssl_protocols TLSv1.3, the same certificate, return 200 "ok", access log off. Its OpenSSL (Debian's 3.0)
#            has no hybrid group: its rows are X25519 only, and the output says so.
# The certificate: made here with the openssl CLI in the temporary directory, for localhost and 127.0.0.1, EC P-256
# (CERT_KEY=ec, as `zapline serve --self-signed` makes) or RSA 2048 (CERT_KEY=rsa); the same one for both servers,
# since the server's signature is a large part of a full handshake's cost.
# The loader: `zapline load` on the loader's core, one event loop (--threads 1), closed model (-c CONNECTIONS
# --pipeline D: every connection kept D requests deep), --warmup ZAPLINE_WARMUP inside each run (excluded from its
# figures), --json read for the results. VERIFY=insecure (default: --insecure, the loader skips certificate checks,
# client-side work that is not what is measured and would make the loader the bottleneck sooner in the handshake
# set) or VERIFY=cacert (--cacert with the certificate: the chain and the host are verified).
# Sets (SETS, default "steady handshakes nginx h2load"):
#   steady      keep-alive, GET /health at each depth in DEPTHS: HTTPS and ZAPS with --tls-groups X25519 and with
#               X25519MLKEM768, plain HTTP and ZAP on the same server.
#   handshakes  --reconnect-every 1 (a new connection, so a TLS handshake, per request; -c HS_CONNECTIONS, depth 1)
#               over HTTPS with X25519 and X25519MLKEM768, each with --no-resumption (full handshakes) and with
#               resumption (session tickets).
#   nginx       nginx: steady HTTPS X25519 at each depth, and full X25519 handshakes (--reconnect-every 1
#               --no-resumption).
#   h2load      (when installed) a second, independent loader as a cross-check of the full-handshake rate, against
#               zapline and nginx (when installed): `h2load --h1 -t1 -c N -n N` (N = H2LOAD_CONNECTIONS, default
#               256, under zapline serve's 512 concurrent handshakes), one request and so one full handshake per
#               connection, repeated for DURATION s; its TLS is OpenSSL 3.0, X25519, no resumption. Its own table:
#               handshakes/s, server and h2load CPU, server µs/hs, and the ratios zapline / nginx and zapline load /
#               h2load. Each batch opens its connections at once and ends with a tail, so its rate runs a little
#               low.
# Each round runs every run of a comparison (a depth of the steady set, nginx's included; the handshake set) in an
# order rotated by one from the previous round's, so slow drift of a shared machine reaches every run alike.
# Per run, over its steady part (from the loader's warm-up + 1.5 s, for DURATION - 1 s), the CPU time of the server
# (for nginx its master and worker) and of the loader, from /proc/PID/stat.
# Columns:
#   per round        each round's req/s (handshakes/s in the handshake set), in run order; median: their median
#   server, loader   CPU, % of one core over the steady part (median over the rounds)
#   µs/req, µs/hs    server CPU per response (per handshake in the handshake set: there is one per response) =
#                    server CPU % / 100 / rate, in µs; median over the rounds
#   hs p50, hs p99   handshake time (TCP connection established to handshake done), loader's JSON summary.tls
#                    (its warm-up included), median over the rounds, ms
#   resumed          % of the handshakes that resumed a session (summary.tls.resumed / handshakes)
#   negotiated       the group(s) summary.tls.groups reports, so a run that fell back to another group shows it
#   errors           summary.errors less summary.unconnected, plus summary.connect.failures and
#                    summary.tls.failed, summed over the rounds (read_json says why the unconnected are left out)
#   saturated        the side at or above SATURATED % (default 95) of a core: the bottleneck of that row
# Derived lines: steady: group ratio (X25519MLKEM768 / X25519 req/s, expected about 1.0: the group is used only in
# the handshake); TLS / plaintext req/s; server µs per request, TLS and plaintext, and their difference (the cost of
# encryption per request); zapline HTTPS / nginx HTTPS req/s (target >= 1.0). Handshakes: the PQ cost
# (X25519MLKEM768 / X25519 handshakes/s and server µs per handshake, full and resumed); zapline / nginx full X25519
# handshakes/s (target >= 1.0).
# Environment:
#   ROUNDS=3 DURATION=5 (seconds per run) WARMUP=3 (seconds of load on the fresh zapline server, per listener, before
#   the rounds) ZAPLINE_WARMUP=2 (seconds, each run's own warm-up) DEPTHS="1 16" CONNECTIONS=16 HS_CONNECTIONS=16
#   SETS="steady handshakes nginx h2load" H2LOAD_CONNECTIONS=256 CERT_KEY=ec|rsa VERIFY=insecure|cacert
#   SATURATED=95 PORT=19400 (PORT..PORT+4) OUT=bench/target/run-tls.md; SERVER_CPU= LOAD_CPU= JAVA= JAVA_OPTS=
#   ZAPLINE_JAVA_OPTS=: bench/lib.sh.
# Needs openssl and python3 (the JSON); nginx and h2load for their sets (else skipped, with a line saying so).
# Loopback only; every run is bounded by DURATION; everything started here stops on exit, error or Ctrl-C.
set -euo pipefail
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init

rounds="${ROUNDS:-3}"
duration="${DURATION:-5}"
warmup="${WARMUP:-3}"
zwarmup="${ZAPLINE_WARMUP:-2}"
connections="${CONNECTIONS:-16}"
hs_connections="${HS_CONNECTIONS:-16}"
saturated="${SATURATED:-95}"
port="${PORT:-19400}"
out="${OUT:-bench/target/run-tls.md}"
cert_key="${CERT_KEY:-ec}"
verify="${VERIFY:-insecure}"
read -ra depths <<<"${DEPTHS:-1 16}"
read -ra sets_asked <<<"${SETS:-steady handshakes nginx h2load}"
p_http="$port" p_zap=$((port + 1)) p_https=$((port + 2)) p_zaps=$((port + 3)) p_nginx=$((port + 4))
for n in "$rounds" "$duration" "$warmup" "$zwarmup" "$connections" "$hs_connections" "$port" "${depths[@]}"; do
  [[ "$n" =~ ^[0-9]+$ ]] || die "ROUNDS, DURATION, WARMUP, ZAPLINE_WARMUP, CONNECTIONS, HS_CONNECTIONS, PORT and" \
    "DEPTHS take whole numbers; got '$n'"
done
if [ "$rounds" -lt 1 ] || [ "$duration" -lt 1 ]; then die "ROUNDS and DURATION: at least 1"; fi
case "$cert_key" in ec | rsa) ;; *) die "CERT_KEY=$cert_key: ec or rsa" ;; esac
case "$verify" in insecure | cacert) ;; *) die "VERIFY=$verify: insecure or cacert" ;; esac
need openssl python3
need_jars "$ZAPLINE_JAR"
sets=()
for s in "${sets_asked[@]}"; do
  case "$s" in
    steady | handshakes) sets+=("$s") ;;
    nginx) if have nginx; then sets+=("$s"); else echo "$bench_name: nginx is not installed; the nginx set skipped" >&2; fi ;;
    h2load) if have h2load; then sets+=("$s"); else echo "$bench_name: h2load is not installed; that set skipped" >&2; fi ;;
    *) die "unknown set '$s' (steady, handshakes, nginx, h2load)" ;;
  esac
done
[ "${#sets[@]}" -gt 0 ] || die "no set to run"
has_set() { [[ " ${sets[*]} " == *" $1 "* ]]; }

# The runs, by comparison group: one group per steady depth (zapline's six, nginx's one when that set runs), one for
# the handshakes (zapline's four, nginx's one). A run is KIND:NAME:DEPTH (KIND steady or hs).
steady_names=(https-x25519 https-mlkem zaps-x25519 zaps-mlkem http zap)
hs_names=(zapline-x25519-full zapline-x25519-resumed zapline-mlkem-full zapline-mlkem-resumed)
groups=()
for depth in "${depths[@]}"; do
  g=""
  if has_set steady; then
    for nm in "${steady_names[@]}"; do g+="steady:$nm:$depth "; done
  fi
  has_set nginx && g+="steady:nginx-https-x25519:$depth "
  [ -n "$g" ] && groups+=("$g")
done
g=""
if has_set handshakes; then
  for nm in "${hs_names[@]}"; do g+="hs:$nm:1 "; done
fi
has_set nginx && g+="hs:nginx-x25519-full:1 "
if has_set h2load; then
  g+="h2:h2load-zapline:1 "
  if have nginx; then g+="h2:h2load-nginx:1 "; fi
fi
[ -n "$g" ] && groups+=("$g")
runs_per_round=0
for g in "${groups[@]}"; do
  read -ra items <<<"$g"
  runs_per_round=$((runs_per_round + ${#items[@]}))
done
need_zapline=""
if has_set steady || has_set handshakes || has_set h2load; then need_zapline=1; fi
need_nginx=""
if has_set nginx || { has_set h2load && have nginx; }; then need_nginx=1; fi
h2_connections="${H2LOAD_CONNECTIONS:-256}"
if ! [[ "$h2_connections" =~ ^[0-9]+$ ]] || [ "$h2_connections" -lt 1 ]; then
  die "H2LOAD_CONNECTIONS: a whole number >= 1"
fi

# About 1.5 s per run for the loader JVM's start and exit, on top of its warm-up and DURATION.
estimate="$(awk -v n="$runs_per_round" -v r="$rounds" -v d="$duration" -v zw="$zwarmup" -v w="$warmup" \
  -v z="$need_zapline" 'BEGIN { s = n * r * (d + zw + 1.5) + (z ? 5 * (w + 1.5) + 5 : 0) + 5
    printf "%d runs (%d a round x %d rounds) of %d s + %d s warm-up each: about %.0f min %02.0f s", n * r, n, r, d,
      zw, int(s / 60), s % 60 }')"
echo "$bench_name: $estimate" >&2

# The certificate, for both servers.
cert="$tmp/cert.pem" key="$tmp/key.pem"
if [ "$cert_key" = rsa ]; then newkey=(-newkey rsa:2048); else newkey=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1); fi
openssl req -x509 "${newkey[@]}" -nodes -keyout "$key" -out "$cert" -days 2 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" >"$tmp/openssl.log" 2>&1 \
  || { cat "$tmp/openssl.log" >&2; die "openssl could not make the certificate"; }
if [ "$verify" = cacert ]; then verify_flags=(--cacert "$cert"); else verify_flags=(--insecure); fi

# tree_ticks PID: the same for PID and its children (nginx: the master and its worker); empty when PID has gone.
tree_ticks() {
  local p t sum=0 any=""
  for p in "$1" $(pgrep -P "$1" 2>/dev/null || true); do
    t="$(ticks "$p")"
    if [ -n "$t" ]; then
      sum=$((sum + t))
      any=1
    fi
  done
  if [ -n "$any" ]; then echo "$sum"; fi
}

# nginx with TLS on PORT+4: bench/lib.sh's configuration, its listen line made a TLS one.
start_nginx() {
  local dir="$tmp/nginx-$p_nginx"
  nginx_conf "$p_nginx" "$dir"
  sed -i "s|^    listen 127.0.0.1:$p_nginx;|    listen 127.0.0.1:$p_nginx ssl;\n    ssl_certificate $cert;\n    ssl_certificate_key $key;\n    ssl_protocols TLSv1.3;|" \
    "$dir/nginx.conf"
  grep -q "ssl_protocols TLSv1.3;" "$dir/nginx.conf" || die "could not make nginx's configuration a TLS one"
  start_server nginx "$p_nginx" nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log"
  nginx_pid="$server_pid"
}

start_zapline() {
  local p
  start_server zapline "$p_http" "${server_java[@]}" -jar "$ZAPLINE_JAR" serve --http "127.0.0.1:$p_http" \
    --zap "127.0.0.1:$p_zap" --https "127.0.0.1:$p_https" --zaps "127.0.0.1:$p_zaps" --cert "$cert" --key "$key" \
    --event-loops 1 --grace 1
  for p in "$p_zap" "$p_https" "$p_zaps"; do
    wait_port zapline "$p" "$server_pid" "$server_log"
  done
  zapline_pid="$server_pid"
  zapline_log="$server_log"
}

# read_json FILE: prints "rate errors handshakes resumed hs_p50_us hs_p99_us groups failed unconnected" from a
# zapline load --json file ("-" for what a plaintext run has not; groups comma-separated); nothing when it cannot be
# read. errors leaves out the unconnected requests (summary.unconnected) and adds the failed connection attempts
# (summary.connect.failures): in the closed model with --reconnect-every, the users still waiting for a connection
# when the run ends are counted as "connect" errors with no connection open, though nothing failed (up to one a
# connection at the end of every run); a connection that really failed shows in connect.failures or tls.failed.
read_json() {
  python3 - "$1" 2>/dev/null <<'PY' || true
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
t = s.get("tls") or {}
h = t.get("handshake") or {}
groups = ",".join(k.replace(" ", "_") for k in (t.get("groups") or {})) or "-"
def us(k):
    return "%d" % h[k] if k in h and h.get("count", 0) > 0 else "-"
un = s.get("unconnected", 0)
errs = max(0, s["errors"] - un) + (s.get("connect") or {}).get("failures", 0)
print("%.2f %d %s %s %s %s %s %d %d" % (s["rate_achieved"], errs, t.get("handshakes", "-"),
    t.get("resumed", "-"), us("p50_us"), us("p99_us"), groups, t.get("failed", 0), un))
PY
}

# loader_cmd NAME DEPTH: sets cmd to the loader's arguments after `zapline load` for that run (without duration,
# warm-up and output), srv_pid to the server it loads.
loader_cmd() {
  local nm="$1" depth="$2"
  srv_pid="${zapline_pid:-}"
  case "$nm" in
    http) cmd=("http://127.0.0.1:$p_http/health") ;;
    zap) cmd=("zap://127.0.0.1:$p_zap/health") ;;
    https-x25519) cmd=("https://127.0.0.1:$p_https/health" --tls-groups X25519) ;;
    https-mlkem) cmd=("https://127.0.0.1:$p_https/health" --tls-groups X25519MLKEM768) ;;
    zaps-x25519) cmd=("zaps://127.0.0.1:$p_zaps/health" --tls-groups X25519) ;;
    zaps-mlkem) cmd=("zaps://127.0.0.1:$p_zaps/health" --tls-groups X25519MLKEM768) ;;
    nginx-https-x25519) cmd=("https://127.0.0.1:$p_nginx/health" --tls-groups X25519) srv_pid="$nginx_pid" ;;
    zapline-x25519-*) cmd=("https://127.0.0.1:$p_https/health" --tls-groups X25519) ;;
    zapline-mlkem-*) cmd=("https://127.0.0.1:$p_https/health" --tls-groups X25519MLKEM768) ;;
    nginx-x25519-full) cmd=("https://127.0.0.1:$p_nginx/health" --tls-groups X25519) srv_pid="$nginx_pid" ;;
    *) die "unknown run '$nm'" ;;
  esac
  case "$nm" in
    http | zap) ;;
    *) cmd+=("${verify_flags[@]}") ;;
  esac
  case "$nm" in
    zapline-* | nginx-x25519-*)
      cmd+=(--reconnect-every 1 -c "$hs_connections" --pipeline 1)
      [[ "$nm" == *-full ]] && cmd+=(--no-resumption)
      ;;
    *) cmd+=(-c "$connections" --pipeline "$depth") ;;
  esac
  cmd+=(--threads 1)
}

# run_one KIND NAME DEPTH ROUND: one measured run; appends to $tmp/results the line
# kind name depth round rate server% loader% server-us-per-response hs_p50_us hs_p99_us resumed% groups errors
# unconnected
run_one() {
  local kind="$1" nm="$2" depth="$3" round="$4" o="$tmp/loader.out" j="$tmp/z.json" pid s0 l0 t0 s1 l1 t1 win lead
  local srv ld rate errs hs resumed p50 p99 grp failed unconn us rpct
  loader_cmd "$nm" "$depth"
  rm -f "$j"
  lead="$(awk -v w="$zwarmup" 'BEGIN { print w + 1.5 }')" # the JVM's start and the loader's warm-up
  win=$((duration > 2 ? duration - 1 : 1))
  spawn loader "$o" "${loader_java[@]}" -jar "$ZAPLINE_JAR" load "${cmd[@]}" -d "${duration}s" --warmup "${zwarmup}s" \
    --quiet --json "$j"
  pid="$last_pid"
  sleep "$lead"
  s0="$(tree_ticks "$srv_pid")" l0="$(ticks "$pid")" t0="$(date +%s%N)"
  sleep "$win"
  s1="$(tree_ticks "$srv_pid")" l1="$(ticks "$pid")" t1="$(date +%s%N)"
  wait "$pid" || true
  forget "$pid"
  srv="$(share "$s0" "$s1" "$t0" "$t1")"
  ld="$(share "$l0" "$l1" "$t0" "$t1")"
  read -r rate errs hs resumed p50 p99 grp failed unconn < <(read_json "$j"; echo) || true
  if [ -z "${rate:-}" ]; then
    echo "$bench_name: $kind $nm depth $depth round $round: no JSON summary from zapline load; its output:" >&2
    sed 's/^/  /' "$o" >&2
    rate=0 errs=1 hs=- resumed=- p50=- p99=- grp=- failed=0 unconn=0
  fi
  us="$(awk -v c="$srv" -v r="$rate" 'BEGIN { if (c != "-" && r > 0) printf "%.2f", c / 100 * 1e6 / r; else print "-" }')"
  rpct="$(awk -v h="$hs" -v r="$resumed" 'BEGIN { if (h != "-" && h > 0) printf "%.0f", 100 * r / h; else print "-" }')"
  echo "$kind $nm $depth $round $rate $srv $ld $us $p50 $p99 $rpct $grp $((errs + failed)) $unconn" >>"$tmp/results"
  if [ "$((errs + failed))" -gt 0 ]; then
    echo "$bench_name: $nm depth $depth round $round: $errs errors, $failed failed handshakes; the loader said:" >&2
    sed 's/^/  /' "$o" | tail -n 20 >&2
  fi
}

# run_h2 NAME ROUND: the handshake rate by h2load (OpenSSL 3.0, X25519 first, no resumption across its clients):
# `h2load --h1 -t1 -c N -n N` (N = H2LOAD_CONNECTIONS: N connections, one request and so one full handshake each),
# again and again for DURATION seconds; the rate is the requests that succeeded over the wall time, the CPU the
# server's and h2load's (this shell's waited-for children, /proc/$$/stat) over the same time. Appends a results
# line as run_one does (no handshake percentiles: h2load has none).
run_h2() {
  local nm="$1" round="$2" o="$tmp/h2load.out" url pid s0 s1 c0 c1 t0 t1 end ok=0 bad=0 n f grp srv ld rate us
  case "$nm" in
    h2load-zapline) url="https://127.0.0.1:$p_https/health" pid="$zapline_pid" ;;
    h2load-nginx) url="https://127.0.0.1:$p_nginx/health" pid="$nginx_pid" ;;
    *) die "unknown run '$nm'" ;;
  esac
  s0="$(tree_ticks "$pid")" c0="$(awk '{ print $16 + $17 }' "/proc/$$/stat")" t0="$(date +%s%N)"
  end=$((t0 + duration * 1000000000))
  grp=-
  while [ "$(date +%s%N)" -lt "$end" ]; do
    run_fg loader "$o" h2load --h1 -t1 -c "$h2_connections" -n "$h2_connections" "$url" || true
    read -r n f < <(awk '/^requests:/ { print $8, $10 + $12 + $14 }' "$o"; echo) || true
    ok=$((ok + ${n:-0}))
    bad=$((bad + ${f:-1}))
    if [ "$grp" = - ]; then
      grp="$(awk '/^Server Temp Key:/ { print $4 }' "$o")"
      grp="${grp:--}"
    fi
  done
  s1="$(tree_ticks "$pid")" c1="$(awk '{ print $16 + $17 }' "/proc/$$/stat")" t1="$(date +%s%N)"
  if [ "$ok" = 0 ]; then
    echo "$bench_name: $nm round $round: no request succeeded; h2load said:" >&2
    sed 's/^/  /' "$o" | tail -n 20 >&2
  fi
  srv="$(share "$s0" "$s1" "$t0" "$t1")"
  ld="$(share "$c0" "$c1" "$t0" "$t1")"
  rate="$(awk -v n="$ok" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%.2f", n / ((t1 - t0) / 1e9) }')"
  us="$(awk -v c="$srv" -v r="$rate" 'BEGIN { if (c != "-" && r > 0) printf "%.2f", c / 100 * 1e6 / r; else print "-" }')"
  echo "h2 $nm 1 $round $rate $srv $ld $us - - 0 $grp $bad 0" >>"$tmp/results"
}

# warm NAME SECONDS LOADER_ARGS...: an unmeasured run against the fresh server (the JIT compiles its paths);
# exits when it fails or reports errors. Its stderr is kept: it has the loader's TLS line.
warm() {
  local nm="$1" secs="$2" r
  shift 2
  rm -f "$tmp/warm.json"
  if ! run_fg loader "$tmp/warm-$nm.out" "${loader_java[@]}" -jar "$ZAPLINE_JAR" load "$@" --threads 1 \
    -d "${secs}s" --warmup 0s --json "$tmp/warm.json"; then
    cat "$tmp/warm-$nm.out" >&2
    die "warm-up $nm: zapline load failed"
  fi
  read -r r < <(read_json "$tmp/warm.json" | awk '{ print $2 + $8 }'; echo) || true
  if [ "${r:-1}" != 0 ]; then
    tail -n 30 "$tmp/warm-$nm.out" >&2
    die "warm-up $nm: errors or failed handshakes (above); the server's log: $server_log"
  fi
}

load_before="$(loadavg)"
echo "load average before: $load_before" >&2
: >"$tmp/results"
if [ -n "$need_zapline" ]; then
  start_zapline
  ws=$((warmup > 0 ? warmup : 1))
  warm http "$ws" "http://127.0.0.1:$p_http/health" -c "$connections" --pipeline 16
  warm zap "$ws" "zap://127.0.0.1:$p_zap/health" -c "$connections" --pipeline 16
  warm https "$ws" "https://127.0.0.1:$p_https/health" "${verify_flags[@]}" -c "$connections" --pipeline 16
  warm zaps "$ws" "zaps://127.0.0.1:$p_zaps/health" "${verify_flags[@]}" -c "$connections" --pipeline 16
  if has_set handshakes || has_set h2load; then
    warm https-reconnect "$ws" "https://127.0.0.1:$p_https/health" "${verify_flags[@]}" -c "$hs_connections" \
      --reconnect-every 1
  fi
fi
if [ -n "$need_nginx" ]; then
  start_nginx
  warm nginx 1 "https://127.0.0.1:$p_nginx/health" "${verify_flags[@]}" -c 2 --tls-groups X25519
fi

for ((r = 1; r <= rounds; r++)); do
  for g in "${groups[@]}"; do
    read -ra items <<<"$g"
    for run in $(rotated "$r" "${items[@]}"); do
      IFS=: read -r kind nm depth <<<"$run"
      if [ "$kind" = h2 ]; then run_h2 "$nm" "$r"; else run_one "$kind" "$nm" "$depth" "$r"; fi
      tail -n1 "$tmp/results" >&2
    done
  done
done
# The servers' own TLS counts (printed when they stop).
if [ -n "${zapline_pid:-}" ]; then stop_pid "$zapline_pid"; fi
if [ -n "${nginx_pid:-}" ]; then stop_pid "$nginx_pid"; fi

# med KIND NAME DEPTH FIELD: the median of a results column over the rounds ("-" left out).
# Fields: 5 rate, 6 server %, 7 loader %, 8 server us/response, 9 hs p50 us, 10 hs p99 us, 11 resumed %.
med() {
  awk -v k="$1" -v n="$2" -v d="$3" -v f="$4" '$1 == k && $2 == n && $3 == d && $f != "-" { print $f }' \
    "$tmp/results" | median
}
per_round() {
  awk -v k="$1" -v n="$2" -v d="$3" '$1 == k && $2 == n && $3 == d { printf "%s%.0f", sep, $5; sep = ", " }' \
    "$tmp/results"
}
# distinct KIND NAME DEPTH FIELD: the values a column took (groups), "/"-separated
distinct() {
  awk -v k="$1" -v n="$2" -v d="$3" -v f="$4" '$1 == k && $2 == n && $3 == d && !seen[$f]++ {
    printf "%s%s", sep, $f; sep = " / " }' "$tmp/results"
}
errsum() { awk -v k="$1" -v n="$2" -v d="$3" '$1 == k && $2 == n && $3 == d { e += $13 } END { print e + 0 }' \
  "$tmp/results"; }
fmt() { awk -v x="${1:-}" -v f="$2" -v s="${3:-1}" 'BEGIN { if (x == "" || x == "-") print "-"; else printf f, x / s }'; }
ratio() { awk -v a="${1:-}" -v b="${2:-}" 'BEGIN { if (a != "" && b != "" && b > 0) printf "%.3f", a / b; else printf "-" }'; }
sat() {
  awk -v s="${1:-0}" -v l="${2:-0}" -v p="$saturated" 'BEGIN { o = ""
    if (s != "" && s >= p) o = "server"
    if (l != "" && l >= p) o = o (o == "" ? "" : "+") "loader"
    print (o == "" ? "-" : o) }'
}
describe() {
  case "$1" in
    http) echo "zapline | HTTP | -" ;;
    zap) echo "zapline | ZAP | -" ;;
    https-x25519) echo "zapline | HTTPS | X25519" ;;
    https-mlkem) echo "zapline | HTTPS | X25519MLKEM768" ;;
    zaps-x25519) echo "zapline | ZAPS | X25519" ;;
    zaps-mlkem) echo "zapline | ZAPS | X25519MLKEM768" ;;
    nginx-https-x25519) echo "nginx | HTTPS | X25519" ;;
    zapline-x25519-full) echo "zapline | X25519 | off" ;;
    zapline-x25519-resumed) echo "zapline | X25519 | on" ;;
    zapline-mlkem-full) echo "zapline | X25519MLKEM768 | off" ;;
    zapline-mlkem-resumed) echo "zapline | X25519MLKEM768 | on" ;;
    nginx-x25519-full) echo "nginx | X25519 | off" ;;
    h2load-zapline) echo "zapline" ;;
    h2load-nginx) echo "nginx" ;;
  esac
}
tls_line() { grep -m1 "$1" "$2" 2>/dev/null | sed 's/[[:space:]]*$//' || true; }

{
  echo "# TLS: steady state and handshakes, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "bench/run-tls.sh: $rounds rounds of ${duration} s runs (each after a ${zwarmup} s warm-up of its own)," \
    "each round in an order rotated by one; medians over the rounds. Server $(where "$server_cpu"), loader" \
    "$(where "$load_cpu") (zapline load, 1 event loop, closed model). Certificate: $cert_key" \
    "($([ "$cert_key" = ec ] && echo "P-256" || echo "RSA 2048"), openssl CLI), the same for both servers;" \
    "loader $([ "$verify" = cacert ] && echo "verifies it (--cacert)" || echo "does not verify it (--insecure)")."
  if [ -n "$need_zapline" ]; then
    echo "zapline serve: \`$(tls_line '^tls:' "$zapline_log")\`; loader: \`$(tls_line 'TLS by' "$tmp/warm-https.out")\`."
  fi
  if [ -n "$need_nginx" ]; then
    echo "nginx: $(nginx -v 2>&1 | sed 's/^nginx version: //'), $(nginx -V 2>&1 | grep -o 'built with OpenSSL [^ ]*' \
      || echo "OpenSSL ?"), 1 worker, TLSv1.3. Its OpenSSL 3.0 has no hybrid group (X25519MLKEM768 came in" \
      "OpenSSL 3.5): its rows are X25519 only."
  fi
  echo "CPU: % of one core over each run's steady part (nginx: master + worker); a side at or above $saturated %" \
    "was the bottleneck. µs/req, µs/hs: server CPU per response (per handshake)."
  echo "$(machine). Load average before: $load_before, after: $(loadavg)."
  if has_set steady || has_set nginx; then
    echo
    echo "## Steady state, keep-alive ($connections connections, GET /health)"
    echo
    echo "| depth | server | transport | group | req/s per round | median req/s | server CPU % | loader CPU % |" \
      "server µs/req | negotiated | errors | saturated |"
    echo "|---:|---|---|---|---|---:|---:|---:|---:|---|---:|---|"
    for depth in "${depths[@]}"; do
      for nm in "${steady_names[@]}" nginx-https-x25519; do
        [ -n "$(per_round steady "$nm" "$depth")" ] || continue
        sc="$(med steady "$nm" "$depth" 6)" lc="$(med steady "$nm" "$depth" 7)"
        echo "| $depth | $(describe "$nm") | $(per_round steady "$nm" "$depth") |" \
          "$(fmt "$(med steady "$nm" "$depth" 5)" %.0f) | $(fmt "$sc" %.0f) | $(fmt "$lc" %.0f) |" \
          "$(fmt "$(med steady "$nm" "$depth" 8)" %.2f) | $(distinct steady "$nm" "$depth" 12) |" \
          "$(errsum steady "$nm" "$depth") | $(sat "$sc" "$lc") |"
      done
    done
    echo
    for depth in "${depths[@]}"; do
      line="depth $depth:"
      if has_set steady; then
        line+=" group ratio (X25519MLKEM768 / X25519 req/s, expected ~1.0): HTTPS"
        line+=" $(ratio "$(med steady https-mlkem "$depth" 5)" "$(med steady https-x25519 "$depth" 5)"), ZAPS"
        line+=" $(ratio "$(med steady zaps-mlkem "$depth" 5)" "$(med steady zaps-x25519 "$depth" 5)");"
        line+=" TLS / plaintext req/s: HTTPS/HTTP"
        line+=" $(ratio "$(med steady https-x25519 "$depth" 5)" "$(med steady http "$depth" 5)"), ZAPS/ZAP"
        line+=" $(ratio "$(med steady zaps-x25519 "$depth" 5)" "$(med steady zap "$depth" 5)");"
        for pair in "https-x25519 http HTTPS HTTP" "zaps-x25519 zap ZAPS ZAP"; do
          read -r a b an bn <<<"$pair"
          ua="$(med steady "$a" "$depth" 8)" ub="$(med steady "$b" "$depth" 8)"
          line+=" server µs/req $an $(fmt "$ua" %.2f) vs $bn $(fmt "$ub" %.2f)"
          line+=" (encryption: $(awk -v a="${ua:-}" -v b="${ub:-}" 'BEGIN {
            if (a != "" && b != "") printf "%+.2f µs", a - b; else printf "-" }') a request);"
        done
      fi
      if has_set nginx && has_set steady; then
        line+=" zapline HTTPS / nginx HTTPS (X25519, target >= 1.0):"
        line+=" $(ratio "$(med steady https-x25519 "$depth" 5)" "$(med steady nginx-https-x25519 "$depth" 5)")"
      fi
      if [ "$line" != "depth $depth:" ]; then echo "- $line"; fi
    done
  fi
  if has_set handshakes || has_set nginx; then
    echo
    echo "## Handshakes (--reconnect-every 1: one TLS handshake per request; $hs_connections connections, HTTPS" \
      "GET /health)"
    echo
    echo "| server | group | resumption | handshakes/s per round | median handshakes/s | hs p50 ms | hs p99 ms |" \
      "resumed % | server CPU % | loader CPU % | server µs/hs | negotiated | errors | saturated |"
    echo "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|"
    for nm in "${hs_names[@]}" nginx-x25519-full; do
      [ -n "$(per_round hs "$nm" 1)" ] || continue
      sc="$(med hs "$nm" 1 6)" lc="$(med hs "$nm" 1 7)"
      echo "| $(describe "$nm") | $(per_round hs "$nm" 1) | $(fmt "$(med hs "$nm" 1 5)" %.0f) |" \
        "$(fmt "$(med hs "$nm" 1 9)" %.2f 1000) | $(fmt "$(med hs "$nm" 1 10)" %.2f 1000) |" \
        "$(fmt "$(med hs "$nm" 1 11)" %.0f) | $(fmt "$sc" %.0f) | $(fmt "$lc" %.0f) |" \
        "$(fmt "$(med hs "$nm" 1 8)" %.1f) | $(distinct hs "$nm" 1 12) | $(errsum hs "$nm" 1) | $(sat "$sc" "$lc") |"
    done
    echo
    if has_set handshakes; then
      for mode in full resumed; do
        echo "- PQ cost, $([ "$mode" = full ] && echo "full handshakes" || echo "with resumption"):" \
          "X25519MLKEM768 / X25519 handshakes/s" \
          "$(ratio "$(med hs "zapline-mlkem-$mode" 1 5)" "$(med hs "zapline-x25519-$mode" 1 5)"), server µs per" \
          "handshake $(ratio "$(med hs "zapline-mlkem-$mode" 1 8)" "$(med hs "zapline-x25519-$mode" 1 8)")x" \
          "($(fmt "$(med hs "zapline-mlkem-$mode" 1 8)" %.1f) vs $(fmt "$(med hs "zapline-x25519-$mode" 1 8)" %.1f) µs)"
      done
      if has_set nginx; then
        echo "- zapline / nginx, full X25519 handshakes/s (target >= 1.0):" \
          "$(ratio "$(med hs zapline-x25519-full 1 5)" "$(med hs nginx-x25519-full 1 5)"); server µs per handshake" \
          "$(fmt "$(med hs zapline-x25519-full 1 8)" %.1f) vs $(fmt "$(med hs nginx-x25519-full 1 8)" %.1f)"
      fi
    fi
  fi
  if has_set h2load; then
    echo
    echo "## Cross-check: full handshakes/s by h2load ($(h2load --version 2>&1 | head -n1), its TLS OpenSSL 3.0:" \
      "X25519, no resumption; \`h2load --h1 -t1 -c $h2_connections -n $h2_connections\` repeated for ${duration} s)"
    echo
    echo "| server | handshakes/s per round | median handshakes/s | server CPU % | h2load CPU % | server µs/hs |" \
      "negotiated | errors | saturated |"
    echo "|---|---|---:|---:|---:|---:|---|---:|---|"
    for nm in h2load-zapline h2load-nginx; do
      [ -n "$(per_round h2 "$nm" 1)" ] || continue
      sc="$(med h2 "$nm" 1 6)" lc="$(med h2 "$nm" 1 7)"
      echo "| $(describe "$nm") | $(per_round h2 "$nm" 1) | $(fmt "$(med h2 "$nm" 1 5)" %.0f) | $(fmt "$sc" %.0f) |" \
        "$(fmt "$lc" %.0f) | $(fmt "$(med h2 "$nm" 1 8)" %.1f) | $(distinct h2 "$nm" 1 12) | $(errsum h2 "$nm" 1) |" \
        "$(sat "$sc" "$lc") |"
    done
    echo
    echo "- zapline / nginx by h2load: $(ratio "$(med h2 h2load-zapline 1 5)" "$(med h2 h2load-nginx 1 5)");" \
      "zapline load / h2load against zapline (full X25519):" \
      "$(ratio "$(med hs zapline-x25519-full 1 5)" "$(med h2 h2load-zapline 1 5)"), against nginx:" \
      "$(ratio "$(med hs nginx-x25519-full 1 5)" "$(med h2 h2load-nginx 1 5)")." \
      "Each h2load batch opens all its connections at once and ends with a tail, so its rate runs a little low."
  fi
  echo
  echo "Every run (kind name depth round rate server% loader% server-us/resp hs-p50-us hs-p99-us resumed% groups" \
    "errors unconnected; unconnected: users still waiting for a connection when the run ended, not errors):"
  echo
  echo '```'
  cat "$tmp/results"
  echo '```'
  if [ -n "${zapline_log:-}" ] && grep -q '^tls: [0-9]' "$zapline_log" 2>/dev/null; then
    echo
    echo "zapline serve's TLS counts at exit (warm-ups included):"
    echo
    echo '```'
    grep '^tls: ' "$zapline_log" | tail -n +2
    echo '```'
  fi
} | { mkdir -p "$(dirname "$out")"; tee "$out"; }
