import { afterEach, describe, expect, it, vi } from 'vitest'

/** A window.pbx that counts the calls it gets, answering each with its name and how many came before. */
function countingBridge() {
  const calls: string[] = []
  const answer = (name: string) => () => {
    calls.push(name)
    return Promise.resolve({ ok: true as const, value: `${name} #${calls.filter((call) => call === name).length}` })
  }
  const bridge = { listProfiles: answer('listProfiles'), listSessions: answer('listSessions'), getAbout: answer('getAbout') }
  Object.defineProperty(window, 'pbx', { value: bridge, configurable: true })
  return calls
}

/** startup-calls.ts run afresh, as at a window's start, with `html` in #app. */
async function startWith(html: string) {
  document.body.innerHTML = `<div id="app">${html}</div>`
  vi.resetModules()
  return import('@renderer/startup-calls')
}

afterEach(() => {
  document.body.innerHTML = ''
  Reflect.deleteProperty(window, 'pbx')
})

describe('startup-calls: what the first screen needs, asked before the libraries run', () => {
  it('at the app’s start (the start frame up) asks at once, and gives each early answer once', async () => {
    const calls = countingBridge()
    const { takeStartupCall } = await startWith('<div class="start-frame" aria-busy="true"></div>')
    expect(calls).toEqual(['listProfiles', 'listSessions', 'getAbout'])

    // the store's own call is not made: it gets the answer already asked for
    const own = vi.fn(() => window.pbx.listProfiles())
    await expect(takeStartupCall('listProfiles', own)).resolves.toEqual({ ok: true, value: 'listProfiles #1' })
    expect(own).not.toHaveBeenCalled()
    // the next load asks main again
    await expect(takeStartupCall('listProfiles', own)).resolves.toEqual({ ok: true, value: 'listProfiles #2' })
    expect(own).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(['listProfiles', 'listSessions', 'getAbout', 'listProfiles'])
  })

  it('without the start frame (a test, a later mount) asks nothing early', async () => {
    const calls = countingBridge()
    const { takeStartupCall } = await startWith('<main>the app</main>')
    expect(calls).toEqual([])
    await expect(takeStartupCall('getAbout', () => window.pbx.getAbout())).resolves.toEqual({ ok: true, value: 'getAbout #1' })
  })

  it('without window.pbx (the renderer opened outside the app) asks nothing and throws nothing', async () => {
    const { takeStartupCall } = await startWith('<div class="start-frame"></div>')
    await expect(takeStartupCall('listSessions', () => Promise.reject(new Error('no bridge')))).rejects.toThrow('no bridge')
  })

  it('an early call that fails is no unhandled rejection: the store taking it gets the failure', async () => {
    const failing = { listProfiles: () => Promise.reject(new Error('main crashed')), listSessions: () => Promise.resolve(null), getAbout: () => Promise.resolve(null) }
    Object.defineProperty(window, 'pbx', { value: failing, configurable: true })
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const { takeStartupCall } = await startWith('<div class="start-frame"></div>')
      await new Promise((done) => setTimeout(done, 20))
      expect(unhandled).not.toHaveBeenCalled()
      await expect(takeStartupCall('listProfiles', () => window.pbx.listProfiles())).rejects.toThrow('main crashed')
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
