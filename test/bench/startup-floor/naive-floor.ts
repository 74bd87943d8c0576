import { NButton, NConfigProvider, NDialogProvider, NGlobalStyle, NMessageProvider, NTag } from 'naive-ui'
import { createApp, defineComponent, h, ref } from 'vue'
import { loadNaiveAfterPaint, useNaiveAfterStart } from '../../../renderer/src/components/naive-after-start'
import { afterNextPaint } from '../../../renderer/src/lib/after-paint'
import { countAndRows, savedPbxs } from './floor-list'
import type { PbxProfile } from '../../../electron/contract/profiles'

/**
 * The floor with Vue and the Naive UI components the app's first screen mounts, without the app:
 * the providers (without the app's theme overrides) and the status bar's tag (the frame, the
 * sidebar, the header's two buttons and the table are plain elements in the app too); then the same rows
 * as the Vue floor, and, once they are painted, the list's four buttons and, from the chunk the
 * app asks for then (renderer/src/components/naive-after-start.ts), its search box (as the app's
 * toolbar comes, renderer/src/components/pbx/PbxListToolbar.vue).
 */
const Screen = defineComponent(() => {
  const profiles = ref<PbxProfile[]>([])
  const search = ref('')
  const tools = ref(false)
  const later = useNaiveAfterStart()
  void savedPbxs().then((answer) => {
    profiles.value = answer
    afterNextPaint(() => (tools.value = true))
    loadNaiveAfterPaint()
  })
  return () =>
    h('div', [
      h('header', [h('button', { type: 'button' }, '≡'), h('button', { type: 'button' }, 'Go to…')]),
      h('main', [
        ...(tools.value
          ? [
              ...(later.value ? [h(later.value.NInput, { value: search.value, onUpdateValue: (value: string) => (search.value = value), placeholder: 'Search' })] : []),
              h(NButton, null, () => 'Try the demo PBX'),
              h(NButton, null, () => 'Import…'),
              h(NButton, null, () => 'Export'),
              h(NButton, { type: 'primary' }, () => 'Add PBX'),
            ]
          : []),
        ...countAndRows(profiles.value),
      ]),
      h('footer', [h(NTag, { size: 'small', bordered: false, type: 'success' }, () => 'Keychain: available')]),
    ])
})

const App = defineComponent(() => () =>
  h(NConfigProvider, null, () => [h(NGlobalStyle), h(NMessageProvider, null, () => h(NDialogProvider, null, () => h(Screen)))]),
)

createApp(App).mount('#app')
