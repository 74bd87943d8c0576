import {
  NButton,
  NConfigProvider,
  NDialogProvider,
  NGlobalStyle,
  NInput,
  NLayout,
  NLayoutContent,
  NLayoutFooter,
  NLayoutHeader,
  NLayoutSider,
  NMessageProvider,
  NSelect,
  NTag,
} from 'naive-ui'
import { createApp, defineComponent, h, ref } from 'vue'
import { FIRST_ROWS, savedPbxs } from './floor-list'
import type { PbxProfile } from '../../../electron/contract/profiles'

/**
 * The floor with Vue and the Naive UI the app's first screen uses, without the app: the
 * providers, the layout (header, sidebar, content, status bar), the header's buttons and PBX
 * select, the list's search box and buttons, a tag; then the same rows as the Vue floor.
 */
const Screen = defineComponent(() => {
  const profiles = ref<PbxProfile[]>([])
  const search = ref('')
  void savedPbxs().then((answer) => (profiles.value = answer))
  return () =>
    h(NLayout, { position: 'absolute' }, () => [
      h(NLayoutHeader, { bordered: true, style: 'height: 56px' }, () => [
        h(NButton, { quaternary: true, circle: true }, () => '≡'),
        h(NButton, { quaternary: true, size: 'small' }, () => 'Go to…'),
        h(NSelect, { size: 'small', options: [], placeholder: 'Open a PBX…', style: 'width: 240px' }),
      ]),
      h(NLayout, { hasSider: true, position: 'absolute', style: 'top: 56px; bottom: 32px' }, () => [
        h(NLayoutSider, { bordered: true, width: 220 }, () => h('nav', 'Areas')),
        h(NLayoutContent, null, () => [
          h('p', { class: 'pbxs-view__count' }, `${profiles.value.length} saved PBXs`),
          h(NInput, { value: search.value, onUpdateValue: (value: string) => (search.value = value), placeholder: 'Search' }),
          h(NButton, { type: 'primary' }, () => 'Add PBX'),
          h(NButton, null, () => 'Import…'),
          h(NButton, null, () => 'Export…'),
          h(NTag, { size: 'small', bordered: false }, () => 'tag'),
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
        ]),
      ]),
      h(NLayoutFooter, { bordered: true, position: 'absolute' }, () => 'status'),
    ])
})

const App = defineComponent(() => () =>
  h(NConfigProvider, null, () => [h(NGlobalStyle), h(NMessageProvider, null, () => h(NDialogProvider, null, () => h(Screen)))]),
)

createApp(App).mount('#app')
