import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { PNG_DATA_URL } from '../story';
import { poll } from '../ui';

/**
 * What a tour needs to see the console under Herald's Content-Security-Policy: a tile server of
 * its own for the maps, a watch on the page for violations, and what must be on screen before a
 * page counts as seen under the policy (the pictures, charts and tiles it has to allow).
 */

/**
 * A map tile server on loopback: one PNG for every tile (the map only has to ask for them, and be
 * allowed to). Its URL has Leaflet's `{s}`: *.localhost is the loopback address to Chromium, so
 * the subdomains a, b and c all reach it.
 */
export async function startTileServer(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  const png = Buffer.from(PNG_DATA_URL.slice(PNG_DATA_URL.indexOf(',') + 1), 'base64');
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://{s}.localhost:${(server.address() as AddressInfo).port}/{z}/{x}/{y}.png`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Records every violation the page sees, from its first document on (page loads included): the
 * page's `securitypolicyviolation` events and Chromium's own console lines about the policy.
 */
export async function watchViolations(page: Page, violations: string[]): Promise<void> {
  await page.context().exposeBinding('heraldCspViolation', (_source, line: string) => violations.push(line));
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { heraldCspViolation: (line: string) => void }).heraldCspViolation;
      void report(
        `${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${m.text()}`);
  });
}

/** Waits until the images matched by `selector` have loaded (at least one); names the violations if they do not. */
export const imagesLoaded = (page: Page, selector: string, violations: readonly string[]) =>
  poll(() =>
    page
      .locator(selector)
      .evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
  )
    .toBe(true)
    .catch((err: unknown) => {
      throw new Error(`${selector}: not loaded; violations so far: ${JSON.stringify(violations, null, 1)}`, {
        cause: err,
      });
    });

/**
 * What must be on screen before a page counts as seen under the policy, by route name: charts,
 * map tiles, the receipt preview (an SVG data: URL), the device's QR code with the account's logo
 * (`sn`), the avatar.
 */
export function policyEvidence(
  sn: string,
): Record<string, (page: Page, violations: readonly string[]) => Promise<unknown>> {
  return {
    home: (page) => poll(() => page.locator('.herald-page .recharts-surface').count()).toBeGreaterThan(0),
    deviceMap: (page, v) => imagesLoaded(page, '[data-testid="device-map"] img.leaflet-tile', v),
    'geoFence.add': (page, v) => imagesLoaded(page, '.herald-page > :not([data-left]) img.leaflet-tile', v),
    'template.detail': (page, v) => imagesLoaded(page, '[data-testid="template-preview-58"] img', v),
    deviceCode: (page, v) => imagesLoaded(page, `[data-testid="device-code-image-${sn}"] img`, v),
    userCenter: (page, v) => imagesLoaded(page, '.herald-page img', v),
  };
}
