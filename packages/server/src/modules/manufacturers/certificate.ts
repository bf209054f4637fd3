import { X509Certificate } from 'node:crypto';
import { invalid } from '../../lib/errors';

export type ParsedCertificate = {
  pem: string;
  serialNumber: string;
  issuer: string;
  subject: string;
  fingerprint: string;
  validFrom: Date;
  validTo: Date;
  /** O and CN values of the subject */
  names: string[];
};

const oneLine = (dn: string) => dn.split('\n').filter(Boolean).join(', ');

/** Exactly one PEM X.509 certificate; anything else is 'File format error'. */
export function parseCertificate(pem: string): ParsedCertificate {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----/g) ?? [];
  if (blocks.length !== 1) throw invalid('error.certificateInvalid', 'pem');
  let x: X509Certificate;
  try {
    x = new X509Certificate(pem);
  } catch {
    throw invalid('error.certificateInvalid', 'pem');
  }
  const names = x.subject
    .split('\n')
    .map((line) => /^(O|CN)=(.*)$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[2]!.trim());
  return {
    pem: x.toString(),
    serialNumber: x.serialNumber,
    issuer: oneLine(x.issuer),
    subject: oneLine(x.subject),
    fingerprint: x.fingerprint256,
    validFrom: new Date(x.validFrom),
    validTo: new Date(x.validTo),
    names,
  };
}

/** The certificate is the manufacturer's when its subject O or CN is the manufacturer's name or code. */
export function matchesManufacturer(cert: ParsedCertificate, m: { name: string; code: string }): boolean {
  const wanted = new Set([m.name.trim().toLowerCase(), m.code.trim().toLowerCase()]);
  return cert.names.some((n) => wanted.has(n.toLowerCase()));
}
