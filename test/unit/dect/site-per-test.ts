import { afterEach, beforeEach } from 'vitest'
import type { DemoPbxOptions } from '../../../electron/demo-pbx'
import { openSite, type Site } from './push-support'

/**
 * A site (push-support.ts `openSite`: a demo PBX, a signed-in caller, a batch store in a new
 * folder) opened before each test of the file and closed after it; the object answered holds the
 * current test's.
 */
export function sitePerTest(options: DemoPbxOptions = {}): Site {
  const current = {} as Site
  beforeEach(async () => {
    Object.assign(current, await openSite(options))
  })
  afterEach(() => current.close())
  return current
}
