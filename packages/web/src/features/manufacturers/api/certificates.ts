import { manufacturersApi } from '@herald/contract';
import { call, downloadFrom } from '../../../lib/api-client';
import type { Certificate } from '@herald/contract';
import type { Params } from '../../../lib/http';

export const listCertificates = (params: Params) => call(manufacturersApi.listCertificates, { query: params });
/** One X.509 certificate in PEM; it must match the manufacturer. */
export const importCertificate = (manufacturerId: number, pem: string) =>
  call(manufacturersApi.importCertificate, { params: { id: manufacturerId }, body: { pem } });
export const downloadCertificate = (c: Pick<Certificate, 'id' | 'serialNumber'>) =>
  downloadFrom(manufacturersApi.downloadCertificate, { id: c.id }, {}, `certificate-${c.serialNumber}.pem`);
/** Irreversible; needs the login password again. */
export const revokeCertificate = (id: number, password: string) =>
  call(manufacturersApi.revokeCertificate, { params: { id }, body: { password } });
