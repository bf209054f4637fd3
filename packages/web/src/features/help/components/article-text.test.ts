import { describe, expect, it } from 'vitest';
import { articles as enUS } from '../articles/en_US';
import { articles as zhCN } from '../articles/zh_CN';
import { matchesQuery, searchableText, shapeOf, type ArticleText, type HelpTexts } from './article-text';

const ARTICLE: ArticleText = {
  title: 'Devices',
  summary: 'Statuses and actions',
  sections: [
    {
      heading: 'Actions',
      blocks: [
        'Pause holds the jobs.',
        { list: ['Mute lifts after 24 hours'] },
        {
          table: [
            ['Status', 'Meaning'],
            ['-1 Deleted', 'In the deleted list'],
          ],
        },
      ],
    },
  ],
};

const found = (texts: HelpTexts, query: string) =>
  Object.entries(texts)
    .filter(([, a]) => matchesQuery(searchableText(a), query))
    .map(([id]) => id);

describe('help search', () => {
  const text = searchableText(ARTICLE);

  it('looks through the title, summary, headings, paragraphs, lists and tables, ignoring case', () => {
    for (const q of ['devices', 'STATUSES', 'actions', 'holds the', 'lifts after', 'deleted list', 'meaning'])
      expect(matchesQuery(text, q), q).toBe(true);
    expect(matchesQuery(text, 'firmware')).toBe(false);
  });

  it('wants every word of the query, in any order; an empty query matches', () => {
    expect(matchesQuery(text, '  mute   pause ')).toBe(true);
    expect(matchesQuery(text, 'mute firmware')).toBe(false);
    expect(matchesQuery(text, '')).toBe(true);
    expect(matchesQuery(text, '   ')).toBe(true);
  });

  it("finds the console's articles in their own language", () => {
    expect(found(enUS, 'hmac-sha256 nonce')).toEqual(['openApi']);
    expect(found(zhCN, '随机数 签名')).toEqual(['openApi']);
    expect(found(enUS, 'geofence radius')).toEqual(['deviceMap']);
    expect(found(zhCN, '围栏 半径')).toEqual(['deviceMap']);
    // the other language's words are not there
    expect(found(enUS, '围栏')).toEqual([]);
    expect(found(zhCN, 'geofence')).toEqual([]);
  });

  it("describes an article's layout without its words", () => {
    expect(shapeOf(ARTICLE)).toEqual([['paragraph', 'list of 1', 'table of 2/2']]);
  });
});
