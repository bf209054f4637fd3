import { z } from 'zod';
import { changeEmailBody, envelope, messageLanguageBody, profileSchema, updateProfileBody } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
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
};

export default personalRoutes;
