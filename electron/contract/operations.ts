/**
 * The names of every operation the renderer may ask of main. This file holds names only (no
 * schema library), so the sandboxed preload can build `window.pbx` from it without bundling zod.
 * `bridge.ts` gives each name its input schema and result type; the compiler keeps the two in step.
 */
export const OPERATION_NAMES = [
  'getAbout',
  'probePbx',
  'startDemo',
  'listProfiles',
  'saveProfile',
  'removeProfile',
  'exportProfiles',
  'importProfiles',
  'trustCertificate',
  'listSessions',
  'openPbx',
  'signIn',
  'verifySignInCode',
  'resendSignInCode',
  'signInWithIdp',
  'cancelIdpSignIn',
  'requestPasswordReset',
  'submitResetLink',
  'getRecoveryState',
  'verifyRecoveryCode',
  'resetPassword',
  'signOut',
  'previewCsv',
  'createBatchFromCsv',
  'createEmptyBatch',
  'listBatches',
  'getBatch',
  'updateBatch',
  'editBatchRows',
  'scanMac',
  'duplicateBatch',
  'deleteBatch',
  'exportBatch',
  'importBatch',
  'checkBatchOnPbx',
  'startPush',
  'getPushProgress',
  'pausePush',
  'cancelPush',
  'retryFailedRows',
  'batchQrCodes',
  'labelSheet',
  'exportLabelsPdf',
  'exportResultsCsv',
  'listDectPhones',
  'updateDectPhone',
  'deleteDectPhone',
  'qrCode',
] as const

export type OperationName = (typeof OPERATION_NAMES)[number]

/** The IPC channel of an operation: one channel per operation, all under one prefix. */
export const channelOf = (name: OperationName): string => `pbx:${name}`
