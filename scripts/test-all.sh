#!/usr/bin/env bash
# `npm test`: every check the project has, in order of speed:
#   typecheck → lint → server and web tests (Vitest, against PGlite and a real WordPress)
#   → build → end-to-end tests (Playwright in Debian's Chromium) → PostgreSQL mode.
# It installs what it lacks (chromium, PostgreSQL, the WordPress test sites) when run as root.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
step() { printf '\n=== %s\n' "$*"; }
die() { printf '\nnpm test: %s\n' "$*" >&2; exit 1; }

step "system packages"
if ! command -v "${CHROMIUM_PATH:-/usr/bin/chromium}" >/dev/null 2>&1; then
  [[ $EUID -eq 0 ]] || die "Chromium is needed for the end-to-end tests: run as root to install it, or: sudo apt-get install chromium"
  echo "installing Debian's chromium (about 40 s)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null
  apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends chromium >/dev/null
fi
[[ $EUID -eq 0 ]] || die "the real WordPress test sites need root (apt-get, MariaDB, /etc/wordpress); run npm test as root"
eval "$(bash scripts/wordpress-test-site.sh)"
export WP_URL WP_USER WP_APP_PASSWORD WP_PLAIN_URL WP_PLAIN_USER WP_PLAIN_APP_PASSWORD

step "Node 22 and 24 (the other runtimes the app declares)"
eval "$(bash scripts/node-runtimes.sh)"
export ABP_OTHER_NODES

step "typecheck"
npm run typecheck --silent

step "lint (zero warnings)"
npm run lint --silent

step "server and web tests (Vitest)"
npx vitest run --project server --project web --reporter=default --reporter=json --outputFile.json=test-results/unit.json

step "build"
npm run build --silent

step "end-to-end tests (Playwright, headless Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx playwright test --reporter=list,json

step "PostgreSQL mode"
bash scripts/test-postgres.sh

step "summary"
node scripts/test-summary.mjs test-results/unit.json test-results/e2e.json test-results/postgres.json
