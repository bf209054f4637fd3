import { describe, expect, it } from 'vitest';
import {
  CELL_RANGE_MAX,
  CellCsvReader,
  OPENCELLID_COLUMNS,
  OPENCELLID_UNKNOWN_RANGE,
  parseCellCsv,
  toCellCsv,
} from './cell-csv';

const OPENCELLID_HEADER = 'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal';
const beijing = { mcc: 460, mnc: 0, lac: 4173, cid: 12345, lat: 39.9042, lng: 116.4074, range: 800 };

describe('reading a cell CSV', () => {
  it("maps OpenCellID's columns (net, area, cell, lon) onto the cell's fields", () => {
    const csv = parseCellCsv(
      [OPENCELLID_HEADER, 'GSM,460,0,4173,12345,0,116.4074,39.9042,800,12,1,1459692189,1459692189,0'].join('\n'),
    );
    expect(csv).toEqual({ ok: true, format: 'openCellId', rows: [beijing], skipped: 0, firstSkipped: [] });
  });

  it('gives an OpenCellID cell of unknown range (0) a default range the server accepts', () => {
    const csv = parseCellCsv(`${OPENCELLID_HEADER}\nLTE,262,2,801,86355,0,13.2855,52.5222,0,3,1,0,0,0\n`);
    expect(csv.ok && csv.rows[0]!.range).toBe(OPENCELLID_UNKNOWN_RANGE);
  });

  it("cuts an OpenCellID cell's range above the server's maximum to it instead of skipping the row", () => {
    const csv = parseCellCsv(`${OPENCELLID_HEADER}\nLTE,262,2,801,86355,0,13.2855,52.5222,250000,3,1,0,0,0\n`);
    expect(CELL_RANGE_MAX).toBe(100_000);
    expect(csv.ok && [csv.rows.map((r) => r.range), csv.skipped]).toEqual([[CELL_RANGE_MAX], 0]);
  });

  it("refuses Herald's format with a range above the maximum: only OpenCellID's ranges are cut", () => {
    const csv = parseCellCsv('mcc,mnc,lac,cid,lat,lng,range\n460,0,1,1,39,116,250000');
    expect(csv.ok && csv.firstSkipped).toEqual([
      { line: 2, problem: 'value', column: 'range', message: 'validation.format' },
    ]);
  });

  it("reads OpenCellID's per-country download, which has no header, from its first line", () => {
    const csv = parseCellCsv(
      [
        'GSM,460,0,4173,12345,0,116.4074,39.9042,800,12,1,1459692189,1459692189,0',
        'lte,262,2,801,86355,0,13.2855,52.5222,0,3,1,0,0,0',
        'NR,262,2,801,x,0,13.2855,52.5222,10,3,1,0,0,0',
      ].join('\r\n'),
    );
    expect(csv).toEqual({
      ok: true,
      format: 'openCellId',
      rows: [beijing, { mcc: 262, mnc: 2, lac: 801, cid: 86355, lat: 52.5222, lng: 13.2855, range: 1000 }],
      skipped: 1,
      firstSkipped: [{ line: 3, problem: 'value', column: 'cell', message: 'validation.number' }],
    });
  });

  it('takes a headerless first line only with all 14 of OpenCellID’s columns led by a radio type', () => {
    expect(OPENCELLID_COLUMNS).toHaveLength(14);
    for (const radio of ['GSM', 'UMTS', 'LTE', 'NR', 'CDMA', 'Umts'])
      expect(parseCellCsv(`${radio},460,0,4173,12345,0,116.4074,39.9042,800,12,1,0,0,0`)).toMatchObject({
        ok: true,
        rows: [beijing],
      });
    expect(parseCellCsv('WCDMA,460,0,4173,12345,0,116.4074,39.9042,800,12,1,0,0,0')).toEqual({ ok: false });
    expect(parseCellCsv('GSM,460,0,4173,12345,0,116.4074,39.9042,800,12,1,0,0')).toEqual({ ok: false });
    expect(parseCellCsv('GSM,460,0,4173,12345,0,116.4074,39.9042,800,12,1,0,0,0,0')).toEqual({ ok: false });
  });

  it("reads Herald's own columns, in any order and case, with CRLF, a BOM and quotes", () => {
    const text = '\uFEFFRange,"lat",lng,MCC,mnc,lac,cid\r\n800,39.9042,116.4074,460,0,4173,"12345"\r\n';
    expect(parseCellCsv(text)).toEqual({ ok: true, format: 'herald', rows: [beijing], skipped: 0, firstSkipped: [] });
  });

  it('reads lines ended by a carriage return alone (old Mac exports), also when \\r\\n is split between chunks', () => {
    expect(parseCellCsv('mcc,mnc,lac,cid,lat,lng,range\r460,0,4173,12345,39.9042,116.4074,800\r')).toEqual({
      ok: true,
      format: 'herald',
      rows: [beijing],
      skipped: 0,
      firstSkipped: [],
    });
    const reader = new CellCsvReader();
    reader.push('mcc,mnc,lac,cid,lat,lng,range\r');
    reader.push('\n460,0,4173,12345,39.9042,116.4074,800\r\n');
    expect(reader.end()).toMatchObject({ ok: true, rows: [beijing], skipped: 0 });
  });

  it('refuses a file with no line end within 64 KB before its header', () => {
    const reader = new CellCsvReader();
    expect(reader.push('x'.repeat(70_000))).toBe(false);
    expect(reader.end()).toEqual({ ok: false });
  });

  it('skips blank lines without reporting them, and numbers lines as the file does', () => {
    const csv = parseCellCsv(
      '\nmcc,mnc,lac,cid,lat,lng,range\n\n  \n460,0,4173,12345,39.9042,116.4074,800\n460,x,1,1,1,1,1\n',
    );
    expect(csv.ok && csv.rows).toEqual([beijing]);
    expect(csv.ok && csv.firstSkipped).toEqual([
      { line: 6, problem: 'value', column: 'mnc', message: 'validation.number' },
    ]);
  });

  it('reports rows that are not numbers, out of range or short, by line and by the file’s column name', () => {
    const csv = parseCellCsv(
      [
        OPENCELLID_HEADER,
        'GSM,460,,1,1,0,116,39,800', // empty net
        'GSM,460,0,1,1,0,181,39,800', // lon out of range
        'GSM,460,0,1,1.5,0,116,39,800', // cell not an integer
        'GSM,460,0,1',
        'GSM,460,0,1,1,0,116,39,800',
      ].join('\n'),
    );
    expect(csv).toEqual({
      ok: true,
      format: 'openCellId',
      rows: [{ mcc: 460, mnc: 0, lac: 1, cid: 1, lat: 39, lng: 116, range: 800 }],
      skipped: 4,
      firstSkipped: [
        { line: 2, problem: 'value', column: 'net', message: 'validation.number' },
        { line: 3, problem: 'value', column: 'lon', message: 'validation.format' },
        { line: 4, problem: 'value', column: 'cell', message: 'validation.integer' },
        { line: 5, problem: 'columns', expected: 9, found: 4 },
      ],
    });
  });

  it("refuses Herald's format with range 0: only OpenCellID's 0 means unknown", () => {
    const csv = parseCellCsv('mcc,mnc,lac,cid,lat,lng,range\n460,0,1,1,39,116,0');
    expect(csv.ok && csv.firstSkipped).toEqual([
      { line: 2, problem: 'value', column: 'range', message: 'validation.format' },
    ]);
  });

  it('counts every skipped line but describes only the first few', () => {
    const bad = Array.from({ length: 12 }, () => '460,0,1,1,95,116,800');
    const csv = parseCellCsv(['mcc,mnc,lac,cid,lat,lng,range', ...bad].join('\n'), 3);
    expect(csv.ok && [csv.skipped, csv.firstSkipped.map((s) => s.line)]).toEqual([12, [2, 3, 4]]);
  });

  it('refuses a file whose first line does not name the columns of either format', () => {
    expect(parseCellCsv('460,0,4173,12345,39.9042,116.4074,800\n')).toEqual({ ok: false });
    expect(parseCellCsv('mcc,mnc,lac,cid,lat,lng\n460,0,1,1,39,116\n')).toEqual({ ok: false });
    expect(parseCellCsv('\n\n')).toEqual({ ok: false });
  });

  it('reads back the sample file it writes', () => {
    const rows = [beijing, { mcc: 262, mnc: 2, lac: 801, cid: 86355, lat: 52.5222, lng: 13.2855, range: 1000 }];
    const text = toCellCsv(rows);
    expect(text.split('\n')[0]).toBe('mcc,mnc,lac,cid,lat,lng,range');
    expect(parseCellCsv(text)).toMatchObject({ ok: true, format: 'herald', rows, skipped: 0 });
  });
});

describe('reading a cell CSV a chunk at a time', () => {
  it('joins a line split across chunks and reads a last line without a newline', () => {
    const reader = new CellCsvReader();
    for (const chunk of [
      'mcc,mnc,la',
      'c,cid,lat,lng,range\n460,0,4173,123',
      '45,39.9042,116.4074,800\r',
      '\n460,0,4173,12345,39.9042,116.4074,800',
    ])
      expect(reader.push(chunk)).toBe(true);
    expect(reader.end()).toMatchObject({ ok: true, rows: [beijing, beijing], skipped: 0 });
  });

  it('asks for no more text once the header is refused', () => {
    const reader = new CellCsvReader();
    expect(reader.push('cell id,latitude\n1,2\n')).toBe(false);
    expect(reader.push('mcc,mnc,lac,cid,lat,lng,range\n')).toBe(false);
    expect(reader.end()).toEqual({ ok: false });
  });
});
