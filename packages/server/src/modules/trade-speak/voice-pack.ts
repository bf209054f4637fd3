import type { SpeakLanguage, VoiceClip } from '@herald/contract';
import { SPEAK_LANGUAGES } from '@herald/contract';
import { bn } from './reading/bn';
import type { LanguageReading } from './reading/core';
import { en_US } from './reading/en_US';
import { es } from './reading/es';
import { hi } from './reading/hi';
import { pt } from './reading/pt';
import { th } from './reading/th';
import { yue } from './reading/yue';
import { zh_CN } from './reading/zh_CN';

/**
 * Voice packs. A clip id is `<language>/<name>`: the language names the pack (a folder of audio
 * files), the name says what the clip is — num.<n>, unit.<place>, word.<ascii word>,
 * cur.<CUR>.<major|minor|tenth|hundredth>[Plural], prefix.<prefix>.<payment type>.
 */
export const READINGS: Record<SpeakLanguage, LanguageReading> = { zh_CN, yue, en_US, th, bn, es, pt, hi };

export const clipId = (language: SpeakLanguage, name: string) => `${language}/${name}`;

/** The manifest of a language's voice pack: every clip a broadcast can use and what it says. */
export function voicePack(language: SpeakLanguage): VoiceClip[] {
  return Object.entries(READINGS[language].texts).map(([name, text]) => ({ clip: clipId(language, name), text }));
}

function nameIn(language: SpeakLanguage, clip: string): string | undefined {
  const prefix = `${language}/`;
  if (!clip.startsWith(prefix)) return undefined;
  const name = clip.slice(prefix.length);
  return Object.hasOwn(READINGS[language].texts, name) ? name : undefined;
}

/** Does the language's voice pack hold this clip? */
export const clipExists = (language: SpeakLanguage, clip: string) =>
  (SPEAK_LANGUAGES as readonly string[]).includes(language) && nameIn(language, clip) !== undefined;

/** What the clips say, written out (simulator, console, tests). Unknown clips show as [id]. */
export function speakText(language: SpeakLanguage, clips: readonly string[]): string {
  const reading = READINGS[language];
  return clips
    .map((clip) => {
      const name = nameIn(language, clip);
      return name === undefined ? `[${clip}]` : reading.texts[name]!;
    })
    .join(reading.joiner);
}
