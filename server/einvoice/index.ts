/**
 * The e-invoice portal the configuration chooses (EINVOICE_PROVIDER): the local sandbox by default, or a GST
 * Suvidha Provider with its URL and credentials. A GSP chosen without all of them stops the start with the
 * names of what is missing, rather than failing on the first invoice.
 */
import type { Config } from '../config';
import type { Db } from '../db/pool';
import { createGspPortal } from './gsp-portal';
import type { EInvoicePortal } from './portal';
import { createSandboxPortal } from './sandbox-portal';

export function createEInvoicePortal(config: Pick<Config, 'dataDir' | 'einvoice'>, db: Db): EInvoicePortal {
  const settings = config.einvoice;
  if (settings.provider === 'sandbox') return createSandboxPortal({ db, dataDir: config.dataDir });
  const missing = (['url', 'clientId', 'clientSecret', 'username', 'password', 'gstin'] as const).filter((key) => !settings[key]);
  if (missing.length > 0) {
    const names = { url: 'EINVOICE_URL', clientId: 'EINVOICE_CLIENT_ID', clientSecret: 'EINVOICE_CLIENT_SECRET', username: 'EINVOICE_USERNAME', password: 'EINVOICE_PASSWORD', gstin: 'EINVOICE_GSTIN' };
    throw new Error(`EINVOICE_PROVIDER=gsp needs ${missing.map((key) => names[key]).join(', ')}`);
  }
  return createGspPortal({
    url: settings.url as string,
    clientId: settings.clientId as string,
    clientSecret: settings.clientSecret as string,
    username: settings.username as string,
    password: settings.password as string,
    gstin: settings.gstin as string,
  });
}
