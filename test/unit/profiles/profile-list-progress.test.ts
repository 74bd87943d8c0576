import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProfileListProgress } from '../../../electron/contract/profile-list'
import { profileListProgressText } from '../../../electron/contract/profile-list'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { probeTargets } from '../../../electron/services/profiles/profile-list-probe'
import { invoker } from '../invoke'
import { testServices } from '../test-services'

/**
 * "Add many…" tells how far its long work is (issue 38): the addresses and tenants a preview
 * asks, then the sign-ins that keep typed passwords, for the dialog's progress bar. Two demo PBXs
 * answer 150 ms late, so the work is seen while it runs.
 */
let slow: DemoPbx[] = []
let dir: string

beforeAll(async () => {
  slow = await Promise.all([0, 1].map(() => startDemoPbx({ port: 0, seed: false, latencyMs: 150 })))
  dir = mkdtempSync(join(tmpdir(), 'pbx-list-progress-'))
})
afterAll(async () => {
  await Promise.all(slow.map((pbx) => pbx.stop()))
  rmSync(dir, { recursive: true, force: true })
})

describe('the progress of a list', () => {
  it('probeTargets counts each address, then each tenant at the addresses that answered', async () => {
    const seen: [number, number][] = []
    const targets = slow.flatMap((pbx) => [
      { baseUrl: pbx.url, domain: 'demo.pbx.example' },
      { baseUrl: pbx.url, domain: 'other.pbx.example' },
    ])
    await probeTargets(targets, undefined, (done, total) => seen.push([done, total]))
    expect(seen[0]).toEqual([0, 2])
    expect(seen.at(-1)).toEqual([6, 6])
    expect(seen.filter(([, total]) => total === 2).map(([done]) => done)).toEqual([0, 1, 2])
    expect(seen.filter(([, total]) => total === 6).map(([done]) => done)).toEqual([2, 3, 4, 5, 6])
  })

  it('a preview and an import say what they are at while they run, and are idle after', async () => {
    const services = testServices(mkdtempSync(join(dir, 'd-')))
    const call = invoker(services.handlers)
    const text = ['label,address,user,tenant', ...slow.map((pbx, i) => `Site ${i + 1},${pbx.url},manager,demo.pbx.example`)].join('\n')
    const watch = async (work: Promise<unknown>) => {
      const seen: ProfileListProgress[] = []
      let running = true
      void work.finally(() => (running = false))
      while (running) {
        seen.push(await call('profileListProgress'))
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await work
      return seen
    }

    const previewing = await watch(call('previewProfileList', { text }))
    expect(previewing.some((p) => p.step === 'checking' && p.total === 4 && p.done < 4)).toBe(true)
    expect(previewing.filter((p) => p.step !== 'idle').every((p) => p.step === 'checking')).toBe(true)
    expect(await call('profileListProgress')).toEqual({ step: 'idle', done: 0, total: 0 })

    const importing = await watch(call('importProfileList', { text, passwords: [{ username: 'manager', domain: 'demo.pbx.example', password: 'manager' }] }))
    expect(importing.some((p) => p.step === 'signing_in' && p.total === 2)).toBe(true)
    expect(await call('profileListProgress')).toEqual({ step: 'idle', done: 0, total: 0 })
    expect(profileListProgressText({ step: 'signing_in', done: 1, total: 2 })).toBe('Signing in to keep the passwords: 1 of 2')
    await services.dispose()
  })
})
