import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Server } from '../src/app';
import { devices, files, firmwarePackages, resourcePackages } from '../src/db/schema';
import { uniq } from './people';

/**
 * Packages straight in the database (their upload API is tested on its own), with the bytes in
 * the server's storage so devices can really download them.
 */
export async function seedFile(server: Server, accountId: number | null, bytes = randomBytes(2048)) {
  const key = `firmware/test-${randomUUID()}`;
  await server.deps.storage.put(key, bytes);
  const [f] = await server.deps.db
    .insert(files)
    .values({
      accountId,
      purpose: 'firmware',
      name: `${uniq()}.bin`,
      format: 'bin',
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey: key,
    })
    .returning();
  return f!;
}

export async function seedFirmware(
  server: Server,
  opts: {
    accountId: number | null;
    modelId: number;
    version: string;
    appName?: string;
    split?: boolean;
    baseVersion?: string;
    minUpgradeVersion?: string;
    minLanguagePackVersion?: string;
  },
) {
  const file = await seedFile(server, opts.accountId);
  const [p] = await server.deps.db
    .insert(firmwarePackages)
    .values({
      accountId: opts.accountId,
      appName: opts.appName ?? 'herald-app',
      name: `Firmware ${opts.version} ${uniq()}`,
      versionName: opts.version,
      modelId: opts.modelId,
      signAlgorithm: 'md5',
      packageType: opts.split ? 'split' : 'whole',
      baseVersion: opts.baseVersion ?? null,
      minUpgradeVersion: opts.minUpgradeVersion ?? null,
      minLanguagePackVersion: opts.minLanguagePackVersion ?? null,
      fileId: file.id,
    })
    .returning();
  return p!;
}

export async function seedPack(
  server: Server,
  opts: {
    accountId: number | null;
    version: string;
    language?: string | null;
    kind?: 'language' | 'resource';
    minFirmwareVersion?: string;
  },
) {
  const file = await seedFile(server, opts.accountId);
  const [p] = await server.deps.db
    .insert(resourcePackages)
    .values({
      accountId: opts.accountId,
      name: `Pack ${uniq()}`,
      kind: opts.kind ?? 'language',
      language: opts.language === undefined ? 'en_US' : opts.language,
      version: opts.version,
      minFirmwareVersion: opts.minFirmwareVersion ?? null,
      fileCount: 1,
      fileId: file.id,
    })
    .returning();
  return p!;
}

/** What a device last reported: its firmware and pack versions. */
export async function setVersions(
  server: Server,
  deviceId: number,
  firmware: string,
  resources?: Record<string, string>,
) {
  await server.deps.db
    .update(devices)
    .set({ firmwareVersion: firmware, ...(resources ? { telemetry: { resources } } : {}) })
    .where(eq(devices.id, deviceId));
}

/**
 * Uploaded bytes of a test server go to a directory of their own, not the repository's data/: under
 * the run's scratch folder, which the global setup removes when the run ends (global-setup.ts).
 */
export const tempDataDir = (): string => fs.mkdtempSync(path.join(inject('scratchDir'), 'herald-ota-'));

/**
 * Poll until `check` returns a truthy value, for conditions that take long (a whole campaign):
 * bounded by time, not by a number of polls, so a fast check does not give up early.
 */
export async function waitUntil<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 240_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
