import { afterEach, describe, expect, it } from 'vitest'
import { localDay } from '../../../electron/services/config/snapshot-file'

// A snapshot's file is named by the day it was taken where the user is, not in UTC.

const zone = process.env.TZ
afterEach(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

describe("a snapshot file's day", () => {
  it('is the local day: half past midnight in Berlin is that day, evening in Los Angeles the day before UTC says', () => {
    process.env.TZ = 'Europe/Berlin'
    expect(localDay('2026-11-24T23:30:00.000Z')).toBe('2026-11-25')
    process.env.TZ = 'America/Los_Angeles'
    expect(localDay('2026-11-25T03:00:00.000Z')).toBe('2026-11-24')
    process.env.TZ = 'UTC'
    expect(localDay('2026-11-25T03:00:00.000Z')).toBe('2026-11-25')
  })
})
