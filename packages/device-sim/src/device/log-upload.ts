import type { Answer, Received } from './types';

/** A generated log file: what the device received, one line each. */
export function logFile(sn: string, firmware: string, received: readonly Received[]): string {
  const lines = [`# ${sn} firmware ${firmware} at ${new Date().toISOString()}`];
  for (const r of received) {
    lines.push(`${new Date(r.at).toISOString()} ${r.kind} ${r.cmd ?? '-'} ${r.id ?? '-'} ${r.outcome} ${r.code ?? ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The uploadLog command: PUT the log file to the URL Herald signed. */
export async function uploadLog(url: string, sn: string, body: string): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', 'x-file-name': `${sn}.log` },
      body,
    });
    return res.ok ? { code: 'ok' } : { code: 'failed', message: `upload answered HTTP ${res.status}` };
  } catch (err) {
    return { code: 'failed', message: `upload failed: ${(err as Error).message}`.slice(0, 256) };
  }
}
