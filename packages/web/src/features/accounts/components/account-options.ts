import { COUNTRY_CODES, INDUSTRY_CODES, SUBJECT_TYPES, TIME_ZONES } from '@herald/contract';
import type { TFunction } from 'i18next';
import { countryName } from '../../../lib/format';

export const countryOptions = (locale: string) =>
  COUNTRY_CODES.map((c) => ({ value: c, label: `${countryName(c, locale)} (${c})` })).sort((a, b) =>
    a.label.localeCompare(b.label, locale.replace('_', '-')),
  );

export const timeZoneOptions = () => TIME_ZONES.map((z) => ({ value: z, label: z }));

export const industryOptions = (t: TFunction) =>
  INDUSTRY_CODES.map((c) => ({ value: c, label: t(`account.industry.${c}`) }));

export const subjectTypeOptions = (t: TFunction) =>
  SUBJECT_TYPES.map((s) => ({ value: s, label: t(`account.subjectType.${s}`) }));

export const statusEnum = (t: TFunction) => ({
  1: { text: t('account.status.1'), status: 'Success' },
  0: { text: t('account.status.0'), status: 'Default' },
});

export const DEFAULT_TIME_ZONE = (TIME_ZONES as readonly string[]).includes('Asia/Shanghai')
  ? 'Asia/Shanghai'
  : TIME_ZONES[0];
