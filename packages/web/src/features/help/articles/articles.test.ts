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
import { articleStrings, shapeOf, type ArticleText } from '../components/article-text';
import { HELP_TOPICS } from '../components/topics';
import { articles as enUS } from './en_US';
import { articles as zhCN } from './zh_CN';

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

  it("give the contract's numbers in both languages, with their units", () => {
    const unit = {
      en_US: { days: 'days', hours: 'hours', seconds: 'seconds', minutes: 'minutes' },
      zh_CN: { days: '天', hours: '小时', seconds: '秒', minutes: '分钟' },
    };
    for (const [lang, texts] of Object.entries(LANGUAGES) as [keyof typeof unit, typeof enUS][]) {
      const u = unit[lang];
      const facts: [topic: keyof typeof enUS, value: string][] = [
        ['records', `${RETENTION_DAYS} ${u.days}`],
        ['openApi', `±${OPEN_API.clockSkewMs / 60_000} ${u.minutes}`],
        ['devices', `${MUTE_MAX_MS / 3_600_000} ${u.hours}`],
        ['deviceMap', `${LOCATION_REFRESH_MS / 1000} ${u.seconds}`],
        ['deviceMap', `${TRACK_RETENTION_DAYS} ${u.days}`],
        ['deviceMap', `${FENCE_RADIUS_MAX_M / 1000} km`],
      ];
      for (const [topic, value] of facts)
        expect(articleStrings(texts[topic]).join('\n'), `${lang} ${topic}`).toContain(value);
      // the paper-width table, cell by cell
      expect(tableRows(texts.templates), lang).toEqual(
        expect.arrayContaining([
          ['58 mm', String(CHARS_PER_LINE[58])],
          ['80 mm', String(CHARS_PER_LINE[80])],
        ]),
      );
    }
  });
});

/** Every row of every table of an article. */
const tableRows = (a: ArticleText) =>
  a.sections.flatMap((s) => s.blocks.flatMap((b) => (typeof b === 'object' && 'table' in b ? b.table : [])));
