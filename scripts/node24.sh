#!/usr/bin/env bash
# Runs a Node script under Node 24, the runtime the reference deployment uses, next to the
# machine's own Node: the binary comes from the npm registry's node@24 package (cached by npx).
# Usage: scripts/node24.sh <script.js> [args...]
set -euo pipefail
NODE24="$(npx -y node@24 -p process.execPath 2>/dev/null)"
echo "scripts/node24.sh: running under Node $("$NODE24" --version)" >&2
exec "$NODE24" "$@"
