import { h, type VNode } from 'vue'
import type { PbxProfile } from '../../../electron/contract/profiles'
import { rowsInView } from '../../../renderer/src/components/pbx/rows-in-view'
import { takeStartupCall } from '../../../renderer/src/startup-calls'

/**
 * What both floor pages draw, as the app's PBX list does: the saved PBXs asked of `window.pbx`
 * by the app's own startup calls (each page imports renderer/src/startup-calls.ts first, and the
 * build makes it a chunk run before the libraries, as the app's), their count, and as many as the
 * app's table draws at once in the window (renderer/src/components/pbx/rows-in-view.ts) as table
 * rows, with the markers the bench watches for (`tr[data-profile-id]`, `.pbx-list-toolbar__count`).
 */

export async function savedPbxs(): Promise<PbxProfile[]> {
  const answer = await takeStartupCall('listProfiles', () => window.pbx.listProfiles())
  if (!answer.ok) throw new Error(answer.error.message)
  return answer.value
}

/** The count and the first rows, drawn with Vue alone (each row's three buttons plain, as the app's). */
export function countAndRows(profiles: readonly PbxProfile[]): VNode[] {
  return [
    h('p', { class: 'pbx-list-toolbar__count' }, `${profiles.length} saved PBXs`),
    h('table', [
      h(
        'tbody',
        profiles.slice(0, rowsInView(window.innerHeight)).map((profile) =>
          h('tr', { key: profile.id, 'data-profile-id': profile.id }, [
            h('td', profile.label),
            h('td', profile.customer),
            h('td', profile.baseUrl),
            h('td', ['Open', 'Edit', 'Remove'].map((text) => h('button', { type: 'button' }, text))),
          ]),
        ),
      ),
    ]),
  ]
}
