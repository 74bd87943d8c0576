import { isMenuCommand } from '@contract/menu-commands'
import { areaAccess, areaOf, isAreaKey } from '@renderer/areas'
import { askToChooseSpreadsheet } from '@renderer/lib/open-file-request'
import { askToPrint } from '@renderer/lib/print-request'
import { loadBatchesStore } from '@renderer/stores/load-batches'
import { useSessionsStore } from '@renderer/stores/sessions'
import { useMessage } from 'naive-ui'
import { onBeforeUnmount, onMounted } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import { commandForKey, isMac, type AppCommand } from './shortcuts'

/** What "Print labels" says when no batch is open. */
export const NO_BATCH_OPEN = 'Open a DECT batch first: its labels are printed from its Labels tab.'

/**
 * The app's commands (new batch, import CSV, switch PBX, print labels, go to an area, reload),
 * from the Electron menu (`window.pbxMenu`) or, where there is no menu (the Chromium tests, a
 * browser), from the keyboard: Mod+N, Mod+O, Mod+K, Mod+P, Mod+1…6, Mod+R. In Electron the menu's
 * accelerators own those keys, so the page does not handle them a second time.
 * Call from a component's setup inside Naive UI's message provider (the shell does).
 */
export function useAppCommands(options: { openSwitcher: () => void; reload?: () => void }) {
  const router = useRouter()
  const route = useRoute()
  const message = useMessage()
  const sessions = useSessionsStore()

  async function newBatch(): Promise<void> {
    // the same as "New batch by scanning" in the DECT area: an empty batch, opened in scan mode
    const stamp = new Date().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    const batches = await loadBatchesStore()
    const batch = await batches.createEmpty(`Scanned ${stamp}`)
    if (batch) await router.push({ path: `/dect/batches/${encodeURIComponent(batch.id)}`, query: { scan: '1' } })
    else message.error(`Could not create a batch: ${batches.createError?.message ?? 'unknown error'}`, { closable: true, duration: 8000 })
  }

  async function goTo(key: string): Promise<void> {
    if (!isAreaKey(key)) return
    const area = areaOf(key)
    const access = areaAccess(key, sessions.active)
    if (!access.allowed && !access.systemSignIn) {
      message.warning(`${area.title}: ${access.text}`)
      return
    }
    if (route.meta.area !== key || route.path !== area.path) await router.push(area.path)
  }

  async function run(command: AppCommand): Promise<void> {
    switch (command) {
      case 'new-batch':
        return newBatch()
      case 'import-csv':
        // the wizard's first step takes the request and opens the file dialog (the open-file shortcut)
        askToChooseSpreadsheet()
        if (route.name !== 'dect-batch-new') await router.push('/dect/batches/new')
        return
      case 'switch-pbx':
        return options.openSwitcher()
      case 'print-labels':
        // the open batch's label sheet, through the print dialog: the Labels tab takes the request and prints
        if (route.name === 'dect-batch' && typeof route.params.batchId === 'string') {
          askToPrint(route.params.batchId)
          if (route.query.tab !== 'labels') await router.replace({ query: { ...route.query, tab: 'labels' } })
        } else message.info(NO_BATCH_OPEN)
        return
      case 'reload':
        return (options.reload ?? (() => window.location.reload()))()
      default:
        return goTo(command.slice('go:'.length))
    }
  }

  const mac = isMac()
  function onKeydown(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.repeat) return
    const command = commandForKey(event, mac)
    if (command === null) return
    event.preventDefault()
    void run(command)
  }

  let stopMenu: (() => void) | undefined
  onMounted(() => {
    if (window.pbxMenu) {
      stopMenu = window.pbxMenu.onCommand((command) => {
        if (isMenuCommand(command)) void run(command)
      })
    } else window.addEventListener('keydown', onKeydown)
  })
  onBeforeUnmount(() => {
    stopMenu?.()
    window.removeEventListener('keydown', onKeydown)
  })

  return { run }
}
