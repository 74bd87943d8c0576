import { describe, expect, it, vi } from 'vitest'
import { webAddressOnly } from '../../../electron/main/external-links'

describe('webAddressOnly (what main lets shell.openExternal open)', () => {
  it.each(['https://idp.example/authorize?state=a&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fx', 'http://127.0.0.1:8901/idp/authorize'])(
    'opens the web address %s',
    async (url) => {
      const open = vi.fn(async () => undefined)
      await webAddressOnly(open)(url)
      expect(open).toHaveBeenCalledExactlyOnceWith(url)
    },
  )

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'ms-settings:privacy', 'mailto:a@b.example', 'not a url', ''])(
    'refuses %j without calling the shell',
    async (url) => {
      const open = vi.fn(async () => undefined)
      await expect(webAddressOnly(open)(url)).rejects.toThrow(/Only http:\/\/ and https:\/\//)
      expect(open).not.toHaveBeenCalled()
    },
  )

  it('passes on a failure of the shell', async () => {
    const open = vi.fn(async () => {
      throw new Error('no browser')
    })
    await expect(webAddressOnly(open)('https://idp.example/')).rejects.toThrow('no browser')
  })
})
