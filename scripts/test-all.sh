#!/usr/bin/env bash
# `npm test`: every check the project has, in order of speed:
#   typecheck → lint → server and web tests (Vitest, against PGlite and a real WordPress)
#   → build → end-to-end tests (Playwright in Debian's Chromium) → PostgreSQL mode.
# It installs what it lacks (chromium, PostgreSQL, the WordPress test sites) when run as root.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
# Each step says when it began and how long the one before it took (wall and CPU time of the
# processes it waited for), and a table of all steps closes the run, also when a step fails: the
# CI log then shows where the minutes went.
TICK=$(getconf CLK_TCK)
STEPS_FILE=test-results/steps.txt
: >"$STEPS_FILE"
step_name='' step_wall=0 step_cpu=0
cpu_ticks() { # user + system ticks of this shell's waited-for children (fields 16 and 17 of stat)
  local f; read -r -a f </proc/$$/stat; echo $((f[15] + f[16]))
}
hms() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
end_step() {
  [[ -n "$step_name" ]] || return 0
  local wall=$((SECONDS - step_wall)) cpu=$((($(cpu_ticks) - step_cpu) / TICK))
  printf '%-58s %7s %7s\n' "$step_name" "$(hms "$wall")" "$(hms "$cpu")" >>"$STEPS_FILE"
  printf '=== %s: %s wall, %s CPU\n' "$step_name" "$(hms "$wall")" "$(hms "$cpu")"
  step_name=''
}
step() {
  end_step
  step_name="$*" step_wall=$SECONDS step_cpu=$(cpu_ticks)
  printf '\n=== %s [%s, +%s]\n' "$*" "$(date +%H:%M:%S)" "$(hms "$SECONDS")"
}
print_steps() {
  end_step
  printf '\n%-58s %7s %7s\n' 'step' 'wall' 'CPU'
  cat "$STEPS_FILE"
  printf '%-58s %7s\n' 'total' "$(hms "$SECONDS")"
}
trap print_steps EXIT
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
