/**
 * The public proposal's rules as pure functions, shared by the page's machine, the page and the server
 * (which enforces the same rules and prints the same terms in the proposal PDF), so there is one
 * definition of "expired", of the bottom area's four rules and of the terms table (document 1 §2).
 */

import { PUBLIC_PROPOSAL_ENGLISH, TERM_ENGLISH, type SayTerm } from './publicProposalTexts';
import type { PublicProposal } from './publicShapes';

/** The fields of a proposal the public page reads (the server's public projection): the schema's type. */
export type { PublicProposal };

/**
 * A text's {{name}} placeholders filled with their values. Not messageWords.ts's `fill` (which also joins lists): the
 * signed-in shell uses that module, and a module the proposal page shares with the shell would travel in the
 * proposal's chunk (vite.config.ts), which every signed-in page would then load.
 */
function filled(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/** The bottom area: the first matching rule applies (document 1 §2, rules 1-4). */
export type BottomRule = 'accepted' | 'expired' | 'decide' | 'none';

/** The proposal's validity day is over (the validity date itself is still valid). Dates are YYYY-MM-DD. */
export function isExpired(proposalValidity: string | undefined, today: string): boolean {
  return typeof proposalValidity === 'string' && proposalValidity.length >= 10 && proposalValidity.slice(0, 10) < today;
}

export function bottomRule(proposal: Pick<PublicProposal, 'status' | 'proposalValidity'>, today: string): BottomRule {
  if (proposal.status === 'Won' || proposal.status === 'Deal') return 'accepted';
  if (isExpired(proposal.proposalValidity, today)) return 'expired';
  if (proposal.status === 'Sent(Final)') return 'decide';
  return 'none';
}

/** DD/MM/YYYY (document 1 §9) of a YYYY-MM-DD date. */
export function ddmmyyyy(isoDate: string | undefined): string {
  if (!isoDate || isoDate.length < 10) return '';
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/**
 * "Proposal Validatiy Expired on DD/MM/YYYY" (the spec's words and spelling), as the server's refusal says it; the page
 * says the dictionary's `publicProposal.expired` with the same date.
 */
export function expiredText(proposalValidity: string | undefined): string {
  return filled(PUBLIC_PROPOSAL_ENGLISH.expired, { date: ddmmyyyy(proposalValidity) });
}

/** The link's status: Sent(Draft) is treated as View (document 1 §2). */
export function viewStatusOf(linkStatus: string | null | undefined): string {
  return linkStatus === 'Sent(Draft)' ? 'View' : (linkStatus ?? 'View');
}

const present = (value: unknown): value is number | string => value !== null && value !== undefined && value !== '';

/** Rupees to whole paise, exactly (values carry at most two decimals). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Indian grouping with two decimals: 255000 → "2,55,000.00". Written out from the whole paise rather than with
 * Intl.NumberFormat('en-IN'), whose first use loads the locale's data: on a slow phone that was 45 ms of the
 * proposal's first render, its largest single cost (issue 18). The last three rupee digits form one group, the
 * rest groups of two.
 */
export function formatRupees(rupees: number): string {
  const paise = toPaise(rupees);
  const digits = String(Math.abs(paise)).padStart(3, '0');
  const whole = digits.slice(0, -2);
  const lakhs = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${paise < 0 ? '-' : ''}${lakhs ? `${lakhs},` : ''}${whole.slice(-3)}.${digits.slice(-2)}`;
}

/** Security deposit = multiplier × monthly rental, in rupees, rounded to the paisa. */
export function securityDepositAmount(multiplier: number, monthlyRental: number): number {
  return Math.round(toPaise(monthlyRental) * multiplier) / 100;
}

export interface TermRow {
  key: 'machineName' | 'contractTerm' | 'lockInPeriod' | 'noticePeriod' | 'monthlyRental' | 'securityDeposit' | 'escalation';
  label: string;
  value: string;
}

export function machineLabel(machineType: PublicProposal['machineType']): string | undefined {
  if (!machineType || typeof machineType === 'string') return undefined;
  const { machineName, alternateId } = machineType;
  if (!present(machineName)) return undefined;
  return present(alternateId) ? `${machineName} (${alternateId})` : machineName;
}

const sayTermInEnglish: SayTerm = (key, values) => filled(TERM_ENGLISH[key], values);

/**
 * The terms table's seven rows in order, each with its unit; a row whose value is null or undefined is
 * left out. `currency` is "₹" on the page; the PDF's built-in font has no ₹ glyph, so it prints "Rs.". `say` gives the
 * labels and units: the spec's English (what the PDF prints), or the page's in the person's language; the amounts keep
 * their Indian grouping in every language (they are rupees).
 */
export function termRows(proposal: PublicProposal, currency = '₹', say: SayTerm = sayTermInEnglish): TermRow[] {
  const months = (count: number): string => say(count === 1 ? 'month' : 'months', { count });
  const money = (rupees: number): string => `${currency} ${formatRupees(rupees)}`;
  const row = (key: TermRow['key'], value: string): TermRow => ({ key, label: say(key), value });
  const rows: Array<TermRow | null> = [
    present(machineLabel(proposal.machineType)) ? row('machineName', machineLabel(proposal.machineType) as string) : null,
    present(proposal.contractTerm) ? row('contractTerm', months(proposal.contractTerm)) : null,
    present(proposal.lockInPeriod) ? row('lockInPeriod', months(proposal.lockInPeriod)) : null,
    present(proposal.noticePeriod) ? row('noticePeriod', say('noticeValue', { months: months(proposal.noticePeriod) })) : null,
    present(proposal.monthlyRental) ? row('monthlyRental', money(proposal.monthlyRental)) : null,
    present(proposal.securityDeposit) && present(proposal.monthlyRental)
      ? row(
          'securityDeposit',
          say('depositValue', { amount: money(securityDepositAmount(proposal.securityDeposit, proposal.monthlyRental)), multiplier: proposal.securityDeposit }),
        )
      : null,
    present(proposal.escalation) ? row('escalation', say('escalationValue', { percent: proposal.escalation })) : null,
  ];
  return rows.filter((row): row is TermRow => row !== null);
}

export function ownerName(owner: PublicProposal['owner']): string | undefined {
  if (!owner || typeof owner === 'string') return undefined;
  return owner.name;
}

/** The generated PDF's file name: from the proposal's alternateId. */
export function proposalPdfName(proposal: Pick<PublicProposal, 'alternateId' | '_id'>): string {
  return `${proposal.alternateId ?? proposal._id}.pdf`;
}
