import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { speakLanguagesQuery } from './lookups';

/** Speak language options and a code → name lookup in the interface language. */
export function useSpeakLanguages() {
  const { i18n } = useTranslation();
  const languages = useQuery(speakLanguagesQuery(i18n.language));
  const options = languages.data ?? [];
  const labelOf = (code: string | null) => (code ? (options.find((o) => o.value === code)?.label ?? code) : '-');
  return { options, labelOf, loading: languages.isPending };
}
