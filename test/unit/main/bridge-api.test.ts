import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { OPERATION_NAMES } from '../../../electron/contract/operations'
import { ASKED_AT_START, createBridgeApi } from '../../../electron/preload/bridge-api'

/** An `invoke` that records its calls and answers each with its name and how many came before. */
function countingInvoke() {
  const calls: [string, unknown][] = []
  const invoke = vi.fn((name: string, input?: unknown) => {
    calls.push([name, input])
    return Promise.resolve(`${name} #${calls.filter(([called]) => called === name).length}`)
  })
  return { calls, invoke }
}

describe('window.pbx as the preload builds it (electron/preload/bridge-api.ts)', () => {
  it('asks the first screen’s calls at once, and gives each early answer to the first call without input, once', async () => {
    const { calls, invoke } = countingInvoke()
    const pbx = createBridgeApi(OPERATION_NAMES, ASKED_AT_START, invoke)
    expect(Object.isFrozen(pbx)).toBe(true)
    expect(Object.keys(pbx).sort()).toEqual([...OPERATION_NAMES].sort())
    expect(calls).toEqual([
      ['listProfiles', undefined],
      ['listSessions', undefined],
      ['getAbout', undefined],
    ])

    // the page's first call takes the answer asked at the start: main is not asked again
    await expect(pbx.listProfiles()).resolves.toBe('listProfiles #1')
    expect(calls).toHaveLength(3)
    // the next one is asked anew
    await expect(pbx.listProfiles()).resolves.toBe('listProfiles #2')
    expect(calls).toHaveLength(4)
    // an operation not asked early goes to main at once, with its input
    await expect(pbx.getUiState()).resolves.toBe('getUiState #1')
    await expect(pbx.saveUiState({ sidebarCollapsed: true })).resolves.toBe('saveUiState #1')
    expect(calls.slice(4)).toEqual([
      ['getUiState', undefined],
      ['saveUiState', { sidebarCollapsed: true }],
    ])
  })

  it('a first call with input is not answered by the early call, which stays for the first without', async () => {
    const { calls, invoke } = countingInvoke()
    const pbx = createBridgeApi(['listSessions', 'getAbout'], ['listSessions'], invoke)
    await expect(pbx.listSessions({ some: 'input' })).resolves.toBe('listSessions #2')
    expect(calls.at(-1)).toEqual(['listSessions', { some: 'input' }])
    await expect(pbx.listSessions()).resolves.toBe('listSessions #1')
    expect(calls).toHaveLength(2)
  })

  it('an early call that fails is no unhandled rejection: the call that takes it gets the failure', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const pbx = createBridgeApi(['listProfiles'], ['listProfiles'], () => Promise.reject(new Error('main is gone')))
      await new Promise((done) => setTimeout(done, 20))
      expect(unhandled).not.toHaveBeenCalled()
      await expect(pbx.listProfiles()).rejects.toThrow('main is gone')
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  it('runs from its source alone, as the Chromium harness puts it in the page (nothing from outside the function)', async () => {
    const { calls, invoke } = countingInvoke()
    const fromSource = runInNewContext(`(${createBridgeApi.toString()})`, {}) as typeof createBridgeApi
    const pbx = fromSource(OPERATION_NAMES, ASKED_AT_START, invoke)
    await expect(pbx.getAbout()).resolves.toBe('getAbout #1')
    expect(calls.map(([name]) => name)).toEqual([...ASKED_AT_START])
  })
})
