import { z } from 'zod';
import {
  accountOptionSchema,
  accountSummarySchema,
  accountUserListQuery,
  accountUserOptionSchema,
  optionValueSchema,
} from '../schemas/common';

import { businessOptionSchema } from '../schemas/businesses';
import { templateOptionSchema } from '../schemas/templates';
import { speakLanguageOptionSchema } from '../schemas/trade-speak';
import { ACCOUNT_LOOKUP, ACCOUNT_USER_LOOKUP } from './lookup-access';
import { route } from './route';

const tags = ['common'];
/**
 * Lookups for forms and filters: any signed-in user, but operators need a screen's permission for
 * those that name accounts' data (lookup-access.ts); scoping to the caller's account is in the service.
 */
const SIGNED_IN = {} as const;

export const commonApi = {
  operModuleList: route({
    method: 'GET',
    path: '/v1/common/operModuleList',
    response: z.array(optionValueSchema),
    access: SIGNED_IN,
    summary: 'Operation-log modules',
    tags,
  }),
  operTypeList: route({
    method: 'GET',
    path: '/v1/common/operTypeList',
    response: z.array(optionValueSchema),
    access: SIGNED_IN,
    summary: 'Operation-log types',
    tags,
  }),
  accountListQuery: route({
    method: 'GET',
    path: '/v1/common/accountListQuery',
    response: z.array(accountOptionSchema),
    access: ACCOUNT_LOOKUP,
    summary: 'Accounts to pick from (account users: their own)',
    tags,
  }),
  accountUserListQuery: route({
    method: 'GET',
    path: '/v1/common/accountUserListQuery',
    query: accountUserListQuery,
    response: z.array(accountUserOptionSchema),
    access: ACCOUNT_USER_LOOKUP,
    summary: 'Users of an account (operators name it; account users get their own)',
    tags,
  }),
  accountSummary: route({
    method: 'GET',
    path: '/v1/common/accountSummary',
    response: accountSummarySchema,
    access: SIGNED_IN,
    summary: 'Counts for the signed-in side',
    tags,
  }),
  businessListQuery: route({
    method: 'GET',
    path: '/v1/common/businessListQuery',
    response: z.array(businessOptionSchema),
    access: { side: 'ac' },
    summary: "The account's businesses, for request forms",
    tags,
  }),
  templateListQuery: route({
    method: 'GET',
    path: '/v1/common/templateListQuery',
    response: z.array(templateOptionSchema),
    access: { side: 'ac' },
    summary: "The account's print templates, for business forms",
    tags,
  }),
  speakLanguageListQuery: route({
    method: 'GET',
    path: '/v1/common/speakLanguageListQuery',
    response: z.array(speakLanguageOptionSchema),
    access: SIGNED_IN,
    summary: 'Voice-pack languages, named in the request language',
    tags,
  }),
};
