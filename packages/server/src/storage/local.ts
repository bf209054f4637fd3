import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage } from './types';

/** Files under `<dataDir>/files/<key>`. Writes go to a temporary name first, so a crash leaves no half file. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string): string {
    // keys are Herald's own (`<purpose>/<uuid>`), but never let one leave the root
    if (!/^[A-Za-z0-9/_-]+$/.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await fsp.writeFile(tmp, data);
    await fsp.rename(tmp, target);
  }

  get(key: string): Promise<Buffer> {
    return fsp.readFile(this.file(key));
  }

  async stream(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    const file = this.file(key);
    await fsp.access(file);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async presignedGetUrl(): Promise<undefined> {
    return undefined;
  }
}
