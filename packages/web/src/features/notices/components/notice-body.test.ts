import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../locales';
import { publishQuestion, targetSummary, toNoticeBody } from './notice-body';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en_US: { translation: resources.en_US } },
  lng: 'en_US',
  interpolation: { escapeValue: false },
});
const t = i18n.t.bind(i18n) as TFunction;

describe('notice form → API body', () => {
  it('sends the chosen accounts once each, and none when every account is targeted', () => {
    const body = toNoticeBody({ title: ' Maintenance ', content: 'Line 1\nLine 2\n', accountIds: [3, 5, 3] });
    expect(body).toEqual({ title: 'Maintenance', content: 'Line 1\nLine 2', allAccounts: false, accountIds: [3, 5] });
    expect(toNoticeBody({ title: 'a', content: 'b', allAccounts: true, accountIds: [3] }).accountIds).toEqual([]);
  });
});

describe('notice targets in words', () => {
  it('names every account or counts the chosen ones', () => {
    expect(targetSummary(t, { allAccounts: true, accountCount: 0 })).toBe('All accounts');
    expect(targetSummary(t, { allAccounts: false, accountCount: 3 })).toBe('3 account(s)');
  });

  it('asks before publishing, saying whom it reaches', () => {
    expect(publishQuestion(t, { allAccounts: false, accountCount: 2 })).toBe(
      'Publish this notice to 2 account(s)? It cannot be changed afterwards.',
    );
    expect(publishQuestion(t, { allAccounts: true, accountCount: 0 })).toMatch(
      /^Publish this notice to all accounts\?/,
    );
  });
});
