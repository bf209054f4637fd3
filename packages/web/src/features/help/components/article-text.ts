import type { HelpTopicId } from './topics';

/**
 * An article's words in one language. A block is a paragraph (a string), a bullet list, or a
 * table whose first row is its header. Plain text only: nothing is read as markup.
 */
export type Block = string | { list: readonly string[] } | { table: readonly (readonly string[])[] };
export type Section = { heading: string; blocks: readonly Block[] };
export type ArticleText = { title: string; summary: string; sections: readonly Section[] };
export type HelpTexts = Record<HelpTopicId, ArticleText>;

function blockStrings(b: Block): readonly string[] {
  if (typeof b === 'string') return [b];
  if ('list' in b) return b.list;
  return b.table.flat();
}

/** Every string of an article, title first. */
export const articleStrings = (a: ArticleText): string[] => [
  a.title,
  a.summary,
  ...a.sections.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockStrings)]),
];

/** What a search looks through: the article's words, in lower case. */
export const searchableText = (a: ArticleText): string => articleStrings(a).join('\n').toLocaleLowerCase();

/** Whether every word of the query occurs in the text (an empty query matches everything). */
export function matchesQuery(text: string, query: string): boolean {
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/**
 * The layout of an article without its words: per section, each block's kind and size. Two
 * translations of an article have the same shape.
 */
export const shapeOf = (a: ArticleText): string[][] =>
  a.sections.map((s) =>
    s.blocks.map((b) =>
      typeof b === 'string'
        ? 'paragraph'
        : 'list' in b
          ? `list of ${b.list.length}`
          : `table of ${b.table.map((row) => row.length).join('/')}`,
    ),
  );
