import { describe, expect, it } from 'vitest'
import { DISABLED_CHROMIUM_FEATURES, withDisabledFeatures } from '../../../electron/services/desktop/chromium-features'

describe("the Chromium features the app's window runs without", () => {
  it('turns off the background resource fetch, which keeps V8 from reading its code cache back', () => {
    expect(DISABLED_CHROMIUM_FEATURES).toContain('BackgroundResourceFetch')
    expect(withDisabledFeatures('')).toBe('BackgroundResourceFetch')
  })

  it("keeps the features a command line already turned off, and names each once", () => {
    expect(withDisabledFeatures('HardwareMediaKeyHandling, CalculateNativeWinOcclusion')).toBe(
      'HardwareMediaKeyHandling,CalculateNativeWinOcclusion,BackgroundResourceFetch',
    )
    expect(withDisabledFeatures('BackgroundResourceFetch,,Foo')).toBe('BackgroundResourceFetch,Foo')
  })
})
