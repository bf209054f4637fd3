export type Lang = 'en_US' | 'zh_CN';

/**
 * Names that may show in Chinese: product names and protocol terms, file formats and the language
 * switch's own "English". The data a tour's server holds is named by the test that made it.
 */
export const TERMS = [
  'Herald',
  'admin',
  'Administrator', // the seeded operator's name
  'herald',
  'local',
  'test',
  'App Key',
  'QoS',
  'OTA',
  'SmartConfig',
  'http',
  'public',
  'smart-config',
  'download',
  'English',
  'Logo', // the Chinese console's own word for the QR code's and the startup logo
  'Natural Earth', // the world map's data source, credited under the map
  // device-type codes, the identifiers the protocol and the model form use (Device types, code column)
  'cloud-printer',
  'cloud-speaker',
  'cloud-printer-speaker',
  'POS',
  'pos-terminal',
  // file formats, named as such in both languages
  'PNG',
  'JPG',
];

/**
 * The words of `text` in the wrong language: in Chinese, English words other than `names`; in
 * English, any Chinese character except the language switch's own "简体中文".
 */
export function wrongLanguage(text: string, lang: Lang, names: ReadonlySet<string>): string[] {
  // digests (an upload's MD5 in the operation log) are values, not words: "3ebf…" is no "ebf"
  const shown = text.replace(/\b[0-9a-f]{32,64}\b/gi, ' ');
  const words =
    lang === 'zh_CN'
      ? (shown.match(/[A-Za-z][A-Za-z'’-]{2,}(?: [A-Za-z][A-Za-z'’-]+)*/g) ?? []).filter((w) => !names.has(w))
      : (shown.replace('简体中文', '').match(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/g) ?? []);
  return [...new Set(words)];
}
