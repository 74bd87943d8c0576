import type { BridgeHandlers } from '../contract/bridge'
import { channelOf, OPERATION_NAMES, type OperationName } from '../contract/operations'
import type { BridgeError, BridgeResult } from '../contract/result'
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
 * `onBug` hears of an exception in a service; `onFailure` of every call answered with an error
 * (a refused sender, a PBX that did not answer, ...), by operation name, never with its input.
 */
export function bindBridge(
  ipcMain: IpcMainLike,
  handlers: BridgeHandlers,
  trusted: TrustedSenders,
  isOurPage: (url: string) => boolean,
  onBug: (error: unknown, operation: OperationName) => void,
  onFailure: (operation: OperationName, error: BridgeError) => void = () => {},
): void {
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(channelOf(name), async (event, input) => {
      const refusal = checkSender(event, trusted, isOurPage)
      const result: BridgeResult<unknown> = refusal
        ? { ok: false, error: { code: 'INVALID_INPUT', message: refusal } }
        : await dispatch(handlers, name, input, (error) => onBug(error, name))
      if (!result.ok) onFailure(name, result.error)
      return result
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
