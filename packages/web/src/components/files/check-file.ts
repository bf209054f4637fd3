import { FILE_LIMITS, type FilePurpose } from '@herald/contract';
import { hasExtension } from '../../lib/files';

/**
 * What the console refuses before sending a byte (the server checks the same again): a name
 * without one of the purpose's extensions, or more bytes than its limit. Answers the message
 * key of the spec's wording, or null when the file may go.
 */
export function checkFile(purpose: FilePurpose, file: { name: string; size: number }): string | null {
  const limit = FILE_LIMITS[purpose];
  if (!hasExtension(file.name, limit.extensions)) return 'error.fileFormat';
  if (file.size > limit.maxBytes) return limit.tooLargeKey;
  if (file.size === 0) return 'error.fileFormat';
  return null;
}

/** The `accept` attribute of the file picker for a purpose (".zip,.gz,.pz"). */
export const acceptOf = (purpose: FilePurpose) => FILE_LIMITS[purpose].extensions.map((e) => `.${e}`).join(',');
