import { base64Of, useFileDrop, type FileRefusal, type TakenFile } from '@renderer/composables/file-drop'
import { describe, expect, it, vi } from 'vitest'

const dragOf = (type: string, files: File[] = []) => {
  const event = new Event(type, { cancelable: true }) as DragEvent
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files, dropEffect: 'none' } })
  return event
}

function setUp(more: { maxBytes?: number; disabled?: () => boolean } = {}) {
  const taken: TakenFile[] = []
  const refused: [FileRefusal, string][] = []
  const drop = useFileDrop({
    accept: ['.csv', '.TXT'],
    ...more,
    onFile: (file) => void taken.push(file),
    onRefused: (reason, file) => void refused.push([reason, file.name]),
  })
  return { drop, taken, refused }
}

describe('useFileDrop', () => {
  it('counts nested dragenter/dragleave, so moving over a child does not end the drag', () => {
    const { drop } = setUp()
    const enter = dragOf('dragenter')
    drop.handlers.dragenter(enter)
    expect(enter.defaultPrevented).toBe(true)
    drop.handlers.dragenter(dragOf('dragenter'))
    drop.handlers.dragleave(dragOf('dragleave'))
    expect(drop.isDragging.value).toBe(true)
    drop.handlers.dragleave(dragOf('dragleave'))
    expect(drop.isDragging.value).toBe(false)
  })

  it('ignores drags without files', () => {
    const { drop } = setUp()
    const event = new Event('dragenter', { cancelable: true }) as DragEvent
    Object.defineProperty(event, 'dataTransfer', { value: { types: ['text/plain'], files: [] } })
    drop.handlers.dragenter(event)
    expect(drop.isDragging.value).toBe(false)
    expect(event.defaultPrevented).toBe(false)
  })

  it('takes a dropped file of an accepted type (any case) with its text, and ends the drag', async () => {
    const { drop, taken, refused } = setUp()
    drop.handlers.dragenter(dragOf('dragenter'))
    await drop.handlers.drop(dragOf('drop', [new File(['a,b'], 'Phones.CSV')]))
    await drop.handlers.drop(dragOf('drop', [new File(['x'], 'notes.txt')]))
    expect(drop.isDragging.value).toBe(false)
    expect(taken.map(({ fileName, text }) => ({ fileName, text }))).toEqual([
      { fileName: 'Phones.CSV', text: 'a,b' },
      { fileName: 'notes.txt', text: 'x' },
    ])
    expect(refused).toEqual([])
  })

  it("hands over the file's bytes as they are, never decoded (a spreadsheet's encoding is main's to read)", async () => {
    const { drop, taken } = setUp()
    // "Büro" in Windows-1252: FC is no UTF-8
    const bytes = new Uint8Array([0x42, 0xfc, 0x72, 0x6f])
    await drop.handlers.drop(dragOf('drop', [new File([bytes], 'w.csv')]))
    expect(taken).toHaveLength(1)
    expect([...taken[0]!.bytes]).toEqual([...bytes])
    expect(base64Of(taken[0]!.bytes)).toBe(Buffer.from(bytes).toString('base64'))
  })

  it('base64Of: any length, in chunks (the bytes of a 20 MB file do not fit in one call)', () => {
    const bytes = Uint8Array.from({ length: 100_003 }, (_, i) => (i * 31) % 256)
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'))
    expect(base64Of(new Uint8Array())).toBe('')
  })

  it('refuses another type, a file too large, and one that cannot be read', async () => {
    const { drop, taken, refused } = setUp({ maxBytes: 4 })
    await drop.take(new File(['{}'], 'list.json'))
    await drop.take(new File(['12345'], 'big.csv'))
    const broken = new File(['a'], 'locked.csv')
    vi.spyOn(broken, 'arrayBuffer').mockRejectedValue(new Error('locked'))
    await drop.take(broken)
    expect(taken).toEqual([])
    expect(refused).toEqual([
      ['type', 'list.json'],
      ['size', 'big.csv'],
      ['read', 'locked.csv'],
    ])
  })

  it('ignores a drop while disabled', async () => {
    let busy = true
    const { drop, taken } = setUp({ disabled: () => busy })
    await drop.handlers.drop(dragOf('drop', [new File(['a'], 'a.csv')]))
    expect(taken).toEqual([])
    busy = false
    await drop.handlers.drop(dragOf('drop', [new File(['a'], 'a.csv')]))
    expect(taken).toHaveLength(1)
  })

  it('takes the file picked in an <input type="file"> and clears it, so the same file may be picked again', async () => {
    const { drop, taken } = setUp()
    const input = document.createElement('input')
    input.type = 'file'
    Object.defineProperty(input, 'files', { value: [new File(['a'], 'a.csv')] })
    await drop.onFileChosen({ target: input } as unknown as Event)
    expect(taken.map(({ fileName, text }) => ({ fileName, text }))).toEqual([{ fileName: 'a.csv', text: 'a' }])
    expect(input.value).toBe('')
  })
})
