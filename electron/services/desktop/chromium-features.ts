/**
 * The Chromium features the app's window runs without. electron/main/index.ts turns them off
 * first thing, before the app is ready; the startup bench and the code-cache test run Chromium
 * without them too (test/support/chromium.ts), so that they measure what the app runs.
 *
 * - `BackgroundResourceFetch` (Blink reads responses on a background thread; on by default in
 *   recent Chromium): with it, a later start never reads V8's code cache back. The app's scheme
 *   asks for that cache (`codeCache`, renderer-files.ts), and V8 writes it after the second load,
 *   but each later start parsed and compiled every start script again (Debian's Chromium 156,
 *   headless and in a window alike, 2026-11-28). Without it, the third start takes the compiled
 *   code (test/e2e/code-cache.spec.ts), which spares about 100 ms of parsing on V8's background
 *   threads per start. On two busy cores the bench's later start showed the PBX list about 50 ms
 *   sooner (interleaved, 16 loads each, twice: 675 → 628 and 671 → 622 ms) and its first start no
 *   later (15 loads each: 526 → 501 ms). Electron's own Chromium is not measured here (no
 *   binary); the switch costs nothing where the feature is already off.
 */
export const DISABLED_CHROMIUM_FEATURES = ['BackgroundResourceFetch'] as const

/**
 * The value of Chromium's `--disable-features` switch with the app's features added to what it
 * held: a switch given on the command line (a user's, a test's) is kept, as Electron's
 * `appendSwitch` replaces a switch's value rather than adding to it.
 */
export function withDisabledFeatures(current: string): string {
  const features = new Set(
    current
      .split(',')
      .map((feature) => feature.trim())
      .filter((feature) => feature !== ''),
  )
  for (const feature of DISABLED_CHROMIUM_FEATURES) features.add(feature)
  return [...features].join(',')
}
