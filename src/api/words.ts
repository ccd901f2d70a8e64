/**
 * A field's name as a person reads it, shared by the generic screens and by what QA's path exports say about
 * them (the same words on the button, in the dialog and in the exported test).
 */
const ACRONYMS: Record<string, string> = { gst: 'GST', imei: 'IMEI', id: 'ID', po: 'PO', url: 'URL', qr: 'QR', kpi: 'KPI', spoc: 'SPOC', no: 'No' };

/** 'companyTeamSize' → 'Company Team Size', 'gstNo' → 'GST No', 'clientId' → 'Client'. */
export function humanize(name: string): string {
  const base = name.endsWith('Id') && name.length > 2 ? name.slice(0, -2) : name;
  const words = base
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  return words.map((w) => ACRONYMS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}


/** The fields that name a record, in the order a person would look for them. */
const NAMING_FIELDS = ['name', 'companyName', 'title', 'proposalName', 'itemName', 'partName', 'alternateId', 'code', 'email'];

/** A record's human name: the first of the usual naming fields, else its id (screens and the server's names). */
export function recordName(record: Record<string, unknown> | undefined | null): string {
  if (!record) return '';
  for (const key of NAMING_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return String(record._id ?? '');
}
