import path from 'node:path';
import type { Config } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage } from './types';

/** The configured store: S3-compatible when `config.storage.s3` is set, else local disk. */
export function openStorage(config: Config): FileStorage {
  if (config.storage.s3) return new S3Storage(config.storage.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
