#!/usr/bin/env bash
# Proves a zapline image tarball runs, without a Docker daemon or a registry: unpacks its layers in manifest order
# into a temporary root file system and runs the image's own entrypoint there, as its own user, in its working
# directory, with its environment, in fresh mount, PID, network, UTS and IPC namespaces (loopback only), under
# chroot. It checks the image config (entrypoint, user, volume, working directory), then runs `zapline version`,
# `zapline load --help`, a `zapline serve` on 127.0.0.1 (HTTP and HTTPS with a self-signed certificate) and against
# it a 1 s `zapline load` over each, whose --json files must land in the working directory. Needs root, util-linux
# unshare, ip and python3; leaves nothing behind (the namespaces end with the script).
#
#   cli/image/check.sh cli/target/zapline-image.tar
set -euo pipefail

if [ "${1:-}" = --inside ]; then
  inside=1
  shift
else
  inside=""
fi
if [ $# -ne 1 ] || [ "${1:0:1}" = - ]; then
  echo "usage: $0 IMAGE.tar" >&2
  exit 2
fi

fail() {
  echo "check: FAIL: $*" >&2
  exit 1
}

# The second half, run by the first inside the new namespaces (as PID 1 of the PID namespace): $work is ready.
check_inside() {
  work="$1"
  rootfs="$work/rootfs"
  mapfile -d '' -t fields <"$work/config.fields"
  user="${fields[0]}"
  workdir="${fields[1]}"
  home="${fields[2]}"
  IFS=$'\n' read -r -d '' -a image_env <<<"${fields[3]}" || true
  IFS=$'\n' read -r -d '' -a entrypoint <<<"${fields[4]}" || true
  # The image's entrypoint as a container runtime starts it, the CMD to be appended: env, unshare and java each exec
  # the next, so a background run's $! is the JVM's PID.
  local run=(env -i "${image_env[@]}" HOSTNAME=zapline-check HOME="$home"
    unshare --root="$rootfs" --wd="$workdir" --setuid="${user%%:*}" --setgid="${user##*:}" -- "${entrypoint[@]}")

  ip link set lo up
  hostname zapline-check
  # What a runtime provides: /proc (mounted by unshare), a minimal /dev, /etc/hosts with the container's name.
  mount -t tmpfs -o mode=755,nosuid dev "$rootfs/dev"
  for d in null zero full random urandom; do
    touch "$rootfs/dev/$d"
    mount --bind "/dev/$d" "$rootfs/dev/$d"
  done
  printf '127.0.0.1\tlocalhost zapline-check\n::1\tlocalhost\n' >"$rootfs/etc/hosts"

  local out
  out="$("${run[@]}" version 2>&1)" || fail "zapline version: $out"
  grep -q '^zapline ' <<<"$out" || fail "zapline version printed: $out"
  echo "check: zapline version: $(tr '\n' ';' <<<"$out")"
  out="$("${run[@]}" load --help 2>&1)" || fail "zapline load --help: $out"
  grep -q '^Usage: zapline load' <<<"$out" || fail "zapline load --help printed: $out"
  echo "check: zapline load --help: ok"

  "${run[@]}" serve --http 127.0.0.1:18080 --https 127.0.0.1:18443 --self-signed >"$work/serve.log" 2>&1 &
  local serve=$! i
  for ((i = 0; i < 300; i++)); do
    grep -q 'listening on https://' "$work/serve.log" && break
    kill -0 "$serve" 2>/dev/null || fail "zapline serve exited: $(cat "$work/serve.log")"
    sleep 0.1
  done
  grep -q 'listening on https://' "$work/serve.log" || fail "zapline serve not listening after 30 s"
  local url name tls
  for url in http://127.0.0.1:18080/health https://127.0.0.1:18443/health; do
    name="${url%%:*}"
    tls=()
    [ "$name" = https ] && tls=(--insecure)
    out="$("${run[@]}" load "$url" -d 1s --rate 200 "${tls[@]}" --json "$name.json" 2>&1)" \
      || fail "zapline load $url: $out"
    [ -f "$rootfs$workdir/$name.json" ] || fail "no $workdir/$name.json after zapline load $url"
    python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
ok = s["complete"] and s["requests"] > 0 and s["errors"] == 0 and s["outcomes"]["success"] == s["requests"]
print("check: zapline load %s: %d requests, %d errors, jdk %s" % (sys.argv[2], s["requests"], s["errors"],
      json.load(open(sys.argv[1]))["machine"]["jdk"]))
sys.exit(0 if ok else 1)' "$rootfs$workdir/$name.json" "$url" || fail "zapline load $url: $out"
  done
  kill -TERM "$serve"
  for ((i = 0; i < 100; i++)); do
    kill -0 "$serve" 2>/dev/null || break
    sleep 0.1
  done
  wait "$serve" || fail "zapline serve exited $? on SIGTERM: $(cat "$work/serve.log")"
  grep -q '^stopped' "$work/serve.log" || fail "zapline serve did not print stopped: $(cat "$work/serve.log")"
  echo "check: zapline serve: $(grep -c '^listening on' "$work/serve.log") listeners, stopped on SIGTERM"
}

if [ -n "$inside" ]; then
  check_inside "$1"
  exit 0
fi

[ "$(id -u)" = 0 ] || fail "needs root (namespaces, chroot)"
image="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[ -f "$image" ] || fail "no such file: $1"
start=$SECONDS
work="$(mktemp -d "${TMPDIR:-/tmp}/zapline-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir "$work/image" "$work/rootfs"
tar -xf "$image" -C "$work/image"

# Layers in manifest order, compressed or not (tar detects which), each one's whiteouts applied to those below.
python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))[0]["Layers"]))' \
  "$work/image/manifest.json" >"$work/layers.txt"
