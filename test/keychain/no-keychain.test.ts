import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

describe('where no keychain answers', () => {
  // the probe gives up after 5 s of silence, so this answers well inside the 20 s allowed
  it('says so plainly, with what to do, instead of hanging or failing', { timeout: 20_000 }, () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' }
    delete env.DISPLAY
    const run = spawnSync('npx', ['tsx', 'test/keychain/fixtures/probe-keychain.ts'], { env, encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const state = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { available: boolean; reason?: string }
    expect(state.available).toBe(false)
    expect(state.reason).toMatch(/No keychain answered/)
    expect(state.reason).toMatch(/Secret Service/)
  })
})
