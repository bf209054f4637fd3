import { z } from 'zod';
import {
  AVATAR_BODY_MAX,
  avatarBody,
  changeEmailBody,
  envelope,
  messageLanguageBody,
  profileSchema,
  publicKeyParamSchema,
  updateProfileBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import { IMMUTABLE, sendImage } from '../../lib/image';
import type { RoutesPlugin } from '../../lib/deps';
import { avatarImage, removeAvatar, setAvatar } from './avatar';
import * as personal from './service';

const tags = ['personal'];
/** Any signed-in user, on their own data. */
const SIGNED_IN = { access: {} } as const;

/** Personal centre. Own password change and GET /users/current live in the auth module. */
const personalRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/personal/profile',
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Own account information', response: { 200: envelope(profileSchema) } },
    },
    async (req) => ok(await personal.getProfile(deps, req.auth)),
  );

  app.put(
    '/v1/personal/profile',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Edit own name, nickname, phone, gender, birthday',
        body: updateProfileBody,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (req) => ok(await personal.updateProfile(deps, req.auth, req.body)),
  );

  app.post(
    '/v1/personal/email',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Change own email (password required)',
        body: changeEmailBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await personal.changeEmail(deps, req.auth, req.body.email, req.body.password);
      return ok(null);
    },
  );

  app.post(
    '/v1/personal/message-language',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Language of in-app messages',
        body: messageLanguageBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await personal.setMessageLanguage(deps, req.auth, req.body.messageLanguage);
      return ok(null);
    },
  );

  app.put(
    '/v1/personal/avatar',
    {
      config: SIGNED_IN,
      // above the schema's limit, so an avatar a little too large gets the field's message, not a bare 413
      bodyLimit: AVATAR_BODY_MAX + 256 * 1024,
      schema: {
        tags,
        summary: 'Own avatar (PNG or JPG data URL, at most 2 MB)',
        body: avatarBody,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (req) => {
      await setAvatar(deps, req.auth, req.body.image);
      return ok(await personal.getProfile(deps, req.auth));
    },
  );

  app.delete(
    '/v1/personal/avatar',
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Remove own avatar', response: { 200: envelope(profileSchema) } },
    },
    async (req) => {
      await removeAvatar(deps, req.auth);
      return ok(await personal.getProfile(deps, req.auth));
    },
  );

  /** Public: an <img> sends no token. The key is random and changes with each picture. */
  app.get(
    '/v1/public/avatars/:key',
    {
      config: { access: { public: true } },
      schema: { tags, summary: "A user's avatar (public, immutable)", params: publicKeyParamSchema },
    },
    async (req, reply) => {
      const { image, mime } = await avatarImage(deps, req.params.key);
      return sendImage(reply, mime, image, IMMUTABLE);
    },
  );
};

export default personalRoutes;
