#!/usr/bin/env bash
# PostgreSQL mode: every server test file that goes through the database, again on a real
# PostgreSQL (scripts/postgres-test-files.mjs chooses them; each file gets a database of its own,
# copied from one migrated template, so files run side by side), plus the tests of a web process
# with separate worker processes (apps/server/test/postgres/, which only run here).
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/ensure-postgres.sh)"
export TEST_DATABASE_URL
npm run build -w packages/contracts --silent
mkdir -p test-results
mapfile -t files < <(node scripts/postgres-test-files.mjs)
excluded="$(node scripts/postgres-test-files.mjs --excluded | wc -l)"
printf 'PostgreSQL pass: %d server test files; %d more never open a database of the app (unit tests, and the process tests on the embedded database): node scripts/postgres-test-files.mjs --excluded lists them\n' \
  "${#files[@]}" "$excluded"
npx vitest run --project server "${files[@]}" --reporter=default --reporter=json --outputFile.json=test-results/postgres.json "$@"
