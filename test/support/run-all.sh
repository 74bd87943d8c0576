#!/usr/bin/env bash
# npm test: system packages, lint, type checks, build, then vitest and Playwright inside a real
# keychain session; ends with one summary line "tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/../.."
# each stage's time, printed before the summary (issue 41: measure first)
stage_times=()
stage=""
stage_start=$SECONDS
end_stage() { [ -n "$stage" ] && stage_times+=("$(printf '%8d s  %s' $((SECONDS - stage_start)) "$stage")"); stage=""; }
step() { end_stage; stage="$1"; stage_start=$SECONDS; printf '\n== %s\n' "$1"; }

step "system packages"
bash test/support/ensure-system.sh || exit 1
step "lint"
npm run --silent lint || exit 1
step "type checks"
npm run --silent typecheck || exit 1
step "build"
npx electron-vite build --logLevel warn || exit 1

rm -rf test-results && mkdir -p test-results
step "vitest (contract, services, demo PBX, keychain, components, the build)"
bash test/support/in-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
vitest_status=$?
step "playwright (renderer in Chromium against the real services)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json \
  bash test/support/in-keyring.sh npx playwright test --reporter=list,json
playwright_status=$?

step "times"
echo "stages:"
printf '%s\n' "${stage_times[@]}"
node test/support/slowest-files.mjs test-results/vitest.json test-results/playwright.json
step "summary"
node test/support/summary.mjs test-results/vitest.json test-results/playwright.json
summary_status=$?
[ $vitest_status -eq 0 ] && [ $playwright_status -eq 0 ] && [ $summary_status -eq 0 ]
