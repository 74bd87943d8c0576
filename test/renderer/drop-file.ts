import { flushPromises } from '@vue/test-utils'

/** Drops `file` on `target` as a drag from the file manager does (happy-dom has no DataTransfer); answers the event. */
export async function dropFile(target: Element, file: File): Promise<Event> {
  const event = new Event('drop', { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'dataTransfer', { value: { files: [file], types: ['Files'] } })
  target.dispatchEvent(event)
  await flushPromises()
  return event
}
