import { MAC_PATTERN, normalizeMac } from '@contract/pbx-resources'
import { macText } from '@renderer/lib/dect-text'
import { ref, type Ref } from 'vue'

/** What the last MAC typed in the walk did: found its base, or why not (nothing else changes). */
export type MacJumpMessage = { kind: 'ok' | 'error'; text: string }

/** The characters a MAC is typed or scanned with: hex digits and the separators of MAC_PATTERN. */
const MAC_CHARACTER = /^[0-9A-Fa-f:-]$/
/** Longer than any MAC with separators: a longer run is not a MAC, and is not kept growing. */
const MOST_TYPED = 17

/**
 * A MAC typed or scanned in the QR walk (a scanner types its characters, then Enter) jumps to
 * that base. `onKey` takes each key the walk did not use for itself: a MAC's characters are kept
 * (`typed`, shown as they come), Backspace takes one back, Escape drops them, Enter looks the MAC
 * up in `codes` and calls `goTo` with its place; a MAC not in the batch, or text that is no MAC,
 * is said in `message` and nothing moves. True when the key was taken.
 */
export function useMacJump(codes: Readonly<Ref<readonly { mac: string }[]>>, goTo: (at: number) => void) {
  const typed = ref('')
  const message = ref<MacJumpMessage | null>(null)

  function look(text: string): void {
    if (!MAC_PATTERN.test(text)) {
      message.value = { kind: 'error', text: `“${text}” is not a MAC: type or scan its 12 hex digits (e.g. 00:15:65:AA:BB:CC).` }
      return
    }
    const mac = normalizeMac(text)
    const at = codes.value.findIndex((code) => normalizeMac(code.mac) === mac)
    if (at === -1) {
      message.value = { kind: 'error', text: `No base with MAC ${macText(mac)} in this batch.` }
      return
    }
    goTo(at)
    message.value = { kind: 'ok', text: `Went to the base with MAC ${macText(mac)}.` }
  }

  function onKey(key: string): boolean {
    if (MAC_CHARACTER.test(key)) {
      if (typed.value.length < MOST_TYPED + 1) typed.value += key
      message.value = null
      return true
    }
    if (typed.value === '') return false
    if (key === 'Enter') {
      const text = typed.value
      typed.value = ''
      look(text)
    } else if (key === 'Backspace') typed.value = typed.value.slice(0, -1)
    else if (key === 'Escape') typed.value = ''
    else return false
    return true
  }

  return { typed, message, onKey }
}
