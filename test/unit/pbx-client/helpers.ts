import { expect } from 'vitest'
import { ServiceError } from '../../../electron/services/errors'

/** The ServiceError a promise rejects with (fails the test when it resolves or throws another). */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ServiceError)
  return error as ServiceError
}
