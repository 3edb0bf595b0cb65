#!/usr/bin/env bash
# The whole test suite, as CI runs it: type check, the code's dependency rules, format and lint, production build, unit +
# integration tests (Vitest), then end-to-end tests (Playwright in Debian Chromium) against the production build,
# all with the Firebase Auth emulator as the identity provider.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1 CI=true

bash scripts/ensure-system-deps.sh

echo "== astro check"
npx astro check
echo "== dependency rules (.dependency-cruiser.cjs)"
npm run lint:deps
echo "== format and lint (biome.jsonc)"
npm run lint
echo "== build"
npm run build

if curl -sf http://127.0.0.1:9099/ >/dev/null 2>&1; then
  echo "Using the Auth emulator already running on 127.0.0.1:9099"
  bash scripts/test-suites.sh
else
  npx firebase emulators:exec --only auth --project demo-nxn "bash scripts/test-suites.sh"
fi
