/** Breadcrumb following the path segments under /app (spec document 1 §2): Home › Manage User › …. */
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { useT, type Translate } from '../../i18n';
import { usePageCrumbText } from '../kit/pageCrumb';
import { MACHINE_PAGE, segmentTitle, TICKET_PAGE } from './titles';

/** The crumbs of an absolute in-app location: each with its text (in the language of `t`) and the path it links to. */
export function crumbsOf(location: string, t: Translate): Array<{ text: string; href: string }> {
  if (TICKET_PAGE.test(location)) return [{ text: t('routes.ticketPage'), href: location }];
  if (MACHINE_PAGE.test(location)) return [{ text: t('routes.machinePage'), href: location }];
  const segments = location.replace(/^\/app\/?/, '').split('/').filter(Boolean);
  return segments.map((segment, i) => ({ text: segmentTitle(segment, i, t), href: '/app/' + segments.slice(0, i + 1).join('/') }));
}

export function Breadcrumb() {
  const t = useT();
  const [location] = useLocation();
  // A record's page names its own crumb (its number, not its id): ../kit/pageCrumb.ts.
  const named = usePageCrumbText(location);
  const crumbs = crumbsOf(location, t)
    .filter((c) => c.href !== '/app/home')
    .map((c) => (named && c.href === location ? { ...c, text: named } : c));
  return (
    <nav aria-label={t('shell.breadcrumb')} data-tour="breadcrumb">
      <Breadcrumbs separatorMargin={6}>
        {crumbs.length === 0 ? (
          <Text size="sm" aria-current="page">
            {t('shell.home')}
          </Text>
        ) : (
          <Anchor component={Link} href="/app/home" size="sm">
            {t('shell.home')}
          </Anchor>
        )}
        {crumbs.map((crumb, i) =>
          i === crumbs.length - 1 ? (
            <Text key={crumb.href} size="sm" aria-current="page">
              {crumb.text}
            </Text>
          ) : (
            <Anchor key={crumb.href} component={Link} href={crumb.href} size="sm">
              {crumb.text}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
