import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makeZip } from '../packages/server/test/zip-fixture';
import { byId, chooseOption, fill, openMenu, visible, waitForPath } from './ui';

/**
 * The console steps the OTA stories share: a firmware zip uploaded through the firmware screen,
 * and the start of an upgrade task over a group (the caller adds phases or criteria, then saves).
 */
export async function uploadFirmware(
  page: Page,
  dir: string,
  f: { appName: string; name: string; version: string; model: string },
): Promise<void> {
  const zip = path.join(dir, `${f.appName}-${f.version}.zip`);
  fs.writeFileSync(
    zip,
    makeZip([
      { path: 'manifest.json', data: JSON.stringify({ version: f.version }) },
      // incompressible: a file of one repeated byte would look like a zip bomb (ratio check)
      { path: 'app.bin', data: randomBytes(64 * 1024) },
    ]),
  );
  await openMenu(page, 'firmware', '/resource/firmware', 'resourceRoot');
  await (await visible(page, 'firmware-add')).click();
  await waitForPath(page, '/resource/firmware/add');
  await byId(page, 'firmware-file').locator('input[type=file]').setInputFiles(zip);
  await visible(page, 'firmware-file-result');
  await fill(page, 'firmware-app-name', f.appName);
  await fill(page, 'firmware-name', f.name);
  await fill(page, 'firmware-version', f.version);
  await chooseOption(page, 'firmware-model', f.model);
  await byId(page, 'firmware-submit').click();
  await waitForPath(page, /^\/resource\/firmware\/detail\/\d+/);
  await visible(page, 'firmware-detail');
}

/** The task form filled for a group, with no retries; not saved yet. */
export async function fillGroupTask(page: Page, t: { name: string; firmware: string; group: string }): Promise<void> {
  await openMenu(page, 'task', '/resource/task', 'resourceRoot');
  await (await visible(page, 'ota-task-add')).click();
  await waitForPath(page, '/resource/task/add');
  await fill(page, 'task-name', t.name);
  await chooseOption(page, 'task-package', t.firmware);
  await page.locator('.ant-radio-button-wrapper', { hasText: 'By group' }).click();
  await chooseOption(page, 'task-groups', t.group);
  await fill(page, 'task-retries', '0');
}
