import type { createNoticeBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { Notice } from '@herald/contract';
export type NoticeBody = Infer<typeof createNoticeBody>;
