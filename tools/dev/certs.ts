// HTTPS certificates for the dev server on https://localhost:3000.
// Prefer the machine-wide Office dev certificates when their CA is trusted (`npx office-addin-dev-certs
// install`, which needs admin rights); otherwise generate a project-local set into .certs/ (ignored by
// git). Installing a CA needs sudo, so a generated set is untrusted until someone trusts it by hand.
import { X509Certificate } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { generateCertificates, verifyCertificates } from 'office-addin-dev-certs';
import * as officeDefaults from 'office-addin-dev-certs/lib/defaults';

export interface DevCertificates {
  cert: Buffer;
  key: Buffer;
  ca: Buffer;
  caPath: string;
  /** Whether the CA is in the system trust store, i.e. browsers accept https://localhost:3000 silently. */
  trusted: boolean;
}

interface CertificatePaths {
  ca: string;
  cert: string;
  key: string;
}

export const PROJECT_CERT_DIR = join(__dirname, '..', '..', '.certs');
const PROJECT_PATHS: CertificatePaths = {
  ca: join(PROJECT_CERT_DIR, 'ca.crt'),
  cert: join(PROJECT_CERT_DIR, 'localhost.crt'),
  key: join(PROJECT_CERT_DIR, 'localhost.key'),
};
const VALID_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function read(paths: CertificatePaths, trusted: boolean): DevCertificates {
  return {
    cert: readFileSync(paths.cert),
    key: readFileSync(paths.key),
    ca: readFileSync(paths.ca),
    caPath: paths.ca,
    trusted,
  };
}

/** True when the standard Office dev certificate and key are valid and their CA is installed. */
function officeCertificatesTrusted(): boolean {
  try {
    return verifyCertificates();
  } catch {
    return false; // the platform's check could not run: treat as not installed
  }
}

/** Present and valid for at least another day. */
function stillValid(paths: CertificatePaths): boolean {
  if (![paths.ca, paths.cert, paths.key].every((file) => existsSync(file))) return false;
  try {
    return Date.parse(new X509Certificate(readFileSync(paths.cert)).validTo) - Date.now() > DAY_MS;
  } catch {
    return false;
  }
}

export async function devCertificates(): Promise<DevCertificates> {
  if (officeCertificatesTrusted()) {
    return read(
      {
        ca: officeDefaults.caCertificatePath,
        cert: officeDefaults.localhostCertificatePath,
        key: officeDefaults.localhostKeyPath,
      },
      true,
    );
  }
  if (!stillValid(PROJECT_PATHS)) {
    await generateCertificates(PROJECT_PATHS.ca, PROJECT_PATHS.cert, PROJECT_PATHS.key, VALID_DAYS);
  }
  return read(PROJECT_PATHS, false);
}
