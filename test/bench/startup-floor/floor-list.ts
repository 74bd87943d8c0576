import { h, type VNode } from 'vue'
import type { PbxProfile } from '../../../electron/contract/profiles'
import { rowsInView } from '../../../renderer/src/components/pbx/rows-in-view'

/**
 * What both floor pages draw, as the app's PBX list does: the saved PBXs asked of `window.pbx`
 * (whose first answer was asked as the page started, by the preload's code the bench puts in the
 * page: electron/preload/bridge-api.ts), their count, and as many as the
 * app's table draws at once in the window (renderer/src/components/pbx/rows-in-view.ts) as table
 * rows, with the markers the bench watches for (`tr[data-profile-id]`, `.pbx-list-toolbar__count`).
 */

export async function savedPbxs(): Promise<PbxProfile[]> {
  const answer = await window.pbx.listProfiles()
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
