/** The colour-contrast and name-initials helpers of spec document 1 §9, and the route title/crumbs. */
import { beforeAll, describe, expect, it } from 'vitest';
import { brightness, contrastText, contrastTextColor } from '../../src/ui/kit/colorContrast';
import { initials } from '../../src/ui/kit/initials';
import { crumbsOf } from '../../src/ui/shell/Breadcrumb';
import { routeTitle, TITLED_SEGMENTS } from '../../src/ui/shell/titles';
import { GUARDED_ROUTES, OPEN_ROUTES } from '../../src/contract/routes';
import { LOCALES, loadDictionary, translator } from '../../src/i18n';
import { NAV_COLORS } from '../../src/machines/flows/preferences';

describe('colour contrast', () => {
  it('uses dark text above brightness 130 and light text at or below it', () => {
    expect(contrastText('#ffffff')).toBe('dark');
    expect(contrastText('#000000')).toBe('light');
    // 130 exactly is not "above": rgb(130,130,130) has brightness 130.
    expect(brightness('rgb(130, 130, 130)')).toBe(130);
    expect(contrastText('rgb(130, 130, 130)')).toBe('light');
    expect(contrastText('rgb(131, 131, 131)')).toBe('dark');
  });

  it('reads #rgb, #rrggbb and rgb()', () => {
    expect(brightness('#fff')).toBe(255);
    expect(brightness('17bcff')).toBeCloseTo((23 * 299 + 188 * 587 + 255 * 114) / 1000);
    expect(contrastTextColor('#1864ab')).toBe('#ffffff');
    expect(contrastTextColor('#17bcff')).toBe('#000000');
  });

  it('gives every default navigation colour a readable text colour', () => {
    expect(NAV_COLORS.map(contrastText)).toEqual(NAV_COLORS.map((c) => ((brightness(c) ?? 0) > 130 ? 'dark' : 'light')));
  });

  it('treats unreadable colours as dark backgrounds', () => {
    expect(contrastText('not-a-colour')).toBe('light');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Asha Kulkarni')).toBe('AK');
    expect(initials('Ravi Shankar Iyer')).toBe('RI');
    expect(initials('  meera   shah ')).toBe('MS');
  });

  it('gives one letter for one word and nothing for no name', () => {
    expect(initials('Operator')).toBe('O');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});

describe('titles and breadcrumb', () => {
  // zh, fr and ja load on demand in the client.
  beforeAll(() => Promise.all(LOCALES.map(loadDictionary)));
  const en = translator('en');

  it('names each route and follows the path segments', () => {
    expect(routeTitle('ticket-dashbaord', en)).toBe('Ticket Dashboard');
    expect(routeTitle('sensorProductDashboard', en)).toBe('Sensor Product Dashboard');
    expect(routeTitle('installation-commissioning', en)).toBe('Installation & Commissioning');
    expect(routeTitle('ticket-assigned-to-me', en)).toBe('Tickets Assigned to Me');
    expect(crumbsOf('/app/manage-user', en)).toEqual([{ text: 'Manage User', href: '/app/manage-user' }]);
    expect(crumbsOf('/app/ticket/details', en)).toEqual([
      { text: 'Tickets', href: '/app/ticket' },
      { text: 'Details', href: '/app/ticket/details' },
    ]);
  });

  it('has a title of its own for every route of the table, in every locale', () => {
    const segments = [...GUARDED_ROUTES.map((r) => r.path), ...OPEN_ROUTES.filter((r) => !r.startsWith(':'))];
    expect(segments.filter((segment) => !TITLED_SEGMENTS.includes(segment))).toEqual([]);
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const segment of segments) expect(routeTitle(segment, t), `${locale} ${segment}`).not.toBe('');
    }
  });

  it('follows the chosen language in the title and the breadcrumb', () => {
    expect(routeTitle('manage-user', translator('fr'))).toBe('Gestion des utilisateurs');
    expect(routeTitle('manage-user', translator('zh'))).toBe('用户管理');
    expect(routeTitle('manage-user', translator('ja'))).toBe('ユーザー管理');
    expect(routeTitle('sensorProductDashboard', translator('fr'))).toBe('Tableau de bord Sensor Product');
    expect(routeTitle('sensorProductDashboard', translator('ja'))).toBe('Sensor Product ダッシュボード');
    expect(crumbsOf('/app/ticket/details', translator('zh'))).toEqual([
      { text: '工单', href: '/app/ticket' },
      { text: 'Details', href: '/app/ticket/details' },
    ]);
  });
});
