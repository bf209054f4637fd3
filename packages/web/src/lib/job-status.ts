import type { TFunction } from 'i18next';

/** What a job does, for its status words: a print, or a broadcast (speech, transaction). */
export type StatusFamily = 'print' | 'broadcast';
export const familyOf = (kind: string | undefined): StatusFamily | undefined =>
  kind === undefined ? undefined : kind === 'print' ? 'print' : 'broadcast';

/** A job status's label: "Print success" for a print, "Broadcast failed" for speech; plain without a kind. */
export function jobStatusLabel(t: TFunction, status: number, family?: StatusFamily): string {
  const plain = t(`job.status.${status}`, { defaultValue: String(status) });
  return family ? t(`job.statusOf.${family}.${status}`, { defaultValue: plain }) : plain;
}
