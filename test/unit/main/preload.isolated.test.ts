import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MENU_CHANNEL, type MenuCommand, type PbxMenuApi } from '../../../electron/contract/menu-commands'
import { channelOf, OPERATION_NAMES } from '../../../electron/contract/operations'
import { ASKED_AT_START } from '../../../electron/preload/bridge-api'

// The preload runs in Electron's sandbox; here `electron` is a stand-in that records what the
// preload exposes, so what the page receives is checked in Node.
const exposed = new Map<string, unknown>()
const ipc = Object.assign(new EventEmitter(), { invoke: vi.fn(async (channel: string, input: unknown) => ({ channel, input })) })
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: ipc,
}))

beforeEach(async () => {
  exposed.clear()
  ipc.removeAllListeners()
  ipc.invoke.mockClear()
  vi.resetModules()
  await import('../../../electron/preload/index')
})

describe('the preload', () => {
  it('exposes window.pbx (one frozen method per operation) and window.pbxMenu, nothing else', async () => {
    expect([...exposed.keys()].sort()).toEqual(['pbx', 'pbxMenu'])
    const pbx = exposed.get('pbx') as Record<string, (input?: unknown) => Promise<unknown>>
    expect(Object.isFrozen(pbx)).toBe(true)
    expect(Object.keys(pbx).sort()).toEqual([...OPERATION_NAMES].sort())
    expect(await pbx.getUiState!()).toEqual({ channel: channelOf('getUiState'), input: undefined })
    expect(Object.keys(exposed.get('pbxMenu') as object)).toEqual(['onCommand'])
  })

  it('asks main for what the first screen shows as it runs, before the page has asked anything: its first call of each takes that answer', async () => {
    expect(ipc.invoke.mock.calls).toEqual(ASKED_AT_START.map((name) => [channelOf(name), undefined]))
    const pbx = exposed.get('pbx') as Record<string, (input?: unknown) => Promise<unknown>>
    expect(await pbx.listSessions!()).toEqual({ channel: channelOf('listSessions'), input: undefined })
    expect(ipc.invoke).toHaveBeenCalledTimes(ASKED_AT_START.length)
    await pbx.listSessions!()
    expect(ipc.invoke).toHaveBeenCalledTimes(ASKED_AT_START.length + 1)
  })

  it('passes on the menu commands of the contract only, without the IPC event, until told to stop', () => {
    const menu = exposed.get('pbxMenu') as PbxMenuApi
    const heard: MenuCommand[] = []
    const stop = menu.onCommand((command) => heard.push(command))
    const event = { sender: ipc, senderFrame: null }
    ipc.emit(MENU_CHANNEL, event, 'switch-pbx')
    ipc.emit(MENU_CHANNEL, event, 'go:outbound')
    ipc.emit(MENU_CHANNEL, event, 'rm -rf /')
    ipc.emit(MENU_CHANNEL, event, { command: 'new-batch' })
    ipc.emit('pbx:other', event, 'new-batch')
    expect(heard).toEqual(['switch-pbx', 'go:outbound'])
    stop()
    ipc.emit(MENU_CHANNEL, event, 'new-batch')
    expect(heard).toEqual(['switch-pbx', 'go:outbound'])
    expect(ipc.listenerCount(MENU_CHANNEL)).toBe(0)
  })
})
