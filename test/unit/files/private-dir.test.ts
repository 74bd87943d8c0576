import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import log from 'electron-log/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configureLogger } from '../../../electron/services/desktop/log-files'
import type { Services } from '../../../electron/services'
import { invoker } from '../invoke'
import { testServices } from '../test-services'

// POSIX modes only: Windows folders inherit the profile's ACL, and the app changes nothing there
const posix = process.platform !== 'win32'
const modeOf = (path: string): number => statSync(path).mode & 0o777

let root: string
let services: Services | undefined
beforeEach(() => {
  // the umask of a usual desktop session: without the app's own mode, a new folder would be 0755
  root = mkdtempSync(join(tmpdir(), 'pbx-modes-'))
})
afterEach(async () => {
  await services?.dispose()
  services = undefined
  rmSync(root, { recursive: true, force: true })
})

describe.skipIf(!posix)('the folders the app makes are readable by the user alone (0700)', () => {
  it('the data folder it creates, batches/ and batches/damaged/', async () => {
    const previous = process.umask(0o022)
    try {
      const dataDir = join(root, 'new', 'PBX Provisioner')
      services = testServices(dataDir)
      const call = invoker(services.handlers)
      const batch = await call('createEmptyBatch', { name: 'Site A', defaults: {} })
      await call('saveUiState', { lastPath: '/dect' })
      expect(modeOf(dataDir)).toBe(0o700)
      expect(modeOf(join(root, 'new'))).toBe(0o700)
      expect(modeOf(join(dataDir, 'batches'))).toBe(0o700)
      expect(modeOf(join(dataDir, 'batches', `${batch.id}.json`))).toBe(0o600)

      // a damaged file moved aside goes to a folder of the same mode
      const { writeFile } = await import('node:fs/promises')
      await writeFile(join(dataDir, 'batches', `${batch.id}.json`), 'damaged')
      await call('deleteBatch', { batchId: batch.id })
      expect(modeOf(join(dataDir, 'batches', 'damaged'))).toBe(0o700)
    } finally {
      process.umask(previous)
    }
  })

  it('a batches folder an older version made 0755 is narrowed to 0700 when the app opens it', async () => {
    const batches = join(root, 'batches')
    mkdirSync(batches)
    chmodSync(batches, 0o755)
    services = testServices(root)
    expect(await invoker(services.handlers)('listBatches')).toEqual([])
    expect(modeOf(batches)).toBe(0o700)
  })

  it('the logs folder: made 0700, and an older 0755 one narrowed when the logger starts', () => {
    const made = join(root, 'logs-new')
    configureLogger(log.create({ logId: `modes-${Math.random()}` }), { file: join(made, 'main.log'), maxBytes: 1024, keep: 1, consoleLevel: 'warn' })
    expect(modeOf(made)).toBe(0o700)

    const old = join(root, 'logs-old')
    mkdirSync(old)
    chmodSync(old, 0o755)
    const logger = log.create({ logId: `modes-${Math.random()}` })
    configureLogger(logger, { file: join(old, 'main.log'), maxBytes: 1024, keep: 1, consoleLevel: 'warn' })
    logger.transports.console.level = false
    logger.info('hello')
    expect(modeOf(old)).toBe(0o700)
    expect(modeOf(join(old, 'main.log'))).toBe(0o600)
  })
})
