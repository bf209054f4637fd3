import { z } from 'zod';
import { CURRENCIES, OPEN_API, PAYMENT_TYPES, SPEAK_LANGUAGES } from '../pipeline';
import { bodyId } from './fleet-fields';
import { openJobView, tradeAmountField } from './open-api';

/**
 * The console's speak test (screen /system/speak-test, permission herald.dev.speak.test): send a
 * text or an amount to one of the account's speakers and follow the job. The jobs are the same
 * as the open API's (source 'console'), so what the screen shows is what an integrator gets.
 */
export const SPEAK_TEST_MODES = ['text', 'amount'] as const;
export type SpeakTestMode = (typeof SPEAK_TEST_MODES)[number];

/** POST /v1/speak-test/send */
export const speakTestSendBody = z
  .object({
    deviceId: bodyId,
    mode: z.enum(SPEAK_TEST_MODES, { error: 'validation.invalidOption' }),
    text: z.string().trim().max(OPEN_API.speakTextMax, 'validation.maxLength').optional(),
    volume: z.number({ error: 'validation.number' }).int('validation.integer').min(0).max(100).optional(),
    amount: tradeAmountField.optional(),
    currency: z.enum(CURRENCIES, { error: 'validation.invalidOption' }).optional(),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'validation.invalidOption' }).optional(),
    language: z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' }).optional(),
  })
  .superRefine((b, ctx) => {
    // what each mode needs, reported on the field the form shows
    const need = (field: 'text' | 'amount' | 'currency' | 'paymentType') => {
      if (b[field] === undefined || b[field] === '')
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
    };
    if (b.mode === 'text') need('text');
    else {
      need('amount');
      need('currency');
      need('paymentType');
    }
  });
export type SpeakTestSendBody = z.infer<typeof speakTestSendBody>;

/** A speaker of the account the test can send to (GET /v1/speak-test/devices). */
export const speakTestDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string().nullable(),
  modelName: z.string().nullable(),
  online: z.boolean(),
  paused: z.boolean(),
});
export type SpeakTestDevice = z.infer<typeof speakTestDeviceSchema>;

/** GET /v1/speak-test/job/:id — the job as the open API's record call shows it. */
export const speakTestJobSchema = openJobView;
export type SpeakTestJob = z.infer<typeof speakTestJobSchema>;
