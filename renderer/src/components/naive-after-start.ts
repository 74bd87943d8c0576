import { afterNextPaint } from '@renderer/lib/after-paint'
import { shallowRef, type ShallowRef } from 'vue'
import type * as NaiveAfterStart from './naive-after-start-parts'

/**
 * Naive UI's search box and tooltip, for the first screen: the PBX list's search box comes once
 * the list is painted (pbx/PbxListToolbar.vue), and a tooltip shows only on hover or focus
 * (common/DeferredTooltip.vue). With what they bring (the popover, the follower, the input's
 * autosize), they were more than a quarter of the libraries a start parses (about 70 kB of 260
 * minified), and the list's first paint waited for that parse (issue 17: about 45–80 ms on two
 * cores). So they are a chunk of their own, asked for after the first paint, and until it is
 * there the screen shows what it can without them.
 */
type Parts = typeof NaiveAfterStart

const parts = shallowRef<Parts | null>(null)
let loading: Promise<Parts> | null = null

/** Loads the chunk (once; asked again after a failure); `useNaiveAfterStart` then holds it. */
export function loadNaiveAfterStart(): Promise<Parts> {
  loading ??= import('./naive-after-start-parts').then(
    (loaded) => (parts.value = loaded),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/**
 * Asks for the chunk without waiting for it, unless it is there already. A chunk that fails to
 * load (files replaced by an update under a running app) is asked for again by the next who
 * needs it: a search box focused, a tooltip mounted.
 */
export function askForNaiveAfterStart(): void {
  if (!parts.value) void loadNaiveAfterStart().catch(() => undefined)
}

/** Asks for the chunk once the next frame is painted (`askForNaiveAfterStart`); returns what cancels that. */
export function loadNaiveAfterPaint(): () => void {
  if (parts.value) return () => {}
  return afterNextPaint(askForNaiveAfterStart)
}

/** The components, once loaded: null until then. */
export function useNaiveAfterStart(): Readonly<ShallowRef<Parts | null>> {
  return parts
}
