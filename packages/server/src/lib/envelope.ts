import { ResultCode } from '@herald/contract';

/** Success envelope; `message` is a key translated in the preSerialization hook. */
export function ok<T>(data: T) {
  return { code: ResultCode.SUCCESS as number, message: 'ok', data };
}
