#!/usr/bin/env bash
# PostgreSQL mode: the migration, auth and job tests again, on a real PostgreSQL, plus a web process
# with separate worker processes.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/ensure-postgres.sh)"
export TEST_DATABASE_URL
npm run build -w packages/contracts --silent
mkdir -p test-results
npx vitest run --project server apps/server/test/foundation apps/server/test/postgres --reporter=default --reporter=json --outputFile.json=test-results/postgres.json
