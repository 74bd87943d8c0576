import type { BridgeHandlers } from '../../contract/bridge'
import { ServiceError } from '../errors'

type UiStateHandlers = Pick<BridgeHandlers, 'getUiState' | 'saveUiState'>

const todo = async (): Promise<never> => {
  throw new ServiceError('NOT_SUPPORTED', 'not built yet')
}

/** What the app remembers between runs (the last PBX and screen), in a file of the data folder. */
export function createUiStateService(_options: { dataDir: string }): { handlers: UiStateHandlers } {
  return { handlers: { getUiState: todo, saveUiState: todo } }
}
