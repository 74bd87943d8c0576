import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { isMenuCommand, MENU_CHANNEL, type MenuCommand, type PbxMenuApi } from '../contract/menu-commands'
import { channelOf, OPERATION_NAMES } from '../contract/operations'
import { ASKED_AT_START, createBridgeApi } from './bridge-api'

// window.pbx: one method per Bridge operation, built from the contract's list of names, the first
// screen's calls asked at once (bridge-api.ts). No raw ipcRenderer reaches the page; main checks
// the sender and the input of every call.
const api = createBridgeApi(OPERATION_NAMES, ASKED_AT_START, (name, input) => ipcRenderer.invoke(channelOf(name), input))

contextBridge.exposeInMainWorld('pbx', api)

// window.pbxMenu: the application menu's commands (main → renderer). Only names of the contract's
// list reach the page, and the page never sees the IPC event.
const menu: PbxMenuApi = {
  onCommand(listener: (command: MenuCommand) => void) {
    const forward = (_event: IpcRendererEvent, command: unknown) => {
      if (isMenuCommand(command)) listener(command)
    }
    ipcRenderer.on(MENU_CHANNEL, forward)
    return () => {
      ipcRenderer.removeListener(MENU_CHANNEL, forward)
    }
  },
}

contextBridge.exposeInMainWorld('pbxMenu', Object.freeze(menu))
