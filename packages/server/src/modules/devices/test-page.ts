import { CHARS_PER_LINE, PRINT_LANGUAGES } from '@herald/contract';

type PrintLanguage = (typeof PRINT_LANGUAGES)[number];

/** A line in each print language: a page that prints it shows the printer's text encoding works. */
const SAMPLES: Record<PrintLanguage, string> = {
  zh_CN: '简体中文打印测试',
  zh_TW: '繁體中文列印測試',
  ko: '한국어 인쇄 테스트',
  ja: '日本語の印刷テスト',
  en: 'The quick brown fox jumps over the lazy dog',
};

/**
 * The console's test page (receiptline markup; values go in as parameters, so they are escaped).
 * Labels are ASCII, which every print language's encoding has; the sample line is in the
 * printer's own language and the ruler is as wide as its paper's line.
 */
const MARKUP = `^^Herald test page

S/N | {{sn}}
Model | {{model}}
Paper | {{paper}}
Language | {{language}}
Time (UTC) | {{time}}
---
{{ruler}}
{{sample}}
---
Printed in full: the printer works.
`;

export function testPage(
  d: { sn: string; printParams: unknown },
  model: string | null,
  now = new Date(),
): { content: string; params: Record<string, string> } {
  const p = (d.printParams ?? {}) as { paperWidth?: unknown; language?: unknown };
  const width = p.paperWidth === 80 ? 80 : 58;
  const language = (PRINT_LANGUAGES as readonly unknown[]).includes(p.language)
    ? (p.language as PrintLanguage)
    : 'zh_CN';
  const chars = CHARS_PER_LINE[width];
  return {
    content: MARKUP,
    params: {
      sn: d.sn,
      model: model ?? '-',
      paper: `${width} mm (${chars} chars)`,
      language,
      time: now.toISOString().slice(0, 19).replace('T', ' '),
      ruler: '1234567890'.repeat(Math.ceil(chars / 10)).slice(0, chars),
      sample: SAMPLES[language],
    },
  };
}
