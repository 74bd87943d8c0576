/**
 * The WebContents ids allowed to call the Bridge: added when our window is created, removed when
 * it is destroyed (as GitHub Desktop's trusted-ipc-sender does). Any other sender is refused.
 */
export function createTrustedSenders() {
  const ids = new Set<number>()
  return {
    add(contents: { id: number; once(event: 'destroyed', listener: () => void): unknown }) {
      ids.add(contents.id)
      contents.once('destroyed', () => ids.delete(contents.id))
    },
    has: (id: number) => ids.has(id),
  }
}
export type TrustedSenders = ReturnType<typeof createTrustedSenders>
