import type { Position, Telemetry } from '@herald/contract';
import type { Db } from '../../db/client';
import { cellsKnown } from './repo';

type Cell = NonNullable<NonNullable<Telemetry['location']>['cells']>[number];
type Located = Omit<Position, 'locatedAt'>;

/** Cell identities a real network can have (a larger number is not one, and would not fit the table). */
const realCell = (c: Cell) =>
  c.mcc >= 0 &&
  c.mcc <= 999 &&
  c.mnc >= 0 &&
  c.mnc <= 999 &&
  c.lac >= 0 &&
  c.lac <= 0xffffff &&
  c.cid >= 0 &&
  c.cid <= 2 ** 40;

const rssiOf = (c: Cell) => c.rssi ?? -100;

/**
 * Where the device is by the cells it hears: the weighted centre of the cells the platform knows,
 * as accurate as their reach (never under 100 m). Undefined when none is known.
 */
export function fromCells(
  heard: readonly Cell[],
  known: readonly { mcc: number; mnc: number; lac: number; cid: number; lat: number; lng: number; range: number }[],
): Located | undefined {
  // a cell heard 20 dB weaker than the strongest counts a tenth as much (weights relative to the
  // strongest stay between 0 and 1 whatever the device reports)
  const strongest = Math.max(...heard.map(rssiOf));
  let total = 0;
  let lat = 0;
  let lng = 0;
  let reach = 0;
  for (const k of known) {
    const h = heard.find((c) => c.mcc === k.mcc && c.mnc === k.mnc && c.lac === k.lac && c.cid === k.cid);
    if (!h) continue;
    const w = 10 ** ((rssiOf(h) - strongest) / 20);
    total += w;
    lat += k.lat * w;
    lng += k.lng * w;
    reach += k.range * w;
  }
  if (!(total > 0)) return undefined;
  const at = { lat: lat / total, lng: lng / total, accuracy: Math.max(100, Math.round(reach / total)) };
  if (![at.lat, at.lng, at.accuracy].every(Number.isFinite)) return undefined;
  return { ...at, source: 'cell' };
}

/** The position a telemetry report gives: its GNSS fix, else its cells; undefined when neither places it. */
export async function positionOf(db: Db, t: Telemetry): Promise<Located | undefined> {
  const gnss = t.location?.gnss;
  if (gnss) return { lat: gnss.lat, lng: gnss.lng, accuracy: gnss.accuracy ?? null, source: 'gnss' };
  const cells = (t.location?.cells ?? []).filter(realCell);
  if (cells.length === 0) return undefined;
  return fromCells(cells, await cellsKnown(db, cells));
}
