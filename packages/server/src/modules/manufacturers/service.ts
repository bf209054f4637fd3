import type { z } from 'zod';
import {
  EXPIRY_WARNING_DAYS,
  type Certificate,
  type certificateListQuery,
  type createManufacturerBody,
  type importLicenceBody,
  type Licence,
  type licenceListQuery,
  type Manufacturer,
  type manufacturerListQuery,
  type Page,
  type updateManufacturerBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, invalid, notFound, uniqueViolation } from '../../lib/errors';
import { iso, isoOrNull, offsetOf } from '../../lib/filters';
import { daysUntil, ownAccount } from '../../lib/scope';
import { verifyOwnPassword } from '../auth/service';
import { notifyChanged } from '../../lib/device-changed';
import { audit } from '../oper-log/audit';
import { matchesManufacturer, parseCertificate } from './certificate';
import * as repo from './repo';

type ListQuery = z.infer<typeof manufacturerListQuery>;
type CreateBody = z.infer<typeof createManufacturerBody>;
type UpdateBody = z.infer<typeof updateManufacturerBody>;
type LicenceBody = z.infer<typeof importLicenceBody>;
type LicenceQuery = z.infer<typeof licenceListQuery>;
type CertificateQuery = z.infer<typeof certificateListQuery>;

const DAY = 24 * 3600 * 1000;

const toManufacturer = (v: repo.ManufacturerView): Manufacturer => ({
  id: v.m.id,
  name: v.m.name,
  code: v.m.code,
  contact: v.m.contact,
  phone: v.m.phone,
  email: v.m.email,
  remark: v.m.remark,
  deviceCount: v.deviceCount,
  activatedCount: v.activatedCount,
  connectedCount: v.connectedCount,
  capacity: v.capacity,
  remaining: Math.max(0, v.capacity - v.activatedCount),
  licenceCount: v.licenceCount,
  certificateCount: v.certificateCount,
  createdAt: iso(v.m.createdAt),
  updatedAt: iso(v.m.updatedAt),
});

/**
 * A manufacturer's activated devices count against its valid licences, the soonest to expire
 * first; so each licence shows its own share, and the shares add up to the manufacturer's total.
 * An expired licence has nothing left; one not valid yet has all of it still to come.
 */
function licenceUse(v: repo.LicenceView, now: number): { activated: number; remaining: number } {
  const max = v.l.maxDevices;
  if (v.l.validTo.getTime() < now) return { activated: 0, remaining: 0 };
  if (v.l.validFrom.getTime() > now) return { activated: 0, remaining: max };
  const activated = Math.min(max, Math.max(0, v.activated - v.usedBefore));
  return { activated, remaining: max - activated };
}

const toLicence = (v: repo.LicenceView, now = Date.now()): Licence => ({
  id: v.l.id,
  manufacturerId: v.l.manufacturerId,
  manufacturerName: v.manufacturerName,
  number: v.l.number,
  validFrom: iso(v.l.validFrom),
  validTo: iso(v.l.validTo),
  maxDevices: v.l.maxDevices,
  ...licenceUse(v, now),
  connected: v.connected,
  expiresInDays: daysUntil(v.l.validTo, now),
  createdAt: iso(v.l.createdAt),
});

const toCertificate = (v: repo.CertificateView, now = Date.now()): Certificate => ({
  id: v.c.id,
  manufacturerId: v.c.manufacturerId,
  manufacturerName: v.manufacturerName,
  serialNumber: v.c.serialNumber,
  issuer: v.c.issuer,
  subject: v.c.subject,
  fingerprint: v.c.fingerprint,
  validFrom: iso(v.c.validFrom),
  validTo: iso(v.c.validTo),
  revokedAt: isoOrNull(v.c.revokedAt),
  expiresInDays: daysUntil(v.c.validTo, now),
  createdAt: iso(v.c.createdAt),
});

export async function listManufacturers(deps: Deps, q: ListQuery): Promise<Page<Manufacturer>> {
  const { rows, total } = await repo.listManufacturers(deps.db, {
    name: q.name || undefined,
    code: q.code || undefined,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toManufacturer), total, page: q.page, pageSize: q.pageSize };
}

export async function getManufacturer(deps: Deps, id: number): Promise<Manufacturer> {
  const v = await repo.findManufacturerView(deps.db, id);
  if (!v) throw notFound();
  return toManufacturer(v);
}

