import type { appCreatedSchema, createAppBody, updateAppBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { Application as App, AppSecret } from '@herald/contract';
export type AppBody = Infer<typeof createAppBody>;
export type UpdateAppBody = Infer<typeof updateAppBody>;
export type AppCreated = Infer<typeof appCreatedSchema>;
