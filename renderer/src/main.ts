// first: configures zod before any contract schema is loaded (see zod-setup.ts)
import './zod-setup'
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { loadDarkTheme, osPrefersDark } from './components/shell/dark-theme'
import { createAppRouter } from './router'
import './styles.css'

// a dark start waits for the dark theme (a chunk of its own), so its first paint is dark already
if (osPrefersDark()) await loadDarkTheme()

const app = createApp(App)
app.use(createPinia())
const router = createAppRouter()
app.use(router)
// Mounted once the first screen's route is resolved, so that the shell mounts with the PBX list's
// view instead of the view a render later (issue 17: 15–40 ms sooner on two cores); a reload on
// another screen keeps the start frame until that screen's file is there, and a first navigation
// that fails mounts it all the same. Not awaited here: a screen that loads with its route
// imports modules of this entry's chunk, which would wait for this module to finish, and it for
// them (e2e/quick-switcher.spec.ts, "the last PBX and screen come back after a reload").
void router
  .isReady()
  .catch(() => undefined)
  .then(() => app.mount('#app'))
