import { contextBridge, ipcRenderer } from 'electron'
import { channelOf, OPERATION_NAMES } from '../contract/operations'

// window.pbx: one method per Bridge operation, built from the contract's list of names.
// No raw ipcRenderer reaches the page; main checks the sender and the input of every call.
const api = Object.fromEntries(
  OPERATION_NAMES.map((name) => [name, (input?: unknown) => ipcRenderer.invoke(channelOf(name), input)]),
)

contextBridge.exposeInMainWorld('pbx', Object.freeze(api))