async function withDuplicateMapping<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const c = uniqueViolation(err);
    if (c === 'manufacturers_code_uq') throw conflict('error.manufacturerCodeExists', 'code');
    if (c?.includes('number')) throw conflict('error.licenceNumberExists', 'number');
    if (c?.includes('fingerprint')) throw conflict('error.certificateExists', 'pem');
    throw err;
  }
}

const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
function values(b: UpdateBody) {
  const out = {
    name: b.name,
    code: b.code,
    contact: blankToNull(b.contact),
    phone: blankToNull(b.phone),
    email: blankToNull(b.email),
    remark: blankToNull(b.remark),
  };
  for (const k of Object.keys(out) as (keyof typeof out)[]) if (out[k] === undefined) delete out[k];
  return out;
}

export async function createManufacturer(deps: Deps, auth: AuthContext, body: CreateBody): Promise<Manufacturer> {
  if (await repo.findManufacturerIdByCode(deps.db, body.code)) throw conflict('error.manufacturerCodeExists', 'code');
  const id = await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      const id = await repo.insertManufacturer(tx, { ...values(body), name: body.name, code: body.code });
      await audit(tx, auth, {
        module: 'manufacturer',
        type: 'add',
        description: { key: 'log.manufacturer.add', params: { code: body.code, name: body.name, id } },
      });
      return id;
    }),
  );
  return getManufacturer(deps, id);
}

export async function updateManufacturer(deps: Deps, auth: AuthContext, id: number, body: UpdateBody) {
  const before = await getManufacturer(deps, id);
  if (body.code && (await repo.findManufacturerIdByCode(deps.db, body.code, id))) {
    throw conflict('error.manufacturerCodeExists', 'code');
  }
  const v = values(body);
  await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      await repo.updateManufacturer(tx, id, v);
      await audit(tx, auth, {
        module: 'manufacturer',
        type: 'edit',
        description: {
          key: Object.keys(v).length ? 'log.manufacturer.edit' : 'log.manufacturer.editNoFields',
          params: { code: before.code, id, fields: Object.keys(v).join(', ') },
        },
      });
    }),
  );
  return getManufacturer(deps, id);
}

export async function deleteManufacturer(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const before = await getManufacturer(deps, id);
  if (await repo.hasLiveDevices(deps.db, id)) throw conflict('error.manufacturerInUse');
  await deps.db.transaction(async (tx) => {
    await repo.deleteManufacturer(tx, id);
    await audit(tx, auth, {
      module: 'manufacturer',
      type: 'delete',
      description: { key: 'log.manufacturer.delete', params: { code: before.code, id } },
    });
  });
}

// ── licences ──────────────────────────────────────────────────────────────

/**
 * What an account user may see: licences and certificates of the manufacturers of their devices.
 * Operators see all.
 */
async function visibleManufacturers(deps: Deps, auth: AuthContext): Promise<number[] | undefined> {
  const own = ownAccount(auth);
  return own === undefined ? undefined : repo.manufacturerIdsOfAccount(deps.db, own);
}

export async function importLicence(deps: Deps, auth: AuthContext, manufacturerId: number, body: LicenceBody) {
  const m = await getManufacturer(deps, manufacturerId);
  if (await repo.licenceNumberTaken(deps.db, body.number)) throw conflict('error.licenceNumberExists', 'number');
  const id = await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      const id = await repo.insertLicence(tx, {
        manufacturerId,
        number: body.number,
        validFrom: new Date(body.validFrom),
        validTo: new Date(body.validTo),
        maxDevices: body.maxDevices,
      });
      await audit(tx, auth, {
        module: 'manufacturer',
        type: 'licence',
        description: {
          key: 'log.manufacturer.importLicence',
          params: { number: body.number, maxDevices: body.maxDevices, code: m.code },
        },
      });
      return id;
    }),
  );
  return toLicence((await repo.findLicenceView(deps.db, id, ownAccount(auth)))!);
}

