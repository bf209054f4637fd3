import { SPEAK_LANGUAGES, type SpeakLanguage } from '@herald/contract';
import { speakText } from '../trade-speak/voice-pack';
import type { JobRow } from './repo';

/** The clips a transaction broadcast sent, and the words they speak (for its detail page). */
export function spokenOf(job: Pick<JobRow, 'payload' | 'language'>): { clips: string[] | null; spoken: string | null } {
  const p = job.payload as { clips?: unknown; language?: unknown } | null;
  const clips = Array.isArray(p?.clips) && p.clips.every((c) => typeof c === 'string') ? (p.clips as string[]) : null;
  const lang = (typeof p?.language === 'string' ? p.language : job.language) ?? '';
  const known = (SPEAK_LANGUAGES as readonly string[]).includes(lang);
  return { clips, spoken: clips && known ? speakText(lang as SpeakLanguage, clips) : null };
}
