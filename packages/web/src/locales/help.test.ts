import { describe, expect, it } from 'vitest';
import {
  CHARS_PER_LINE,
  FENCE_RADIUS_MAX_M,
  LOCATION_REFRESH_MS,
  MUTE_MAX_MS,
  OPEN_API,
  RETENTION_DAYS,
  TRACK_RETENTION_DAYS,
} from '@herald/contract';
import { articleStrings, shapeOf } from '../features/help/components/article-text';
import { HELP_TOPICS } from '../features/help/components/topics';
import { articles as enUS } from './en_US/help';
import { articles as zhCN } from './zh_CN/help';

const LANGUAGES = { en_US: enUS, zh_CN: zhCN };

/** The help articles are outside the i18n resources, so the key-set test of locales.test.ts does not see them. */
describe('help articles', () => {
  it('exist in both languages for every topic, and no other', () => {
    const topics = HELP_TOPICS.map((t) => t.id).sort();
    for (const texts of Object.values(LANGUAGES)) expect(Object.keys(texts).sort()).toEqual(topics);
  });

  it('have the same sections, lists and tables in both languages', () => {
    for (const { id } of HELP_TOPICS) expect(shapeOf(zhCN[id]), id).toEqual(shapeOf(enUS[id]));
  });

  it('keep no empty text', () => {
    for (const [lang, texts] of Object.entries(LANGUAGES))
      for (const [id, article] of Object.entries(texts))
        expect(
          articleStrings(article).filter((s) => !s.trim()),
          `${lang} ${id}`,
        ).toEqual([]);
  });

  it("give the contract's numbers in both languages", () => {
    const facts: [topic: keyof typeof enUS, value: string][] = [
      ['templates', String(CHARS_PER_LINE[58])],
      ['templates', String(CHARS_PER_LINE[80])],
      ['records', String(RETENTION_DAYS)],
      ['openApi', `±${OPEN_API.clockSkewMs / 60_000}`],
      ['devices', String(MUTE_MAX_MS / 3_600_000)],
      ['deviceMap', String(LOCATION_REFRESH_MS / 1000)],
      ['deviceMap', String(TRACK_RETENTION_DAYS)],
      ['deviceMap', `${FENCE_RADIUS_MAX_M / 1000} km`],
    ];
    for (const [lang, texts] of Object.entries(LANGUAGES))
      for (const [topic, value] of facts)
        expect(articleStrings(texts[topic]).join('\n'), `${lang} ${topic}`).toContain(value);
  });
});
