import type { mailSchema, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type Mail = Infer<typeof mailSchema>;

export const listMails = (params: Params) => get<Page<Mail>>('/v1/mails', params);
