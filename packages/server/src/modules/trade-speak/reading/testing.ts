import type { Currency, SpeakLanguage } from '@herald/contract';
import { composeTradeBroadcast, speakText } from '../compose';

/** The amount part of a broadcast (the prefix clip left off), written out. For the reading tests. */
export const amountText = (language: SpeakLanguage, amount: string, currency: Currency) =>
  speakText(language, amountClips(language, amount, currency));

export const amountClips = (language: SpeakLanguage, amount: string, currency: Currency) =>
  composeTradeBroadcast({ language, amount, currency, paymentType: 'other', prefix: 'received' }).slice(1);

/** [amount, expected] rows as vitest `each` cases. */
export const cases = (rows: Record<string, string>) => Object.entries(rows);
