#!/usr/bin/env bash
# The test suites proper; scripts/test.sh runs this with the Auth emulator up and the site built.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== vitest (unit + integration)"
npx vitest run
echo "== playwright (end-to-end)"
npx playwright test