export async function listLicences(deps: Deps, auth: AuthContext, q: LicenceQuery): Promise<Page<Licence>> {
  const { rows, total } = await repo.listLicences(deps.db, {
    manufacturerIds: await visibleManufacturers(deps, auth),
    viewer: ownAccount(auth),
    manufacturerId: q.manufacturerId,
    number: q.number || undefined,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  const now = Date.now();
  return { list: rows.map((r) => toLicence(r, now)), total, page: q.page, pageSize: q.pageSize };
}

// ── certificates ──────────────────────────────────────────────────────────

/** Must be the manufacturer's: subject O or CN equals its name or code. */
export async function importCertificate(deps: Deps, auth: AuthContext, manufacturerId: number, pem: string) {
  const m = await getManufacturer(deps, manufacturerId);
  const cert = parseCertificate(pem);
  if (!matchesManufacturer(cert, m)) throw invalid('error.certificateMismatch', 'pem');
  if (await repo.fingerprintTaken(deps.db, cert.fingerprint)) throw conflict('error.certificateExists', 'pem');
  const id = await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      const { names: _n, ...values } = cert;
      const id = await repo.insertCertificate(tx, { ...values, manufacturerId });
      await audit(tx, auth, {
        module: 'manufacturer',
        type: 'certificate',
        description: {
          key: 'log.manufacturer.importCertificate',
          params: { serial: cert.serialNumber, subject: cert.subject, code: m.code },
        },
      });
      return id;
    }),
  );
  return toCertificate((await repo.findCertificateView(deps.db, id))!);
}

export async function listCertificates(deps: Deps, auth: AuthContext, q: CertificateQuery): Promise<Page<Certificate>> {
  const { rows, total } = await repo.listCertificates(deps.db, {
    manufacturerIds: await visibleManufacturers(deps, auth),
    manufacturerId: q.manufacturerId,
    serialNumber: q.serialNumber || undefined,
    revoked: q.revoked,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  const now = Date.now();
  return { list: rows.map((r) => toCertificate(r, now)), total, page: q.page, pageSize: q.pageSize };
}

async function visibleCertificate(deps: Deps, auth: AuthContext, id: number) {
  const v = await repo.findCertificateView(deps.db, id);
  const visible = await visibleManufacturers(deps, auth);
  if (!v || (visible !== undefined && !visible.includes(v.c.manufacturerId))) throw notFound();
  return v;
}

export async function certificatePem(deps: Deps, auth: AuthContext, id: number) {
  const v = await visibleCertificate(deps, auth, id);
  return { pem: v.c.pem, fileName: `${v.manufacturerName}-${v.c.serialNumber}.pem` };
}

/**
 * Irreversible, after the caller re-enters the login password. The gateway refuses the
 * certificate from now on; devices of the manufacturer connected now are dropped, and those that
 * present this certificate cannot come back.
 */
export async function revokeCertificate(deps: Deps, auth: AuthContext, id: number, password: string) {
  const v = await visibleCertificate(deps, auth, id);
  if (v.c.revokedAt) throw conflict('error.certificateRevoked');
  await verifyOwnPassword(deps, auth, password);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.revokeCertificate(tx, id, auth.userId, new Date()))) throw conflict('error.certificateRevoked');
    await audit(tx, auth, {
      module: 'manufacturer',
      type: 'revoke',
      description: {
        key: 'log.manufacturer.revokeCertificate',
        params: { serial: v.c.serialNumber, name: v.manufacturerName },
      },
    });
  });
  const sns = await repo.onlineDeviceSns(deps.db, v.c.manufacturerId);
  await notifyChanged(deps, sns, 'certificate_revoked');
  return toCertificate((await repo.findCertificateView(deps.db, id))!);
}

/** Licences and certificates (not revoked) that expire within `days` (default 30). */
export async function expiring(deps: Deps, auth: AuthContext, days = EXPIRY_WARNING_DAYS) {
  const before = new Date(Date.now() + days * DAY);
  const manufacturerIds = await visibleManufacturers(deps, auth);
  const [l, c] = await Promise.all([
    repo.listLicences(deps.db, {
      manufacturerIds,
      viewer: ownAccount(auth),
      expiringBefore: before,
      limit: 1000,
      offset: 0,
    }),
    repo.listCertificates(deps.db, { manufacturerIds, expiringBefore: before, limit: 1000, offset: 0 }),
  ]);
  const now = Date.now();
  return {
    days,
    licences: l.rows.map((r) => toLicence(r, now)),
    certificates: c.rows.map((r) => toCertificate(r, now)),
  };
}

export const manufacturerOptions = (deps: Deps) => repo.manufacturerOptions(deps.db);
