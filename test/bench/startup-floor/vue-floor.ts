import { createApp, defineComponent, h, ref } from 'vue'
import { countAndRows, savedPbxs } from './floor-list'
import type { PbxProfile } from '../../../electron/contract/profiles'

/** The floor with Vue alone: the saved PBXs' count and first rows, nothing else. */
const App = defineComponent(() => {
  const profiles = ref<PbxProfile[]>([])
  void savedPbxs().then((answer) => (profiles.value = answer))
  return () => h('main', countAndRows(profiles.value))
})

createApp(App).mount('#app')
