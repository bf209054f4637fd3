import fp from 'fastify-plugin';

/** A year: the usual HSTS lifetime; a browser renews it on every visit. */
const HSTS_MAX_AGE_SEC = 365 * 24 * 3600;

/**
 * Where the console's map tiles come from, as CSP sources: the origin of MAP_TILE_URL, with
 * Leaflet's `{s}` spelled out as its default subdomains (a, b, c), since a CSP wildcard can stand
 * only for a whole leftmost label. A template with another placeholder in its host cannot be
 * named exactly: its whole scheme is allowed then. A relative template is the console's own.
 */
export function tileSources(template: string | undefined): string[] {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template ?? '');
  if (!m) return [];
  const scheme = m[1]!.toLowerCase();
  const hosts = m[2]!.includes('{s}') ? ['a', 'b', 'c'].map((s) => m[2]!.replaceAll('{s}', s)) : [m[2]!];
  if (hosts.some((h) => /[{}]/.test(h))) return [`${scheme}:`];
  return hosts.map((h) => `${scheme}://${h.toLowerCase()}`);
}

/**
 * The console's policy, which also covers the API's answers and /docs (Swagger UI loads only its
 * own files). Scripts only from Herald. Styles inline too: antd writes its CSS into <style>
 * elements at run time. Images: Herald's, the tile server's, data: URLs (Leaflet's icons,
 * the receipt preview's SVG, an uploaded picture before it is sent) and blob: URLs (the logo maker,
 * a picked push logo). No `upgrade-insecure-requests`: a console reached over plain HTTP on a
 * LAN address would then ask for its own files over HTTPS and not load.
 */
export function contentSecurityPolicy(tiles: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...tiles].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every header, by name; HSTS only when the public address is HTTPS (browsers ignore it over HTTP anyway). */
export function securityHeaders(opts: { publicUrl: string; mapTileUrl: string | undefined }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(tileSources(opts.mapTileUrl)),
    'x-content-type-options': 'nosniff',
    // for browsers older than frame-ancestors
    'x-frame-options': 'DENY',
    // the tile server sees which site asks (tile providers' terms want that), never a path: links
    // carry tokens (activation, password reset)
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(/^https:/i.test(opts.publicUrl) ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SEC}` } : {}),
  };
}

/**
 * The headers on every answer Herald sends through Fastify: the console, the API, /openapi.json,
 * /docs, the files, the errors. A header a route set itself is left as it is.
 */
export const securityHeadersPlugin = fp<{ headers: Record<string, string> }>(
  async (app, { headers }) => {
    const entries = Object.entries(headers);
    app.addHook('onSend', async (_req, reply) => {
      for (const [name, value] of entries) if (!reply.hasHeader(name)) void reply.header(name, value);
    });
  },
  { name: 'herald-security-headers' },
);
