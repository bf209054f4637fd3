import type { Currency, PaymentType, SpeakLanguage } from '@herald/contract';

/**
 * The clip sequence a speaker plays for a transaction: prefix phrase for the payment type, the
 * amount read out in the language's grammar, the currency word.
 * (Interface fixed here; the reading rules live in ./reading.)
 */
export type TradeBroadcast = {
  language: SpeakLanguage;
  /** decimal string with at most two decimals, e.g. "12.50" */
  amount: string;
  currency: Currency;
  paymentType: PaymentType;
  /** the account's prefix phrase id (trade_speak_settings.prefix) */
  prefix: string;
};

export function composeTradeBroadcast(_t: TradeBroadcast): string[] {
  throw new Error('composeTradeBroadcast: not implemented yet');
}

/** Does the language's voice pack hold this clip? ('Voice file does not exist' otherwise.) */
export function clipExists(_language: SpeakLanguage, _clip: string): boolean {
  throw new Error('clipExists: not implemented yet');
}