n=0
while IFS= read -r layer; do
  tar -xf "$work/image/$layer" -C "$work/rootfs" --numeric-owner --warning=no-unknown-keyword
  while IFS= read -r -d '' wh; do
    name="$(basename "$wh")"
    [ "$name" != .wh..wh..opq ] || fail "opaque directory whiteouts are not supported ($layer)"
    target="${name#.wh.}"
    rm -rf "${wh%/*}/${target:?}" "$wh"
  done < <(find "$work/rootfs" -name '.wh.*' -print0)
  n=$((n + 1))
done <"$work/layers.txt"
mkdir -p "$work/rootfs/proc" "$work/rootfs/dev" "$work/rootfs/etc"
echo "check: unpacked $n layers ($(du -sh "$work/rootfs" | cut -f1)) in $((SECONDS - start)) s"

# The config, checked, and the fields a runtime uses, NUL-separated into config.fields: user, working directory,
# the user's home (from the image's /etc/passwd, else /), Env and Entrypoint one per line.
python3 - "$work" <<'PY' || fail "image config (above)"
import json, os, sys
work = sys.argv[1]
manifest = json.load(open(os.path.join(work, "image", "manifest.json")))[0]
config = json.load(open(os.path.join(work, "image", manifest["Config"])))
c = config["config"]
problems = []
if len(config["rootfs"]["diff_ids"]) != len(manifest["Layers"]):
    problems.append("%d layers but %d diff_ids" % (len(manifest["Layers"]), len(config["rootfs"]["diff_ids"])))
entrypoint = c.get("Entrypoint") or []
if not entrypoint or entrypoint[-1] != "dev.zapline.cli.Main" or os.path.basename(entrypoint[0]) != "java":
    problems.append("entrypoint %s does not run java ... dev.zapline.cli.Main" % entrypoint)
env = c.get("Env") or []
if any(e.startswith("JAVA_TOOL_OPTIONS=") for e in env):
    problems.append("JAVA_TOOL_OPTIONS is set in the image; it is the user's")
user = c.get("User", "")
if ":" not in user or not all(p.isdigit() for p in user.split(":")) or user.split(":")[0] == "0":
    problems.append("user %r is not a numeric non-root uid:gid" % user)
if "/results" not in (c.get("Volumes") or {}):
    problems.append("no /results volume: %s" % c.get("Volumes"))
if c.get("WorkingDir") != "/results":
    problems.append("working directory %r, not /results" % c.get("WorkingDir"))
for p in problems:
    print("check: FAIL: " + p, file=sys.stderr)
if problems:
    sys.exit(1)
home = "/"
passwd = os.path.join(work, "rootfs", "etc", "passwd")
if os.path.exists(passwd):
    for line in open(passwd):
        f = line.rstrip("\n").split(":")
        if len(f) > 5 and f[2] == user.split(":")[0]:
            home = f[5]
print("check: config: %s/%s, user %s (home %s), workdir %s, volumes %s, entrypoint %s, labels %s" % (
    config["os"], config["architecture"], user, home, c["WorkingDir"], list(c["Volumes"]), " ".join(entrypoint),
    json.dumps(c.get("Labels", {}))))
with open(os.path.join(work, "config.fields"), "w") as out:
    out.write("\0".join([user, c["WorkingDir"], home, "\n".join(env), "\n".join(entrypoint)]))
PY

unshare --mount --pid --net --uts --ipc --fork --mount-proc="$work/rootfs/proc" -- bash "$0" --inside "$work"
echo "check: PASS ($((SECONDS - start)) s)"
