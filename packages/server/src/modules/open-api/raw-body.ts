import { OPEN_API } from '@herald/contract';
import type { App } from '../../lib/deps';
import { callOf } from './call';

/**
 * The signature covers the body's exact bytes: keep them before parsing. A body that is not JSON
 * (or not sent as JSON) is refused after the signature check, not before (verify.ts).
 */
export function keepRawBodies(scope: App): void {
  scope.removeAllContentTypeParsers();
  const bodyOpts = { parseAs: 'buffer', bodyLimit: OPEN_API.bodyLimitBytes } as const;
  scope.addContentTypeParser('application/json', bodyOpts, (req, body: Buffer, done) => {
    const call = callOf(req);
    call.raw = body;
    if (body.length === 0) return done(null, {});
    try {
      done(null, JSON.parse(body.toString('utf8')) as unknown);
    } catch {
      call.notJson = true;
      done(null, undefined);
    }
  });
  scope.addContentTypeParser('*', bodyOpts, (req, body: Buffer, done) => {
    const call = callOf(req);
    call.raw = body;
    call.notJson = true;
    done(null, undefined);
  });
}
