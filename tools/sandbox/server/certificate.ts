/**
 * A certificate for the sandbox's HTTP/2 mode (browsers speak HTTP/2 only over TLS): a throwaway CA
 * and a certificate for localhost, 127.0.0.1 and the --host the sandbox listens on, signed by it, made
 * in memory with `mkcert` (the library the Office dev certificates of `npm start` are made with).
 * Nothing is installed or trusted: a client that wants to check the sandbox trusts `ca` itself.
 */
import { createCA, createCert } from 'mkcert';

export interface SandboxCertificate {
  /** PEM of the CA that signed `cert`: what a client passes as its trusted CA. */
  ca: string;
  cert: string;
  key: string;
}

const VALID_DAYS = 2;

/** The wildcard hosts: no address to connect to (the sandbox prints localhost for them). */
const WILDCARDS = ['0.0.0.0', '::'];

/** A certificate that covers localhost, 127.0.0.1 and `host` (an address or a name; a wildcard adds nothing). */
export async function localCertificate(host = '127.0.0.1'): Promise<SandboxCertificate> {
  const ca = await createCA({
    organization: 'Climate sandbox (throwaway)',
    countryCode: 'NL',
    state: 'Local',
    locality: 'Loopback',
    validity: VALID_DAYS,
  });
  const bare = host.replace(/^\[|\]$/g, '');
  const domains = [...new Set(['localhost', '127.0.0.1', ...(WILDCARDS.includes(bare) ? [] : [bare])])];
  const signed = await createCert({ ca, domains, validity: VALID_DAYS });
  return { ca: ca.cert, cert: signed.cert, key: signed.key };
}
