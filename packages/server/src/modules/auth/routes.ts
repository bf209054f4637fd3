import { z } from 'zod';
import {
  activateBody,
  activationInfoQuery,
  activationInfoResult,
  authorizeBody,
  authorizeResult,
  changePasswordBody,
  currentUserResult,
  envelope,
  loginBody,
  loginResult,
  refreshBody,
  tokenBody,
  tokenResult,
  authApi as api,
} from '@herald/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as auth from './service';

const PUBLIC = { access: { public: true } } as const;
const tags = ['auth'];

const client = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  origin: `${req.protocol}://${req.host}`,
});

const tokenResponse = (t: auth.TokenPair) => ({
  access_token: t.accessToken,
  refresh_token: t.refreshToken,
  expires_in: t.expiresIn,
  token_type: 'Bearer' as const,
});

const authRoutes: RoutesPlugin = async (app, deps) => {
  // OAuth clients send the token endpoints form-encoded (RFC 6749 §4.1.3); the console sends JSON.
  // A repeated field keeps its last value; validation then sees the same shape either way.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/user/login',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Direct sign-in for scripts',
        body: loginBody,
        response: { 200: envelope(loginResult) },
      },
    },
    async (req) => {
      const r = await auth.login(deps, req.body.username, req.body.password, client(req));
      return ok({
        authInfo: r.accessToken,
        refreshToken: r.refreshToken,
        expiresIn: r.expiresIn,
        modifyInitPwd: r.modifyInitPwd,
      });
    },
  );

  app.post(
    '/oauth/authorize',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Console sign-in: one-time code bound to the redirect address',
        body: authorizeBody,
        response: { 200: envelope(authorizeResult) },
      },
    },
    async (req) => {
      const { code } = await auth.authorize(deps, req.body, client(req));
      return ok({ code, redirectUri: req.body.redirectUri, state: req.body.state });
    },
  );

  app.post(
    '/oauth/token',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Exchange a code, or rotate a refresh token',
        body: tokenBody,
        response: { 200: envelope(tokenResult) },
      },
    },
    async (req) => {
      const b = req.body;
      const t =
        b.grant_type === 'authorization_code'
          ? await auth.exchangeCode(deps, b.code, b.redirect_uri, client(req))
          : await auth.refresh(deps, b.refresh_token, req.ip);
      return ok(tokenResponse(t));
    },
  );

  app.post(
    '/oauth/refresh_token',
    {
      config: PUBLIC,
      schema: { tags, summary: 'Rotate a refresh token', body: refreshBody, response: { 200: envelope(tokenResult) } },
    },
    async (req) => ok(tokenResponse(await auth.refresh(deps, req.body.refresh_token, req.ip))),
  );

  app.get(
    '/oauth/alive',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Liveness',
        response: { 200: envelope(z.object({ alive: z.boolean(), serverDateTime: z.string() })) },
      },
    },
    async () => ok({ alive: true, serverDateTime: new Date().toISOString() }),
  );

  app.get(
    '/oauth/logout',
    {
      config: { access: { allowInitPwd: true } },
      schema: { tags, summary: 'Sign out (revokes the session)', response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await auth.logout(deps, req.auth);
      return ok(null);
    },
  );

  app.get(
    '/users/current',
    {
      config: { access: { allowInitPwd: true } },
      schema: {
        tags,
        summary: 'The signed-in user, roles and permissions',
        response: { 200: envelope(currentUserResult) },
      },
    },
    async (req) => ok(await auth.currentUser(deps, req.auth)),
  );

  app.post(
    '/users/current/password',
    {
      config: { access: { allowInitPwd: true } },
      schema: { tags, summary: 'Change own password', body: changePasswordBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await auth.changePassword(deps, req.auth, req.body.oldPassword, req.body.newPassword);
      return ok(null);
    },
  );

  app.get(
    '/users/active/info',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Who an activation link is for',
        querystring: activationInfoQuery,
        response: { 200: envelope(activationInfoResult) },
      },
    },
    async (req) => ok(await auth.activationInfo(deps, req.query.token, req.ip)),
  );

  app.post(
    '/users/active/user',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Set the password of a user being activated',
        body: activateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await auth.activate(deps, req.body.token, req.body.password, req.ip);
      return ok(null);
    },
  );

  register(app, api.serverDateTime, async () => {
    const now = new Date();
    return ok({ serverDateTime: now.toISOString(), timestamp: now.getTime() });
  });

  register(app, api.verifyPassword, async (req) => {
    await auth.verifyOwnPassword(deps, req.auth, req.body.password);
    return ok(true);
  });
};

export default authRoutes;
