import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import log from 'electron-log/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configureLogger, redactLogMessage, rotateLogFiles } from '../../../electron/services/desktop/log-files'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbx-logs-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const names = () => readdirSync(dir).sort()

describe('rotateLogFiles', () => {
  it('sets the file aside as main.1.log and shifts the older ones, keeping `keep` of them', () => {
    const file = join(dir, 'main.log')
    for (const [name, text] of [['main.log', 'now'], ['main.1.log', 'one'], ['main.2.log', 'two'], ['main.3.log', 'three']]) writeFileSync(join(dir, name!), text!)
    rotateLogFiles(file, 3)
    expect(names()).toEqual(['main.1.log', 'main.2.log', 'main.3.log'])
    expect(readFileSync(join(dir, 'main.1.log'), 'utf8')).toBe('now')
    expect(readFileSync(join(dir, 'main.2.log'), 'utf8')).toBe('one')
    expect(readFileSync(join(dir, 'main.3.log'), 'utf8')).toBe('two')
  })

  it('works with no older files yet', () => {
    writeFileSync(join(dir, 'main.log'), 'first')
    rotateLogFiles(join(dir, 'main.log'), 3)
    expect(names()).toEqual(['main.1.log'])
  })
})

describe('configureLogger (the same setup main gives electron-log)', () => {
  function logger(file: string, maxBytes = 1024 * 1024) {
    const instance = log.create({ logId: `test-${Math.random()}` })
    configureLogger(instance, { file, maxBytes, keep: 2, consoleLevel: 'warn' })
    instance.transports.console.level = false
    return instance
  }

  it('writes every message redacted, whatever shape the secret comes in', () => {
    const file = join(dir, 'main.log')
    const instance = logger(file)
    instance.info('[bridge] signIn', { profileId: 'p1', password: 'hunter2-pass' })
    instance.warn('GET https://pbx.example/api?access_token=at-secret failed')
    instance.error('[bug] verifySignInCode threw', Object.assign(new Error('code=123456 refused'), { refresh_token: 'rt-secret' }))
    const text = readFileSync(file, 'utf8')
    for (const secret of ['hunter2-pass', 'at-secret', '123456', 'rt-secret']) expect(text).not.toContain(secret)
    expect(text).toContain('[bridge] signIn')
    expect(text).toContain('p1')
    expect(text).toContain('access_token=[redacted]')
    expect(text).toContain('[bug] verifySignInCode threw')
  })

  it('is readable by the user alone', () => {
    const file = join(dir, 'main.log')
    logger(file).info('hello')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('rotates by size and keeps a few files', () => {
    const file = join(dir, 'main.log')
    const instance = logger(file, 2_000)
    for (let line = 0; line < 200; line++) instance.info(`line ${line} ${'x'.repeat(80)}`)
    expect(names()).toEqual(['main.1.log', 'main.2.log', 'main.log'])
    for (const name of names()) expect(statSync(join(dir, name)).size).toBeLessThan(2_000 + 200)
    expect(readFileSync(file, 'utf8')).toContain('line 199')
  })

  it('sends nothing over IPC or to a server', () => {
    const instance = logger(join(dir, 'main.log'))
    expect(instance.transports.ipc?.level ?? false).toBe(false)
    expect(instance.transports.remote?.level ?? false).toBe(false)
  })

  it('the hook answers a redacted copy and leaves the message alone', () => {
    const message = { data: ['token=t-1', { password: 'p' }], date: new Date(), level: 'info' as const }
    expect(redactLogMessage(message).data).toEqual(['token=[redacted]', { password: '[redacted]' }])
    expect(message.data).toEqual(['token=t-1', { password: 'p' }])
  })
})
