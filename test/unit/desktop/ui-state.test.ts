import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServices } from '../../../electron/services'
import { createUiStateService, UI_STATE_FILE } from '../../../electron/services/desktop/ui-state'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import { invoker, type BridgeFailure } from '../invoke'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbx-ui-state-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** the operations as the renderer calls them: through dispatch, input checked by the contract */
function call(dataDir = dir) {
  const services = createServices({
    dataDir,
    keychain: { available: true, store: createMemorySecretStore() },
    app: { name: 'PBX Provisioner', version: 'test', versions: { node: process.versions.node }, platform: 'linux' },
  })
  return { invoke: invoker(services.handlers), services }
}

describe('getUiState / saveUiState: the last PBX and screen, in ui-state.json', () => {
  it('answers nulls on a first run', async () => {
    const { invoke, services } = call()
    expect(await invoke('getUiState')).toEqual({ lastProfileId: null, lastPath: null })
    await services.dispose()
  })

  it('remembers across runs, a field left out keeping its value', async () => {
    const first = call()
    expect(await first.invoke('saveUiState', { lastProfileId: 'p-acme', lastPath: '/outbound' })).toEqual({ lastProfileId: 'p-acme', lastPath: '/outbound' })
    expect(await first.invoke('saveUiState', { lastPath: '/dect/batches/b-1' })).toEqual({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-1' })
    await first.services.dispose()

    const second = call()
    expect(await second.invoke('getUiState')).toEqual({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-1' })
    expect(await second.invoke('saveUiState', { lastProfileId: null })).toEqual({ lastProfileId: null, lastPath: '/dect/batches/b-1' })
    await second.services.dispose()
    expect(JSON.parse(readFileSync(join(dir, UI_STATE_FILE), 'utf8'))).toEqual({ lastProfileId: null, lastPath: '/dect/batches/b-1' })
  })

  it('writes atomically: no temporary file is left, and quick saves land in order', async () => {
    const { handlers } = createUiStateService({ dataDir: dir })
    const paths = ['/pbxs', '/dect', '/ivr', '/outbound', '/templates', '/notifications']
    await Promise.all(paths.map((lastPath) => handlers.saveUiState({ lastPath })))
    expect(readdirSync(dir)).toEqual([UI_STATE_FILE])
    expect(await createUiStateService({ dataDir: dir }).handlers.getUiState(undefined)).toEqual({ lastProfileId: null, lastPath: '/notifications' })
  })

  it.each([
    ['not JSON', '{"lastProfileId": "p'],
    ['an array', '[1, 2]'],
    ['a number', '42'],
  ])('reads a corrupt file (%s) as nulls, and a save replaces it', async (_what, content) => {
    writeFileSync(join(dir, UI_STATE_FILE), content)
    const { invoke, services } = call()
    expect(await invoke('getUiState')).toEqual({ lastProfileId: null, lastPath: null })
    expect(await invoke('saveUiState', { lastPath: '/dect' })).toEqual({ lastProfileId: null, lastPath: '/dect' })
    await services.dispose()
  })

  it('drops a field a hand edit made invalid and keeps the other', async () => {
    writeFileSync(join(dir, UI_STATE_FILE), JSON.stringify({ lastProfileId: 'p-acme', lastPath: 'javascript:alert(1)' }))
    const { invoke, services } = call()
    expect(await invoke('getUiState')).toEqual({ lastProfileId: 'p-acme', lastPath: null })
    await services.dispose()
  })

  it('refuses a path that is not a screen of the app, naming the field', async () => {
    const { invoke, services } = call()
    const failure = (await invoke('saveUiState', { lastPath: 'https://evil.example/' }).catch((error: unknown) => error)) as BridgeFailure
    expect(failure).toMatchObject({ code: 'INVALID_INPUT', field: 'lastPath' })
    expect(readdirSync(dir)).not.toContain(UI_STATE_FILE)
    await services.dispose()
  })
})
