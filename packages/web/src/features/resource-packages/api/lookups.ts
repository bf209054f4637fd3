import { get } from '../../../lib/http';

/**
 * Speak languages a language pack can be for; named in the request language, so the key carries it.
 * Also the language choices of upgrade tasks and of the trade-speak settings.
 */
export const speakLanguagesQuery = (locale: string) => ({
  queryKey: ['common', 'speakLanguageListQuery', locale] as const,
  queryFn: () => get<{ value: string; label: string }[]>('/v1/common/speakLanguageListQuery'),
  staleTime: Infinity,
});
