import type { SpeakTestSendBody as Output } from '@herald/contract';

/** What the form sends (the amount as typed; the server canonicalises it). */
export type SpeakTestSendBody = Omit<Output, 'amount'> & { amount?: string };
