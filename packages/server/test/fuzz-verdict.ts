import { ResultCode } from '@herald/contract';
import type { Answer } from './fuzz-http';
import type { Operation } from './fuzz-schema';

/**
 * What the fuzzer asks of every answer: no 5xx, and Herald's envelope {code, message, data}
 * (JSON, a known code, HTTP status and code agreeing on success) unless the operation documents
 * a 200 answer that is no JSON (a file, a picture, a CSV) and the request succeeded.
 */

/**
 * Answers known not to be in the envelope yet: Fastify's and Node's own refusals, which another
 * part of this hardening issue is putting into the envelope (app.ts). Each is still counted and
 * reported; once that work is merged, EMPTY THIS LIST and the fuzzer checks them like any other.
 */
export const KNOWN_NON_ENVELOPE: { name: string; matches: (a: Answer) => boolean }[] = [
  // none: what Node's HTTP parser refuses is answered in the envelope too (plugins/client-errors.ts)
];

export type Verdict =
  { ok: true; refused: boolean; code?: number; known?: string } | { ok: false; problem: string; refused: boolean };

const CODES = new Set<number>(Object.values(ResultCode));

function envelopeOf(a: Answer): { code: number } | string {
  if (!/^application\/json\b/i.test(a.contentType)) return `content type ${JSON.stringify(a.contentType)}`;
  let body: unknown;
  try {
    body = JSON.parse(a.body);
  } catch {
    return 'a body that is not JSON';
  }
  const e = body as { code?: unknown; message?: unknown };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'JSON that is not an object';
  if (typeof e.code !== 'number' || typeof e.message !== 'string' || !('data' in body))
    return `JSON without {code, message, data}: keys ${Object.keys(body).join(', ')}`;
  if (!CODES.has(e.code)) return `an unknown code ${e.code}`;
  return { code: e.code };
}

export function judge(op: Operation, a: Answer): Verdict {
  const refused = a.status >= 400;
  if (a.status >= 500) return { ok: false, problem: `HTTP ${a.status}`, refused };
  // a download's success is its file; its refusals are envelopes like every other
  if (!op.jsonAnswer && !refused) return { ok: true, refused };
  const e = envelopeOf(a);
  if (typeof e === 'string') {
    const known = KNOWN_NON_ENVELOPE.find((k) => k.matches(a));
    if (known) return { ok: true, refused, known: known.name };
    return { ok: false, problem: `not the envelope: ${e}`, refused };
  }
  if ((e.code === ResultCode.SUCCESS) !== a.status < 400)
    return {
      ok: false,
      problem: `HTTP ${a.status} with code ${e.code}`,
      refused: refused || e.code !== ResultCode.SUCCESS,
    };
  return { ok: true, refused, code: e.code };
}
