import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { withTempFile } from '../../../electron/services/desktop/temp-file'

describe('withTempFile (the PDF the print window loads)', () => {
  it('writes the bytes to a private file, and removes its folder afterwards', async () => {
    let seen = ''
    const answer = await withTempFile(Buffer.from('%PDF-1.3'), 'labels.pdf', async (path) => {
      seen = path
      expect(readFileSync(path, 'utf8')).toBe('%PDF-1.3')
      if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
      return 'printed'
    })
    expect(answer).toBe('printed')
    expect(seen).toMatch(/labels\.pdf$/)
    expect(existsSync(dirname(seen))).toBe(false)
  })

  it('removes it when the work fails too', async () => {
    let seen = ''
    await expect(
      withTempFile(Buffer.from('x'), 'labels.pdf', async (path) => {
        seen = path
        throw new Error('no printer')
      }),
    ).rejects.toThrow('no printer')
    expect(existsSync(dirname(seen))).toBe(false)
  })
})
