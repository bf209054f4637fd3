import { X509Certificate } from 'node:crypto';
import { z } from 'zod';
import {
  LOG_UPLOAD_MAX_BYTES,
  ResultCode,
  deviceRegisterRequest,
  deviceRegisterResponse,
  envelope,
} from '@herald/contract';
import { parseMqttUsername } from '@herald/contract/device-sign';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { safeEqual } from '../../lib/crypto';
import type { App, RoutesPlugin } from '../../lib/deps';
import * as deviceLink from './service';

const tags = ['device'];
/** Device routes carry no user token: the device proves itself with signatures or one-time tokens. */
const PUBLIC = { access: { public: true } } as const;

/** EMQX's HTTP authenticator and authoriser answer shape. */
const hookResult = z.object({ result: z.enum(['allow', 'deny', 'ignore']), is_superuser: z.boolean().optional() });
const authHookBody = z.object({
  clientid: z.string(),
  username: z.string().optional().default(''),
  password: z.string().optional().default(''),
  /** SHA-256 fingerprint of the client certificate, or the certificate itself (PEM) */
  cert_fingerprint: z.string().optional(),
  cert_pem: z.string().optional(),
});
const aclHookBody = z.object({
  clientid: z.string(),
  username: z.string().optional().default(''),
  topic: z.string(),
  action: z.enum(['publish', 'subscribe', 'all']),
});

const deviceLinkRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/device/v1/register',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Dynamic registration of a device (one-model-one-secret applications)',
        body: deviceRegisterRequest,
        response: { 200: envelope(deviceRegisterResponse) },
      },
    },
    async (req) => ok(await deviceLink.register(deps, req.body)),
  );

  // the log file arrives as it is, whatever its content type
  await app.register(async (plain) => {
    const scope = plain as App;
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOG_UPLOAD_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.put(
      '/device/v1/logs/:token',
      {
        config: PUBLIC,
        bodyLimit: LOG_UPLOAD_MAX_BYTES,
        schema: {
          tags,
          summary: "A device uploads its log file to the uploadLog command's one-time URL",
          params: z.object({ token: z.string().min(20).max(128) }),
          headers: z.object({ 'x-file-name': z.string().max(256).optional() }),
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        const content = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await deviceLink.receiveLog(deps, req.params.token, { fileName: req.headers['x-file-name'], content });
        return ok(null);
      },
    );
  });

  // HTTP hooks for an external broker (EMQX): it asks Herald who may connect and what they may do
  const serverUser = deps.config.mqtt.url ? new URL(deps.config.mqtt.url) : undefined;
  const checkHookSecret = (header: string | string[] | undefined) => {
    const secret = deps.config.mqtt.hookSecret;
    if (!secret || typeof header !== 'string' || !safeEqual(header, secret)) {
      throw new AppError(ResultCode.FORBIDDEN, 'error.forbidden');
    }
  };
  const isServer = (username: string, password?: string) =>
    !!serverUser?.username &&
    decodeURIComponent(serverUser.username) === username &&
    (password === undefined || safeEqual(password, decodeURIComponent(serverUser.password)));

  app.post(
    '/mqtt/auth',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Broker hook: may this client connect? (EMQX HTTP authentication)',
        body: authHookBody,
        response: { 200: hookResult },
      },
    },
    async (req) => {
      checkHookSecret(req.headers['x-herald-hook-secret']);
      const b = req.body;
      if (isServer(b.username, b.password)) return { result: 'allow' as const, is_superuser: true };
      let fingerprint = b.cert_fingerprint || undefined;
      if (!fingerprint && b.cert_pem) {
        try {
          fingerprint = new X509Certificate(b.cert_pem).fingerprint256;
        } catch {
          return { result: 'deny' as const };
        }
      }
      const r = await deviceLink.authenticateDevice(deps, {
        clientId: b.clientid,
        username: b.username,
        password: b.password,
        certFingerprint: fingerprint,
      });
      if (!r.ok) req.log.info({ sn: r.sn, refusal: r.refusal }, 'device connection refused');
      return { result: r.ok ? ('allow' as const) : ('deny' as const), is_superuser: false };
    },
  );

  app.post(
    '/mqtt/acl',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Broker hook: may this client publish or subscribe to this topic? (EMQX HTTP authorisation)',
        body: aclHookBody,
        response: { 200: hookResult },
      },
    },
    async (req) => {
      checkHookSecret(req.headers['x-herald-hook-secret']);
      const b = req.body;
      if (isServer(b.username)) return { result: 'allow' as const };
      const user = parseMqttUsername(b.username);
      const sn = user?.sn;
      if (!sn || sn !== b.clientid) return { result: 'deny' as const };
      const allowed =
        b.action === 'publish'
          ? deviceLink.mayPublish(sn, b.topic)
          : b.action === 'subscribe'
            ? deviceLink.maySubscribe(sn, b.topic)
            : false;
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    },
  );
};

export default deviceLinkRoutes;
