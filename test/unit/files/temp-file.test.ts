import { readFile, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { withTempFile } from '../../../electron/services/files/temp-file'

const gone = (path: string) => stat(path).then(() => false, () => true)

describe('a temporary file', () => {
  it('holds the content while it is used, only for this user, and is gone afterwards', async () => {
    const content = `<!doctype html>${'<p>label</p>'.repeat(300_000)}` // over 3 MB: more than a data: URL takes
    let seen = ''
    const answer = await withTempFile('labels.html', content, async (path) => {
      expect(path.endsWith('labels.html')).toBe(true)
      expect(await readFile(path, 'utf8')).toBe(content)
      expect((await stat(path)).mode & 0o777).toBe(0o600)
      expect((await stat(dirname(path))).mode & 0o777).toBe(0o700)
      seen = path
      return 42
    })
    expect(answer).toBe(42)
    expect(await gone(dirname(seen))).toBe(true)
  })

  it('is removed when its use fails, and the failure goes on', async () => {
    let seen = ''
    await expect(
      withTempFile('labels.html', 'x', async (path) => {
        seen = path
        throw new Error('printing failed')
      }),
    ).rejects.toThrow('printing failed')
    expect(seen).not.toBe('')
    expect(await gone(dirname(seen))).toBe(true)
  })
})
