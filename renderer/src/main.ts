// first: asks main for what the first screen shows, before the libraries run (see startup-calls.ts)
import './startup-calls'
// then: configures zod before any contract schema is loaded (see zod-setup.ts)
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
app.use(createAppRouter())
app.mount('#app')
