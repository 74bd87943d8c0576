import { downloadBase64, downloadText } from '@renderer/lib/download'
import { afterEach, describe, expect, it, vi } from 'vitest'

function catchDownloads() {
  const createObjectURL = vi.fn(() => 'blob:file')
  const revokeObjectURL = vi.fn()
  Object.assign(URL, { createObjectURL, revokeObjectURL })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
  return {
    link: () => click.mock.contexts[0] as HTMLAnchorElement,
    blob: () => (createObjectURL.mock.calls[0] as unknown as [Blob])[0],
    revokeObjectURL,
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('download', () => {
  it('offers text as a file through a temporary link, JSON unless told otherwise, and lets the Blob go after', async () => {
    vi.useFakeTimers()
    const downloads = catchDownloads()
    downloadText('list.json', '{"a":1}')

    expect(downloads.link().download).toBe('list.json')
    expect(downloads.link().isConnected).toBe(false)
    expect(downloads.blob().type).toBe('application/json')
    expect(await downloads.blob().text()).toBe('{"a":1}')
    expect(downloads.revokeObjectURL).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(downloads.revokeObjectURL).toHaveBeenCalledWith('blob:file')
  })

  it('offers base64 as the bytes it stands for, every byte value kept', async () => {
    const downloads = catchDownloads()
    downloadBase64('labels.pdf', btoa(String.fromCharCode(0, 127, 128, 255)), 'application/pdf')

    expect(downloads.link().download).toBe('labels.pdf')
    expect(downloads.blob().type).toBe('application/pdf')
    expect([...new Uint8Array(await downloads.blob().arrayBuffer())]).toEqual([0, 127, 128, 255])
  })
})
