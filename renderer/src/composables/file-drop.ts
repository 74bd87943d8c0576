import { ref, type Ref } from 'vue'

/** Why a file was not taken: not one of the types accepted, too large, or not readable. */
export type FileRefusal = 'type' | 'size' | 'read'

/**
 * A file taken: its name and its bytes as read. A spreadsheet goes to main as bytes (main reads
 * its encoding: UTF-8, UTF-16, Windows-1252); `text` is the bytes read as UTF-8, for the app's own
 * JSON files (read the first time it is asked for).
 */
export interface TakenFile {
  readonly fileName: string
  readonly bytes: Uint8Array
  readonly text: string
}

const UTF8 = new TextDecoder('utf-8')

function takenFile(fileName: string, bytes: Uint8Array): TakenFile {
  let text: string | undefined
  return {
    fileName,
    bytes,
    get text() {
      text ??= UTF8.decode(bytes)
      return text
    },
  }
}

/** Bytes as base64, how a file's bytes cross to main (a string every transport carries). */
export function base64Of(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64
  if (typeof native === 'function') return native.call(bytes)
  const CHUNK = 0x8000
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  return btoa(binary)
}

export interface FileDropOptions {
  /** the file name endings taken, e.g. ['.json'] (any case) */
  accept: readonly string[]
  /** the largest file taken, in bytes */
  maxBytes?: number
  /** a file taken, with its bytes (and their text as UTF-8) */
  onFile: (file: TakenFile) => void | Promise<void>
  /** a file refused before anything was done with it; the caller says why in its own words */
  onRefused: (reason: FileRefusal, file: File) => void
  /** while true, a dropped file is ignored (e.g. while the last one is still being worked on) */
  disabled?: () => boolean
}

export interface FileDrop {
  /** a drag with files is over the drop zone */
  isDragging: Ref<boolean>
  /** the drop zone's listeners, by event name: `v-on="handlers"`, or addEventListener each */
  handlers: {
    dragenter: (event: DragEvent) => void
    dragover: (event: DragEvent) => void
    dragleave: (event: DragEvent) => void
    drop: (event: DragEvent) => Promise<void>
  }
  /** the `change` listener of an `<input type="file">`: takes the file picked */
  onFileChosen: (event: Event) => Promise<void>
  /** checks and reads a file, then hands it to `onFile` (or says why not to `onRefused`) */
  take: (file: File) => Promise<void>
}

/** a drag that carries files (not text or a link dragged inside the page) */
export const hasFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes('Files') ?? false

/**
 * One way to take a file dropped on a zone or picked with the system's file dialog: drags are
 * counted (entering a child fires dragleave on the parent), only drags with files are answered,
 * and the file's type and size are checked before it is read; `onFile` gets its bytes (never text
 * decoded here: a spreadsheet's encoding is main's to read).
 */
export function useFileDrop(options: FileDropOptions): FileDrop {
  const isDragging = ref(false)
  let depth = 0
  const accepted = (name: string): boolean => options.accept.some((ending) => name.toLowerCase().endsWith(ending.toLowerCase()))

  async function take(file: File): Promise<void> {
    if (!accepted(file.name)) return options.onRefused('type', file)
    if (options.maxBytes !== undefined && file.size > options.maxBytes) return options.onRefused('size', file)
    let bytes: Uint8Array
    try {
      bytes = new Uint8Array(await file.arrayBuffer())
    } catch {
      return options.onRefused('read', file)
    }
    await options.onFile(takenFile(file.name, bytes))
  }

  const handlers: FileDrop['handlers'] = {
    dragenter(event) {
      if (!hasFiles(event)) return
      event.preventDefault()
      depth++
      isDragging.value = true
    },
    dragover(event) {
      if (!hasFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    },
    dragleave(event) {
      if (!hasFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) isDragging.value = false
    },
    async drop(event) {
      depth = 0
      isDragging.value = false
      const file = event.dataTransfer?.files[0]
      if (!file) return
      event.preventDefault()
      if (options.disabled?.()) return
      await take(file)
    },
  }

  async function onFileChosen(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = '' // the same file may be chosen again
    if (file) await take(file)
  }

  return { isDragging, handlers, onFileChosen, take }
}
