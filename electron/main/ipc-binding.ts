import type { BridgeHandlers } from '../contract/bridge'
import { channelOf, OPERATION_NAMES } from '../contract/operations'
import type { BridgeResult } from '../contract/result'
import { dispatch } from '../services/bridge/dispatch'
import type { TrustedSenders } from './trusted-senders'

/** The parts of an IPC event the binding looks at (Electron's IpcMainInvokeEvent has them all). */
export interface InvokeEvent {
  sender: { id: number; mainFrame: unknown }
  senderFrame: { url: string } | null
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, input: unknown) => Promise<BridgeResult<unknown>>): void
}

/**
 * Binds every Bridge operation to `ipcMain.handle`, the one place where IPC meets the services.
 * Each call is checked before it reaches a service: the sender must be a WebContents we created,
 * the call must come from its main frame, and that frame must show our renderer (`isOurPage`);
 * then `dispatch` validates the input against the contract's schema.
 */
export function bindBridge(
  ipcMain: IpcMainLike,
  handlers: BridgeHandlers,
  trusted: TrustedSenders,
  isOurPage: (url: string) => boolean,
  onBug: (error: unknown) => void,
): void {
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(channelOf(name), async (event, input) => {
      const refusal = checkSender(event, trusted, isOurPage)
      if (refusal) return { ok: false, error: { code: 'INVALID_INPUT', message: refusal } }
      return dispatch(handlers, name, input, onBug)
    })
  }
}

export function checkSender(event: InvokeEvent, trusted: TrustedSenders, isOurPage: (url: string) => boolean): string | undefined {
  if (!trusted.has(event.sender.id)) return 'Refused: the call does not come from a window of this app.'
  const frame = event.senderFrame
  if (!frame || frame !== event.sender.mainFrame) return 'Refused: the call does not come from the main frame.'
  if (!isOurPage(frame.url)) return 'Refused: the calling page is not part of this app.'
  return undefined
}
