import {
  type Locale,
  PAYMENT_TYPES,
  SPEAK_LANGUAGE_LABELS,
  SPEAK_LANGUAGES,
  type SpeakLanguage,
  TRADE_SPEAK_DEFAULTS,
  TRADE_SPEAK_PREFIXES,
  type TradeSpeakSetting,
  type TradeSpeakSettingBody,
  type VoiceClip,
} from '@herald/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { isoOrNull } from '../../lib/filters';
import { targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import * as repo from './repo';
import { voicePack } from './voice-pack';

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  (list as readonly unknown[]).includes(v) ? (v as T) : fallback;

/** A stored row as the API shows it; a value no longer in the vocabulary reads as the default. */
function toSetting(row: repo.TradeSpeakSettingRow | undefined): TradeSpeakSetting {
  if (!row) return { ...TRADE_SPEAK_DEFAULTS, paymentTypes: [...PAYMENT_TYPES], updatedAt: null };
  const types = Array.isArray(row.paymentTypes)
    ? PAYMENT_TYPES.filter((t) => (row.paymentTypes as unknown[]).includes(t))
    : [];
  return {
    enabled: row.enabled,
    prefix: oneOf(TRADE_SPEAK_PREFIXES, row.prefix, TRADE_SPEAK_DEFAULTS.prefix),
    language: oneOf(SPEAK_LANGUAGES, row.language, TRADE_SPEAK_DEFAULTS.language),
    volume: row.volume,
    paymentTypes: types.length ? types : [...PAYMENT_TYPES],
    updatedAt: isoOrNull(row.updatedAt),
  };
}

/** The setting an account's broadcasts use (the defaults until it saves one). For the pipeline too. */
export const tradeSpeakSettingOf = async (db: Db, accountId: number) =>
  toSetting(await repo.findSetting(db, accountId));

/** The setting the account saved, or null while it has saved none (the pipeline then sends no volume). */
export async function savedTradeSpeakSetting(db: Db, accountId: number): Promise<TradeSpeakSetting | null> {
  const row = await repo.findSetting(db, accountId);
  return row ? toSetting(row) : null;
}

/** GET /v1/trade-speak/setting: the caller's own account. */
export const getSetting = (deps: Deps, auth: AuthContext) =>
  tradeSpeakSettingOf(deps.db, targetAccount(auth, undefined));

export async function saveSetting(deps: Deps, auth: AuthContext, body: TradeSpeakSettingBody) {
  const accountId = targetAccount(auth, undefined);
  const row = await deps.db.transaction(async (tx) => {
    const saved = await repo.upsertSetting(tx, accountId, body);
    await audit(tx, auth, {
      module: 'tradeSpeak',
      type: 'setting',
      description: {
        key: body.enabled ? 'log.tradeSpeak.settingOn' : 'log.tradeSpeak.settingOff',
        params: {
          prefix: body.prefix,
          language: body.language,
          volume: body.volume,
          paymentTypes: body.paymentTypes.join(','),
        },
      },
    });
    return saved;
  });
  await deps.invalidation.publish('tradeSettings', accountId);
  return toSetting(row);
}

export const voicePackOf = (language: SpeakLanguage): VoiceClip[] => voicePack(language);

/** GET /v1/common/speakLanguageListQuery: the voice-pack languages named in the request's language. */
export const speakLanguageOptions = (locale: Locale) =>
  SPEAK_LANGUAGES.map((value) => ({ value, label: SPEAK_LANGUAGE_LABELS[value][locale] }));
