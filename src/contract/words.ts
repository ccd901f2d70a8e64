/**
 * A field's name as a person reads it, shared by the generic screens and by what QA's path exports say about
 * them (the same words on the button, in the dialog and in the exported test).
 */
const ACRONYMS: Record<string, string> = {
  gst: 'GST', gstin: 'GSTIN', cgst: 'CGST', sgst: 'SGST', igst: 'IGST', tds: 'TDS', hsn: 'HSN', sac: 'SAC', pan: 'PAN',
  imei: 'IMEI', sim: 'SIM', mime: 'MIME', isi: 'ISI', sla: 'SLA', id: 'ID', po: 'PO', url: 'URL', qr: 'QR', kpi: 'KPI', spoc: 'SPOC', no: 'No',
};

/**
 * The dictionary key of a text that is data in the catalogue (an enum's value, a module's failure message): every run
 * of characters other than letters and digits as one `_`, none at the ends ('Sent(Draft)' → 'Sent_Draft').
 */
export function wordKey(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** 'slaDueAt' → ['SLA', 'Due', 'At']. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1));
}

/** 'Machine' → 'Machines', 'Address' → 'Addresses', 'Category' → 'Categories'. */
function plural(word: string): string {
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/**
 * 'companyTeamSize' → 'Company Team Size', 'gstNo' → 'GST No', 'clientId' → 'Client', 'machineTypeIds' → 'Machine
 * Types', 'ticketAlternateId' → 'Ticket Number'. A field that holds ids is named for the records it holds; one that
 * holds another record's alternateId (its TKT-2026-000123) for that record's number, as the lists call alternateId.
 */
export function humanize(name: string): string {
  const number = /(?:^a|A)lternateId$/.exec(name);
  if (number) return [...words(name.slice(0, number.index)), 'Number'].join(' ');
  if (name.endsWith('Ids') && name.length > 3) {
    const held = words(name.slice(0, -3));
    return [...held.slice(0, -1), plural(held[held.length - 1] ?? 'ID')].join(' ');
  }
  return words(name.endsWith('Id') && name.length > 2 ? name.slice(0, -2) : name).join(' ');
}


/** The fields that name a record, in the order a person would look for them. */
/** The fields a record's name is read from, in order (the server reads only these of a referenced record). */
// A machine type by its machine's name, a sensor product by its product's, a checklist question by its words (issue 39):
// never by their MT-… or sensor codes.
export const NAMING_FIELDS = ['name', 'companyName', 'legalName', 'title', 'proposalName', 'itemName', 'partName', 'machineName', 'productName', 'question', 'alternateId', 'code', 'email'];

/** A record's human name: the first of the usual naming fields, else its id (screens and the server's names). */
export function recordName(record: Record<string, unknown> | undefined | null): string {
  if (!record) return '';
  for (const key of NAMING_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return String(record._id ?? '');
}

/**
 * "Credit note CN-2026-000003": its number; a record without one by its own name ("Aurangabad Auto Castings LLP"),
 * never its storage id (issue 39): the noun alone when it has neither.
 */
export function steppedRecordName(noun: string, record: Record<string, unknown> | null | undefined): string {
  if (typeof record?.alternateId === 'string' && record.alternateId) return `${noun} ${record.alternateId}`;
  const name = recordName(record);
  return name && name !== record?._id ? name : noun;
}
