import { CLIP_EXTENSIONS, type ArchiveEntry, type SpeakLanguage } from '@herald/contract';
import { clipId, voicePack } from '../trade-speak/voice-pack';

/**
 * The voice clips a language pack holds. A clip is a file `<name>.<ext>` at the top of the
 * archive or in a folder named for the language (`zh_CN/num.1.mp3`); its id is
 * `<language>/<name>` as the transaction broadcast names it. Other files and other folders are
 * carried along but are not clips of this language.
 */
export function clipsOf(language: SpeakLanguage, entries: readonly ArchiveEntry[]): string[] {
  const clips = new Set<string>();
  for (const { path } of entries) {
    const m = /^(?:([^/]+)\/)?([^/]+)\.([A-Za-z0-9]+)$/.exec(path);
    if (!m) continue;
    const [, folder, name, ext] = m;
    if (folder !== undefined && folder !== language) continue;
    if (!(CLIP_EXTENSIONS as readonly string[]).includes(ext!.toLowerCase())) continue;
    clips.add(clipId(language, name!));
  }
  return [...clips].sort();
}

/** Clips the transaction broadcast needs in this language that the pack lacks. */
export function missingClips(language: SpeakLanguage, clips: readonly string[]): string[] {
  const have = new Set(clips);
  return voicePack(language)
    .map((c) => c.clip)
    .filter((c) => !have.has(c));
}
