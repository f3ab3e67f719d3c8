#!/usr/bin/env bash
# Builds a minimal base image for the zapline container image from this machine's own JDK, without a registry or a
# Docker daemon: a jlinked Java runtime at /opt/java/openjdk (where eclipse-temurin images keep theirs, so the image
# config is the same whichever base is used), the host's shared libraries that runtime and Netty's native libraries
# link, /etc/passwd and /etc/group with the non-root user zapline (10001:10001), /tmp, /results and the host's CA
# bundle. No shell, no package manager. The output is one tarball in the `docker save` layout (manifest.json, the
# image config, one uncompressed layer), which `jib` takes as a base (`-Dzapline.image.base=tar:///path/to/it`) and
# `docker load`/`podman load` take as an image.
#
#   cli/image/base-from-host.sh OUT.tar         the JDK: JAVA_HOME, else the one the ./zapline launcher finds (21+)
#
# The JDK needs jlink and either a jmods directory or a linkable run-time image (JEP 493, e.g. Temurin 24+).
set -euo pipefail

if [ $# -ne 1 ] || [ "${1:0:1}" = - ]; then
  echo "usage: $0 OUT.tar" >&2
  exit 2
fi
out="$1"
here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=zapline-java.sh
. "$root/zapline-java.sh"

# The modules the shaded jar needs, from
#   jdeps --ignore-missing-deps -q --multi-release base -s cli/target/zapline.jar
# (java.desktop is for java.beans, which Jackson uses), plus what only reflection or a service loader reaches:
# jdk.crypto.ec for TLS on JDK 21 (an empty module from 22 on), jdk.zipfs for jar file systems. ImageModulesIT
# checks that the jar needs nothing outside this list.
modules=(java.base java.compiler java.desktop java.logging java.management java.naming java.sql java.xml
  jdk.httpserver jdk.jfr jdk.management jdk.unsupported jdk.crypto.ec jdk.zipfs)
# Native parts of java.desktop that a headless JVM never loads; they would pull in X11 and ALSA.
unused_natives='**/libawt_xawt.so,**/libjsound.so,**/libsplashscreen.so,**/libjawt.so'
uid=10001

if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
else
  java="$(zapline_find_java)" || { zapline_no_java "$0"; exit 2; }
fi
home="$(cd "$(dirname "$java")/.." && pwd)"
[ -x "$home/bin/jlink" ] || { echo "$0: $home has no bin/jlink (a JRE, not a JDK?)" >&2; exit 2; }
case "$(uname -m)" in
  x86_64) arch=amd64 ;;
  aarch64) arch=arm64 ;;
  *) echo "$0: unsupported machine $(uname -m)" >&2; exit 2 ;;
esac

work="$(mktemp -d "${TMPDIR:-/tmp}/zapline-base.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fs="$work/rootfs"
mkdir -p "$fs/opt/java" "$fs/etc/ssl/certs" "$fs/tmp" "$fs/home/zapline" "$fs/results" "$fs/proc" "$fs/dev" "$fs/sys"

available="$("$home/bin/java" --list-modules | sed 's/@.*//')"
wanted=()
for m in "${modules[@]}"; do
  grep -qx "$m" <<<"$available" && wanted+=("$m")
done
"$home/bin/jlink" --add-modules "$(IFS=,; echo "${wanted[*]}")" --output "$fs/opt/java/openjdk" \
  --strip-debug --no-header-files --no-man-pages --exclude-files="$unused_natives"

# The shared libraries every ELF file of the runtime links, as the host's loader resolves them, at the same paths,
# plus libgcc_s (glibc loads it for thread cancellation) and librt (Netty's native transport and netty-tcnative,
# which Netty unpacks into /tmp at run time, link it besides libc, libdl and libpthread).
libs="$work/libs"
: >"$libs"
while IFS= read -r -d '' f; do
  if file_type="$(head -c 4 "$f" | od -An -c | tr -d ' ')" && [ "$file_type" = 177ELF ]; then
    ldd "$f" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' >>"$libs" || true
  fi
done < <(find "$fs/opt/java/openjdk" -type f \( -name '*.so' -o -path '*/bin/*' \) -print0)
for extra in libgcc_s.so.1 librt.so.1 libdl.so.2 libpthread.so.0; do
  # awk reads to the end (no early exit): with pipefail, ldconfig killed by SIGPIPE would fail the script
  ldconfig -p | awk -v n="$extra" '$1 == n && $0 ~ /x86-64|AArch64/ && !seen { print $NF; seen = 1 }' >>"$libs"
done
sort -u "$libs" | while IFS= read -r lib; do
  case "$lib" in "$fs"/*) continue ;; esac
  mkdir -p "$fs$(dirname "$lib")"
  cp -L "$lib" "$fs$lib"
done

cat >"$fs/etc/passwd" <<PASSWD
root:x:0:0:root:/root:/sbin/nologin
zapline:x:$uid:$uid:zapline:/home/zapline:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
PASSWD
cat >"$fs/etc/group" <<GROUP
root:x:0:
zapline:x:$uid:
nogroup:x:65534:
GROUP
printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$fs/etc/nsswitch.conf"
printf '127.0.0.1\tlocalhost\n::1\tlocalhost\n' >"$fs/etc/hosts"
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  cp -L /etc/ssl/certs/ca-certificates.crt "$fs/etc/ssl/certs/ca-certificates.crt"
fi
chmod 1777 "$fs/tmp"
chown "$uid:$uid" "$fs/home/zapline" "$fs/results"

# One layer, reproducible: names sorted, times zeroed, numeric owners as set above.
(cd "$fs" && find . -mindepth 1 -maxdepth 1 -printf '%P\n' | LC_ALL=C sort \
  | tar --sort=name --mtime=@0 --numeric-owner --format=gnu -cf "$work/layer.tar" -T -)
diff_id="sha256:$(sha256sum "$work/layer.tar" | cut -d' ' -f1)"
version="$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p')"
cat >"$work/config.json" <<CONFIG
{"architecture":"$arch","os":"linux","created":"1970-01-01T00:00:00Z",
"config":{"User":"$uid:$uid","WorkingDir":"/",
"Env":["PATH=/opt/java/openjdk/bin:/usr/bin:/bin","JAVA_HOME=/opt/java/openjdk","LANG=C.UTF-8"],
"Labels":{"org.opencontainers.image.description":"jlinked Java $version runtime for zapline, built from the host"}},
"rootfs":{"type":"layers","diff_ids":["$diff_id"]},
"history":[{"created":"1970-01-01T00:00:00Z","created_by":"cli/image/base-from-host.sh"}]}
CONFIG
printf '[{"Config":"config.json","RepoTags":["zapline-base:java%s"],"Layers":["layer.tar"]}]\n' \
  "$(zapline_java_major "$java")" >"$work/manifest.json"
tar --mtime=@0 --owner=0 --group=0 --numeric-owner -cf "$out" -C "$work" manifest.json config.json layer.tar
echo "$out: Java $version ($(IFS=,; echo "${wanted[*]}")), $(du -h "$out" | cut -f1)"
