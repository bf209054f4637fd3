import type { Certificate, Page } from '@herald/contract';
import { download, get, post, type Params } from '../../../lib/http';

export const listCertificates = (params: Params) => get<Page<Certificate>>('/v1/certificates', params);
/** One X.509 certificate in PEM; it must match the manufacturer. */
export const importCertificate = (manufacturerId: number, pem: string) =>
  post<Certificate>(`/v1/manufacturers/${manufacturerId}/certificates`, { pem });
export const downloadCertificate = (c: Pick<Certificate, 'id' | 'serialNumber'>) =>
  download(`/v1/certificates/${c.id}/download`, {}, `certificate-${c.serialNumber}.pem`);
/** Irreversible; needs the login password again. */
export const revokeCertificate = (id: number, password: string) =>
  post<Certificate>(`/v1/certificates/${id}/revoke`, { password });
