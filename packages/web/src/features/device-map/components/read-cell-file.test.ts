import { describe, expect, it } from 'vitest';
import { readCellFile } from './read-cell-file';

describe('reading a picked cell file', () => {
  it('streams the file through the CSV reader, reporting how much has been read', async () => {
    const lines = ['mcc,mnc,lac,cid,lat,lng,range'];
    for (let cid = 0; cid < 20_000; cid++) lines.push(`460,0,4173,${cid},39.9042,116.4074,800`);
    lines.push('460,0,4173,1,91,116.4074,800');
    const shares: number[] = [];
    const csv = await readCellFile(new Blob([lines.join('\n')]), (s) => shares.push(s));
    expect(csv).toMatchObject({ ok: true, format: 'herald', skipped: 1, firstSkipped: [{ line: 20_002 }] });
    expect(csv.ok && csv.rows.map((r) => r.cid)).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
    expect(shares.at(-1)).toBe(1);
  });

  it('stops reading a file whose header it does not know', async () => {
    const shares: number[] = [];
    expect(await readCellFile(new Blob(['id,lat,lon\n1,2,3\n']), (s) => shares.push(s))).toEqual({ ok: false });
    expect(shares).toEqual([]);
  });
});
