import type { FastifyBaseLogger } from 'fastify';

/** EMQX's REST API (MQTT_ADMIN_URL, e.g. http://127.0.0.1:18083/api/v5) with an API key and secret. */
export type EmqxAdmin = { url: string; key: string; secret: string };

export type KickOutcome = 'kicked' | 'absent' | 'failed';

/** A kick must not hold up the API call that caused it (disable, delete). */
const KICK_TIMEOUT_MS = 5000;

/**
 * Kick a device off EMQX: DELETE {base}/clients/{clientid} (the client id is the S/N). The
 * database change that caused the kick is already made and EMQX asks Herald's auth hook on the
 * next connect, so a failure here is logged, never thrown: the device is refused when it comes back.
 */
export function emqxKicker(admin: EmqxAdmin, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  const base = admin.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${admin.key}:${admin.secret}`).toString('base64')}`;
  return async (sn: string, reason: string): Promise<KickOutcome> => {
    const url = `${base}/clients/${encodeURIComponent(sn)}`;
    try {
      const res = await fetch(url, {
        method: 'DELETE',
        headers: { authorization },
        signal: AbortSignal.timeout(KICK_TIMEOUT_MS),
      });
      await res.body?.cancel();
      // 204: disconnected; 404: not connected to EMQX now (nothing to drop)
      if (res.status === 204 || res.status === 200) {
        log.info({ sn, reason }, 'kick: EMQX disconnected the device');
        return 'kicked';
      }
      if (res.status === 404) return 'absent';
      log.warn({ sn, reason, status: res.status }, 'kick: EMQX refused to disconnect the device');
      return 'failed';
    } catch (err) {
      log.warn({ sn, reason, err }, 'kick: EMQX REST API unreachable');
      return 'failed';
    }
  };
}
