import { config } from 'zod';

/**
 * In a browser (the console), before any schema is built: Herald's Content-Security-Policy has no
 * 'unsafe-eval', and zod probes `new Function` when it builds its first object schema. The probe's
 * failure is caught, but the browser still reports it as a policy violation on every page load.
 * Jitless, schemas check the same; the compiled fast path pays off only for the server's volumes,
 * and the server keeps it.
 */
if ('document' in globalThis) config({ jitless: true });
