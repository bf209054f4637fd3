import { mailApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { mailSchema } from '@herald/contract';
import { type Params } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type Mail = Infer<typeof mailSchema>;

export const listMails = (params: Params) => call(mailApi.list, { query: params });
