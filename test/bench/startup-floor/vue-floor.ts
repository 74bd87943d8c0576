import { createApp, defineComponent, h, ref } from 'vue'
import { FIRST_ROWS, savedPbxs } from './floor-list'
import type { PbxProfile } from '../../../electron/contract/profiles'

/** The floor with Vue alone: the saved PBXs' count and first rows, nothing else. */
const App = defineComponent(() => {
  const profiles = ref<PbxProfile[]>([])
  void savedPbxs().then((answer) => (profiles.value = answer))
  return () =>
    h('main', [
      h('p', { class: 'pbxs-view__count' }, `${profiles.value.length} saved PBXs`),
      h('table', [
        h(
          'tbody',
          profiles.value.slice(0, FIRST_ROWS).map((profile) =>
            h('tr', { key: profile.id, 'data-profile-id': profile.id }, [
              h('td', profile.label),
              h('td', profile.customer),
              h('td', profile.baseUrl),
              h('td', ['Open', 'Edit', 'Remove'].map((text) => h('button', { type: 'button' }, text))),
            ]),
          ),
        ),
      ]),
    ])
})

createApp(App).mount('#app')
