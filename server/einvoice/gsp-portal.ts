/**
 * A GST Suvidha Provider (EINVOICE_PROVIDER=gsp): the IRP reached through a provider's REST passthrough,
 * with the portal's JSON (invoice schema 1.1) and the portal's answers ({ Status: 1, Data } or
 * { Status: 0, ErrorDetails: [{ ErrorCode, ErrorMessage }] }).
 *
 *   POST {EINVOICE_URL}/auth            { UserName, Password, Gstin }, headers client_id, client_secret
 *                                       → Data: { AuthToken, TokenExpiry }
 *   POST {EINVOICE_URL}/invoice         the document, headers AuthToken, gstin → Data: { Irn, AckNo, AckDt, SignedQRCode }
 *   POST {EINVOICE_URL}/invoice/cancel  { Irn, CnlRsn, CnlRem }              → Data: { Irn, CancelDate }
 *
 * Providers that require the NIC payload encryption (SEK) on top of TLS are not supported here yet: such a
 * provider answers with its own error, which is shown as it is. Nothing is reported registered or cancelled
 * unless the provider said so; a provider that cannot be reached is "unavailable" (the caller may retry).
 */
import type { CancelReasonCode, Cancellation, EInvoicePortal, PortalDocument, Registration } from './portal';
import { PortalRefusal, PortalUnavailable } from './portal';

export interface GspOptions {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  gstin: string;
  /** Per request (default 20 s): the portal is slow at times, but a request must end. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface PortalAnswer<T> {
  Status?: number | string;
  Data?: T;
  ErrorDetails?: Array<{ ErrorCode?: string; ErrorMessage?: string }>;
}

/** The IRP's JSON for a document (invoice schema 1.1, the fields the product fills). */
export function portalJson(document: PortalDocument): Record<string, unknown> {
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
    DocDtls: { Typ: document.documentType, No: document.documentNumber, Dt: document.documentDate },
    SellerDtls: { Gstin: document.sellerGstin, LglNm: document.sellerName },
    BuyerDtls: { Gstin: document.buyerGstin, LglNm: document.buyerName, Pos: document.placeOfSupply },
    ItemList: document.items.map((item) => ({
      SlNo: item.slNo,
      IsServc: item.isService ? 'Y' : 'N',
      HsnCd: item.hsn,
      Qty: item.quantity,
      UnitPrice: item.unitPrice,
      TotAmt: item.assessableValue,
      AssAmt: item.assessableValue,
      GstRt: item.gstRate,
      IgstAmt: item.igst,
      CgstAmt: item.cgst,
      SgstAmt: item.sgst,
      TotItemVal: item.totalItemValue,
    })),
    ValDtls: {
      AssVal: document.totals.assessableValue,
      CgstVal: document.totals.cgst,
      SgstVal: document.totals.sgst,
      IgstVal: document.totals.igst,
      RndOffAmt: document.totals.roundOff,
      TotInvVal: document.totals.totalInvoiceValue,
    },
  };
}

/** "2026-03-01 15:00:00" (IST, as the portal writes it) → ISO. */
function isoFromPortal(value: string): string {
  const parsed = Date.parse(`${value.replace(' ', 'T')}+05:30`);
  return Number.isNaN(parsed) ? value : new Date(parsed).toISOString();
}

export function createGspPortal(options: GspOptions): EInvoicePortal {
  const doFetch = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, '');
  let token: { value: string; until: number } | undefined;

  async function post<T>(path: string, body: unknown, headers: Record<string, string>): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new PortalUnavailable('portalUnreachable', { address: base, cause: (error as Error).message });
    }
    const text = await response.text();
    let answer: PortalAnswer<T>;
    try {
      answer = JSON.parse(text) as PortalAnswer<T>;
    } catch {
      throw new PortalUnavailable('portalNotJson', { httpStatus: response.status });
    }
    if (String(answer.Status) === '1' && answer.Data !== undefined) return answer.Data;
    const [first] = answer.ErrorDetails ?? [];
    if (first?.ErrorMessage) throw new PortalRefusal(first.ErrorCode ?? String(response.status), first.ErrorMessage);
    throw new PortalUnavailable('portalNoAnswer', { httpStatus: response.status });
  }

  async function authToken(): Promise<string> {
    if (token && token.until > Date.now() + 60_000) return token.value;
    const data = await post<{ AuthToken: string; TokenExpiry?: string }>('/auth', { UserName: options.username, Password: options.password, Gstin: options.gstin }, { client_id: options.clientId, client_secret: options.clientSecret });
    if (!data.AuthToken) throw new PortalUnavailable('portalNoToken');
    const until = data.TokenExpiry ? Date.parse(isoFromPortal(data.TokenExpiry)) : Date.now() + 30 * 60_000;
    token = { value: data.AuthToken, until: Number.isNaN(until) ? Date.now() + 30 * 60_000 : until };
    return token.value;
  }

  const authorised = async (): Promise<Record<string, string>> => ({ AuthToken: await authToken(), gstin: options.gstin, client_id: options.clientId, client_secret: options.clientSecret });

  return {
    kind: 'gsp',
    async register(document): Promise<Registration> {
      const data = await post<{ Irn: string; AckNo: number | string; AckDt: string; SignedQRCode: string }>('/invoice', portalJson(document), await authorised());
      if (!data.Irn || !data.SignedQRCode) throw new PortalUnavailable('portalNoIrn');
      return { irn: data.Irn, ackNo: String(data.AckNo), ackDate: isoFromPortal(data.AckDt), signedQr: data.SignedQRCode, issuer: 'NIC (through the GSP)' };
    },
    async cancel(input: { sellerGstin: string; irn: string; reasonCode: CancelReasonCode; remark: string }): Promise<Cancellation> {
      const data = await post<{ Irn: string; CancelDate: string }>('/invoice/cancel', { Irn: input.irn, CnlRsn: String(input.reasonCode), CnlRem: input.remark }, await authorised());
      return { irn: data.Irn, cancelDate: isoFromPortal(data.CancelDate) };
    },
    async close() {},
  };
}
