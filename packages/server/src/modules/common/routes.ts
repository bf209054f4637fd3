import { z } from 'zod';
import {
  accountOptionSchema,
  accountSummarySchema,
  accountUserListQuery,
  accountUserOptionSchema,
  businessOptionSchema,
  envelope,
  optionValueSchema,
  speakLanguageOptionSchema,
  templateOptionSchema,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { ACCOUNT_LOOKUP, ACCOUNT_USER_LOOKUP } from './lookup-access';
import * as common from './service';
import { businessOptions } from '../businesses/service';
import { templateOptions } from '../templates/service';
import { speakLanguageOptions } from '../trade-speak/service';

const tags = ['common'];
/**
 * Lookups for forms and filters: any signed-in user, but operators need a screen's permission for
 * those that name accounts' data (lookup-access.ts); scoping to the caller's account is in the service.
 */
const SIGNED_IN = { access: {} } as const;

const commonRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/common/operModuleList',
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Operation-log modules', response: { 200: envelope(z.array(optionValueSchema)) } },
    },
    async () => ok(common.operModules()),
  );

  app.get(
    '/v1/common/operTypeList',
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Operation-log types', response: { 200: envelope(z.array(optionValueSchema)) } },
    },
    async () => ok(common.operTypes()),
  );

  app.get(
    '/v1/common/accountListQuery',
    {
      config: ACCOUNT_LOOKUP,
      schema: {
        tags,
        summary: 'Accounts to pick from (account users: their own)',
        response: { 200: envelope(z.array(accountOptionSchema)) },
      },
    },
    async (req) => ok(await common.accountOptions(deps, req.auth)),
  );

  app.get(
    '/v1/common/accountUserListQuery',
    {
      config: ACCOUNT_USER_LOOKUP,
      schema: {
        tags,
        summary: 'Users of an account (operators name it; account users get their own)',
        querystring: accountUserListQuery,
        response: { 200: envelope(z.array(accountUserOptionSchema)) },
      },
    },
    async (req) => ok(await common.accountUserOptions(deps, req.auth, req.query.accountId)),
  );

  app.get(
    '/v1/common/accountSummary',
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Counts for the signed-in side', response: { 200: envelope(accountSummarySchema) } },
    },
    async (req) => ok(await common.accountSummary(deps, req.auth)),
  );

  app.get(
    '/v1/common/businessListQuery',
    {
      config: { access: { side: 'ac' } },
      schema: {
        tags,
        summary: "The account's businesses, for request forms",
        response: { 200: envelope(z.array(businessOptionSchema)) },
      },
    },
    async (req) => ok(await businessOptions(deps, req.auth)),
  );

  app.get(
    '/v1/common/templateListQuery',
    {
      config: { access: { side: 'ac' } },
      schema: {
        tags,
        summary: "The account's print templates, for business forms",
        response: { 200: envelope(z.array(templateOptionSchema)) },
      },
    },
    async (req) => ok(await templateOptions(deps, req.auth)),
  );

  app.get(
    '/v1/common/speakLanguageListQuery',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Voice-pack languages, named in the request language',
        response: { 200: envelope(z.array(speakLanguageOptionSchema)) },
      },
    },
    async (req) => ok(speakLanguageOptions(req.locale)),
  );
};

export default commonRoutes;
