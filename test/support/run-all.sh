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
# lint and the two type checks side by side (each one process, mostly on one core): their output is
# printed whole, one after the other, with each one's own time
step "lint and type checks"
checks_dir=$(mktemp -d)
check() { local name=$1; shift; local start=$SECONDS; "$@" > "$checks_dir/$name.log" 2>&1; echo $? > "$checks_dir/$name.status"; echo $((SECONDS - start)) > "$checks_dir/$name.time"; }
check lint npm run --silent lint &
check types:node npm run --silent typecheck:node &
check types:web npm run --silent typecheck:web &
wait
checks_failed=0
for name in lint types:node types:web; do
  printf -- '-- %s (%s s)\n' "$name" "$(cat "$checks_dir/$name.time")"
  cat "$checks_dir/$name.log"
  [ "$(cat "$checks_dir/$name.status")" = 0 ] || checks_failed=1
done
rm -rf "$checks_dir"
[ $checks_failed -eq 0 ] || exit 1
step "build"
npx electron-vite build --logLevel warn || exit 1

rm -rf test-results && mkdir -p test-results
# one after the other: run side by side (2026-12-03) each slowed the other on two cores until tests
# timed out (a vitest ESLint test at 5 s, a Playwright test at 90 s)
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
