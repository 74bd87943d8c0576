import { describe, expect, it } from 'vitest'
import type { BridgeHandlers } from '../../../electron/contract/bridge'
import { channelOf, OPERATION_NAMES } from '../../../electron/contract/operations'
import type { BridgeResult } from '../../../electron/contract/result'
import { bindBridge, type InvokeEvent, type IpcMainLike } from '../../../electron/main/ipc-binding'
import { createTrustedSenders } from '../../../electron/main/trusted-senders'
import { fakeHandlers } from '../fake-handlers'

type Listener = Parameters<IpcMainLike['handle']>[1]
const OUR_PAGE = 'app://renderer/index.html'

function setup() {
  const listeners = new Map<string, Listener>()
  const calls: string[] = []
  const failures: string[] = []
  const bugs: string[] = []
  const handlers: BridgeHandlers = fakeHandlers({
    getAbout: async () => (calls.push('getAbout'), { name: 'x', version: '1', versions: { node: '20' }, platform: 'linux', keychain: 'available' }),
    probePbx: async () => (calls.push('probePbx'), {}),
    listSessions: async () => {
      throw new Error('a bug in a service')
    },
  })
  const trusted = createTrustedSenders()
  let destroy = () => {}
  const contents = { id: 7, once: (_event: 'destroyed', listener: () => void) => (destroy = listener) }
  trusted.add(contents)
  bindBridge(
    { handle: (channel, listener) => listeners.set(channel, listener) },
    handlers,
    trusted,
    (url) => url.split('#')[0] === OUR_PAGE,
    (error, operation) => bugs.push(`${operation}: ${(error as Error).message}`),
    (operation, error) => failures.push(`${operation}: ${error.code}`),
  )
  const mainFrame = { url: `${OUR_PAGE}#/pbxs` }
  const event = (overrides: Partial<InvokeEvent> = {}): InvokeEvent => ({ sender: { id: 7, mainFrame }, senderFrame: mainFrame, ...overrides })
  const invoke = (channel: string, ev: InvokeEvent, input?: unknown): Promise<BridgeResult<unknown>> => listeners.get(channel)!(ev, input)
  return { listeners, calls, failures, bugs, event, invoke, destroy: () => destroy(), mainFrame }
}

describe('bindBridge: every operation bound once, every call checked', () => {
  it('binds exactly one channel per operation of the contract', () => {
    const { listeners } = setup()
    expect([...listeners.keys()].sort()).toEqual(OPERATION_NAMES.map(channelOf).sort())
  })

  it('runs a call from our window main frame', async () => {
    const { invoke, event, calls } = setup()
    const result = await invoke(channelOf('getAbout'), event())
    expect(result.ok).toBe(true)
    expect(calls).toEqual(['getAbout'])
  })

  it('refuses a WebContents it did not create, and one that was destroyed', async () => {
    const { invoke, event, calls, mainFrame, destroy } = setup()
    const stranger = await invoke(channelOf('getAbout'), event({ sender: { id: 99, mainFrame } }))
    expect(stranger).toMatchObject({ ok: false, error: { message: /not come from a window of this app/ } })
    destroy()
    expect((await invoke(channelOf('getAbout'), event())).ok).toBe(false)
    expect(calls).toEqual([])
  })

  it('refuses a sub-frame and a page that is not ours', async () => {
    const { invoke, event, calls, mainFrame } = setup()
    const subFrame = { url: `${OUR_PAGE}` }
    expect(await invoke(channelOf('getAbout'), event({ senderFrame: subFrame }))).toMatchObject({ ok: false, error: { message: /main frame/ } })
    const foreign = { url: 'https://evil.example/' }
    expect(
      await invoke(channelOf('getAbout'), { sender: { id: 7, mainFrame: foreign }, senderFrame: foreign }),
    ).toMatchObject({ ok: false, error: { message: /not part of this app/ } })
    expect(await invoke(channelOf('getAbout'), event({ senderFrame: null }))).toMatchObject({ ok: false })
    expect(calls).toEqual([])
    expect(mainFrame.url).toContain(OUR_PAGE)
  })

  it('validates the input against the contract before any service runs', async () => {
    const { invoke, event, calls } = setup()
    const result = await invoke(channelOf('probePbx'), event(), { baseUrl: 'javascript:alert(1)' })
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'baseUrl' } })
    expect(calls).toEqual([])
  })

  it('reports each failed call by operation (for the log), never its input', async () => {
    const { invoke, event, failures, bugs, mainFrame } = setup()
    await invoke(channelOf('getAbout'), event())
    expect(failures).toEqual([])
    await invoke(channelOf('probePbx'), event(), { baseUrl: 'javascript:alert(1)' })
    await invoke(channelOf('getAbout'), event({ sender: { id: 99, mainFrame } }))
    const internal = await invoke(channelOf('listSessions'), event())
    expect(internal).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(failures).toEqual(['probePbx: INVALID_INPUT', 'getAbout: INVALID_INPUT', 'listSessions: INTERNAL'])
    expect(bugs).toEqual(['listSessions: a bug in a service'])
  })
})
