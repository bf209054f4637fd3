import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_USER, ResultCode, type LiveEventType } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { dataOwner } from '../../lib/data-scope';
import { AppError } from '../../lib/errors';
import { loadAuthContext } from '../../plugins/auth';
import type { Numbered } from './feed';
import { readOwned, visible, type Viewer } from './scope';

/** What a stream writes to its client (routes.ts speaks Server-Sent Events). */
export type StreamOut = {
  /** the stream is let in: its answer starts (before the first event) */
  start: () => void;
  event: (type: LiveEventType, data: unknown, id?: string) => void;
  heartbeat: () => void;
  end: () => void;
};

/**
 * A console's live stream: first `ready`, then what it missed since `lastEventId` (or `resync`
 * when this server cannot tell: the id is another server's or too old), then every event its
 * user may see (scope.ts). Each heartbeat reads the session again, so a signed-out, disabled or
 * re-permissioned user's stream follows within LIVE_HEARTBEAT_MS. The drain ends the stream
 * (ops/lifecycle.ts); the client reconnects, through the load balancer, to another server.
 * Returns the stream's end, for its connection's close.
 */
export function openStream(deps: Deps, auth: AuthContext, lastEventId: string | undefined, out: StreamOut) {
  const perUser = deps.liveStreams;
  const held = perUser.get(auth.userId) ?? 0;
  if (held >= LIVE_STREAMS_PER_USER) throw new AppError(ResultCode.RATE_LIMITED, 'live.tooManyStreams');
  perUser.set(auth.userId, held + 1);
  out.start();

  const f = deps.feed;
  let viewer: Viewer = auth;
  let ended = false;
  let stopListening = () => {};
  let forget = () => {};
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(beat);
    stopListening();
    forget();
    const left = (perUser.get(auth.userId) ?? 1) - 1;
    if (left > 0) perUser.set(auth.userId, left);
    else perUser.delete(auth.userId);
    out.end();
  };

  out.event('ready', { server: f.origin }, f.lastId);
  if (lastEventId) {
    const missed = f.since(lastEventId);
    // what a narrowed user owns is not read yet: they read their pages again instead
    if (missed === undefined || dataOwner(auth) !== undefined) out.event('resync', { reason: 'reconnected' });
    else for (const e of missed) if (visible(viewer, e)) out.event(e.type, e.data, e.id);
  }
  // a narrowed user's events wait for the first read of what they own (below), then go out
  let waiting: Numbered[] | undefined = dataOwner(auth) !== undefined ? [] : undefined;
  stopListening = f.listen({
    deliver: (e) => {
      if (waiting) waiting.push(e);
      else if (!ended && visible(viewer, e)) out.event(e.type, e.data, e.id);
    },
    resync: (reason) => {
      if (!ended) out.event('resync', { reason });
    },
  });
  // an "own data only" user's devices and tasks, read again with the session: an assignment
  // changed meanwhile shows within a heartbeat (until the first read, none are shown)
  const refresh = async (now: Viewer) => ({ ...now, owned: await readOwned(deps.db, now) });
  refresh(auth)
    .then((now) => {
      viewer = now;
      const held = waiting ?? [];
      waiting = undefined;
      for (const e of held) if (!ended && visible(viewer, e)) out.event(e.type, e.data, e.id);
    })
    .catch(end);
  const beat = setInterval(() => {
    loadAuthContext(deps.db, auth.userId, auth.sessionId, auth.ip)
      .then(refresh)
      .then((now) => {
        viewer = now;
        if (!ended) out.heartbeat();
      })
      .catch(end);
  }, LIVE_HEARTBEAT_MS);
  beat.unref();
  forget = deps.lifecycle.stream(end);
  return end;
}

/** Streams open on this server (for tests and metrics). */
export const streamsOpen = (deps: Deps): number => deps.feed.streams;
