/**
 * The generic screen of a catalogue module: its cached list (from the module's actor) with search, sort
 * by a column click, filters on choice columns (in a drawer on a phone: ListFilters.tsx), the total, CSV export and
 * windowed rows (cards on a phone); a detail drawer;
 * create and edit forms generated from the schema; delete with a confirmation. Failures are notified by
 * the module's actor (the server's message or the module's default); the screen only shows the state.
 */
import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput as MantineTextInput, Tooltip, EmptyState } from '@mantine/core';
import { useMediaQuery, useViewportSize } from '@mantine/hooks';
import { IconDownload, IconFilterOff, IconPlus, IconRefresh, IconSearch, IconDatabaseOff, IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { NEW_RECORD_PARAM, VIEW_RECORD_PARAM, withoutNewRecordParam } from '../../routeModules';
import type { ModuleDef } from '../../../contract/modules';
import { moduleOps } from '../../../contract/modules';
import { useLocale, useT } from '../../../i18n';
import { notify } from '../../../api/notify';
import { downloadText } from '../../kit/download';
import { useFailureText, useSay } from '../../kit/sayings';
import { wordValues } from '../../../i18n/messageWords';
import { VirtualTable, type VirtualColumn } from '../../kit/VirtualTable';
import { useCallSlot, useModulePermissions, useReferenceNames, useResource } from '../../data/resources';
import { humanize, type FieldSpec, type FormErrors, type FormValues } from './fieldModel';
import { applyQuery, cellView, EMPTY_QUERY, nextSort, recordName, rememberTexts, toCsv, type CellView, type ListQuery, type Row } from './listView';
import { ModuleForm, type FormExtra } from './ModuleForm';
import { RecordDrawer } from './RecordDrawer';
import { RowActions } from './RowActions';
import { ACTIONS_BASE_PX as ROW_ACTIONS_BASE_PX, rowActionsWidth as stepsActionsWidth, RowSteps } from './RowSteps';
import { BulkSteps } from './BulkSteps';
import { FilterInputs, FiltersDrawer } from './ListFilters';
import { cellBadgeColor } from './statusColor';
import { SlaBadge } from '../tickets/TicketBadges';
import { lifecycleRecordOf } from '../../../machines/lifecycles/records';
import { useCatalogueWords, useModuleFields } from './catalogueWords';
import { editForm, recordNoun, recordOffers, versionOf } from '../../../machines/recordOffers';
import { useLifecycleCaller } from '../../data/lifecycleCaller';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';

export interface ModuleListScreenProps {
  def: ModuleDef;
  /** More checks than the schema's for the form (e.g. a password when creating a user). */
  extraValidate?: (values: FormValues, mode: 'create' | 'update') => FormErrors;
  /** More row actions (e.g. a role's features). */
  rowActions?: (row: Row) => ReactNode;
  /** The px `rowActions` take in a row, so the actions column holds them unclipped. */
  rowActionsWidth?: number;
  /** Replaces a field's column text (e.g. a role's features by count). */
  formatCell?: (row: Row, column: string) => string | undefined;
  /** The route's code when the module is shown through a view of another code. */
  viewCode?: string;
  /** Keeps only the records of a view (my open calls, tax invoices, …). */
  rowFilter?: (row: Row) => boolean;
  /** What the route adds beside New (the supplementary invoices' "Invoice open bills"). */
  actions?: ReactNode;
  /** Inputs the screen adds to the create or edit form (a new role's navigation). */
  formExtra?: (mode: 'create' | 'update') => FormExtra | undefined;
  /** A new record's values the screen fixes (its view's: a Breakdown ticket's type): held by the New form, not asked. */
  fixed?: Readonly<Record<string, string>>;
  /** Opens the New form once the list is on screen: another view's New (the pipeline board's) lands here. */
  startCreating?: boolean;
  /** Told when the create or edit form closes, saved or not (the pipeline board goes back to itself). */
  onFormClose?: () => void;
}

/** The SLA column: a date and time (about 130 px) beside the longest clock badge ("Overdue by 10 d 23 h"). */
const SLA_COLUMN_PX = 290;

/** A new record may start from values the link that opened the screen carried (see `prefillFrom`). */
type Editing = { mode: 'create'; prefill?: Record<string, unknown> } | { mode: 'update'; row: Row } | null;

/**
 * A link may open a list with its create form started: `?machineInstanceId=…` on a ticket list (the machine
 * card's "Raise a ticket") opens the new ticket with the machine chosen. Only the module's own form fields are
 * taken; the rest of the form keeps its defaults.
 */
export function prefillFrom(search: string, fields: readonly FieldSpec[]): Record<string, unknown> | undefined {
  const params = new URLSearchParams(search);
  const fillable = fields.filter((f) => f.kind !== 'readonly' && !f.stepped && params.get(f.name));
  if (fillable.length === 0) return undefined;
  const defaults = Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]));
  return { ...defaults, ...Object.fromEntries(fillable.map((f) => [f.name, params.get(f.name)])) };
}

const rowKey = (row: Row) => row._id;

/**
 * What a new record's form starts from: the link's values over the schema's defaults, over what the module's
 * `startsFrom` call answered (an invoice's date, type and supplier). The form is drawn again (its key) once that
 * answer arrives; until then, or if the call fails, it starts from the defaults alone and stays usable.
 */
function useNewRecordStart(def: ModuleDef, fields: readonly FieldSpec[], editing: Editing): { key: string; record: Record<string, unknown> | undefined } {
  const slot = useCallSlot(def.name, (def.startsFrom ?? '') as never) as { data: unknown; loading: boolean };
  const creating = editing?.mode === 'create';
  const prefill = creating ? editing.prefill : undefined;
  const started = def.startsFrom && creating && !slot.loading && slot.data && typeof slot.data === 'object' ? (slot.data as Record<string, unknown>) : undefined;
  return useMemo(() => {
    if (!started) return { key: 'new', record: prefill };
    const defaults = Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]));
    return { key: 'new-started', record: { ...defaults, ...started, ...prefill } };
  }, [started, prefill, fields]);
}

export function ModuleListScreen({ def, extraValidate, rowActions, rowActionsWidth, formatCell, viewCode, rowFilter, actions, formExtra, fixed, startCreating, onFormClose }: ModuleListScreenProps) {
  const t = useT();
  const locale = useLocale();
  const say = useSay();
  const failure = useFailureText();
  const { height: viewportHeight } = useViewportSize();
  // On a phone the records are cards: nothing a person acts on is off to the side of a wide table; the filters wait
  // in a drawer, so the search and the records keep the screen.
  const phone = useMediaQuery('(max-width: 48em)');
  const can = useModulePermissions(def, viewCode);
  // Only a module the person may list is asked for: the server answers anything else with 403.
  const { slots, intents } = useResource(def.name, { loadOnMount: can.view });
  const words = useCatalogueWords();
  const fields = useModuleFields(def);
  const fieldMap = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const columns = useMemo(() => (def.columns?.length ? [...def.columns] : fields.filter((f) => !f.writeOnly).slice(0, 5).map((f) => f.name)), [def, fields]);
  const names = useReferenceNames(columns.map((c) => fieldMap.get(c)?.reference).filter((r): r is string => Boolean(r)));
  const ops = moduleOps(def);

  const [query, setQuery] = useState<ListQuery>(EMPTY_QUERY);
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const all = slots.list.data as Row[];
  const rows = useMemo(() => (rowFilter ? all.filter(rowFilter) : all), [all, rowFilter]);
  const shown = useMemo(() => applyQuery(rows, columns, fieldMap, names, query), [rows, columns, fieldMap, names, query]);
  const filterable = columns.map((c) => fieldMap.get(c)).filter((f): f is FieldSpec => Boolean(f && (f.kind === 'enum' || f.kind === 'boolean')));

  // The server's record number (alternateId) is not a schema field: it is the record's "Number".
  const labelOf = (column: string) => fieldMap.get(column)?.label ?? (column === 'alternateId' ? t('list.number') : humanize(column));
  // A card shows its first columns only: a record's status comes right after its name there.
  const statusColumn = lifecycleRecordOf(def.name)?.statusField ?? 'status';
  const shownColumns = useMemo(
    () => (phone && columns.includes(statusColumn) ? [columns[0]!, statusColumn, ...columns.slice(1).filter((c) => c !== statusColumn)] : columns),
    [phone, columns, statusColumn],
  );
  const tableColumns = useMemo<VirtualColumn[]>(
    // A ticket's SLA cell holds its date and its clock badge: a width that fits both, never clipped (issue 34).
    () => shownColumns.map((c) => ({ key: c, label: labelOf(c), sortable: true, ...(c === 'slaDueAt' ? { width: SLA_COLUMN_PX } : {}) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shownColumns, fieldMap, t],
  );

  // A form or confirmation closes itself when its operation has succeeded: derived, not effected.
  const saveSlot = editing?.mode === 'update' ? slots.update : slots.create;
  const saved = Boolean(editing) && !saveSlot.loading && saveSlot.data != null && saveSlot.error == null;
  const formOpen = editing !== null && !saved;
  const removed = deleting !== null && !slots.remove.loading && slots.remove.data != null && slots.remove.error == null;
  const confirmOpen = deleting !== null && !removed;
  // The outcome is said once, naming the record (a failure is notified by the module's actor).
  useEffect(() => {
    if (saved && editing) notify({ message: t(editing.mode === 'update' ? 'list.updated' : 'list.created', { name: recordName(saveSlot.data as Row) }), color: 'green' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  useEffect(() => {
    if (removed && deleting) notify({ message: t('list.deleted', { name: recordName(deleting) }), color: 'green' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [removed]);

  const openForm = useCallback(
    (next: Editing) => {
      intents.reset();
      setViewing(null);
      setEditing(next);
      // A new record whose start only the server knows (an invoice: today, the subscriber's GSTIN) asks for it first.
      if (next?.mode === 'create' && def.startsFrom) intents.call(def.startsFrom as never);
    },
    [intents, def.startsFrom],
  );
  const start = useNewRecordStart(def, fields, editing);
  // Opened by a link that names values of a new record: the form starts with them, once.
  const search = useSearch();
  const [prefillTaken, setPrefillTaken] = useState(false);
  const mayCreate = can.create && ops.includes('create');
  useEffect(() => {
    const prefill = prefillFrom(search, fields);
    if (prefillTaken || !prefill || !mayCreate) return;
    setPrefillTaken(true);
    openForm({ mode: 'create', prefill });
  }, [search, fields, prefillTaken, mayCreate, openForm]);
  // Opened with ?new (the phone's bottom bar "New"): the form opens, and the address drops the parameter so a
  // reload or Back does not open it again.
  const [pathname, navigate] = useLocation();
  useEffect(() => {
    if (!mayCreate || !new URLSearchParams(search).has(NEW_RECORD_PARAM)) return;
    openForm({ mode: 'create', prefill: prefillFrom(search, fields) });
    navigate(pathname + withoutNewRecordParam(search), { replace: true });
  }, [search, mayCreate, fields, openForm, navigate, pathname]);

  // Opened by another view's New: the form opens once; whoever asked hears when it closes. Both are edges, kept in
  // refs: nothing is drawn from them.
  const startTaken = useRef(false);
  useEffect(() => {
    if (!startCreating || startTaken.current || !mayCreate) return;
    startTaken.current = true;
    openForm({ mode: 'create' });
  }, [startCreating, mayCreate, openForm]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (formOpen) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      onFormClose?.();
    }
  }, [formOpen, onFormClose]);

  // Opened by a record's link (`?view=<id>`: a requisition's purchase orders): that record's view, once the list holds
  // it (a screen of several modules opens it on the one that lists it); the address keeps the link, so Back returns.
  const viewId = new URLSearchParams(search).get(VIEW_RECORD_PARAM);
  const [viewTaken, setViewTaken] = useState<string | null>(null);
  // The link's record is not among what the server lists the person now (a reload after it was deleted, or moved on
  // to a step that is not theirs): said, with the way back to the list, rather than the list alone as if nothing was asked.
  const viewGone = Boolean(viewId) && viewTaken !== viewId && slots.list.status === 'loaded' && !slots.list.loading && !rows.some((r) => r._id === viewId);
  const leaveGoneView = () => {
    const rest = new URLSearchParams(search);
    rest.delete(VIEW_RECORD_PARAM);
    navigate(pathname + (rest.size > 0 ? `?${rest.toString()}` : ''), { replace: true });
  };
  useEffect(() => {
    if (!viewId || viewTaken === viewId) return;
    const row = rows.find((r) => r._id === viewId);
    if (!row) return;
    setViewTaken(viewId);
    setViewing(row);
  }, [viewId, viewTaken, rows]);

  const askDelete = useCallback(
    (row: Row) => {
      intents.reset();
      setViewing(null);
      setDeleting(row);
    },
    [intents],
  );

  // What the table's rows are made of, stable across renders of this screen so its memoised rows hold:
  // a row is rendered when it scrolls into view and its texts are formatted once per record.
  const yes = t('list.yes');
  const no = t('list.no');
  const timeZone = useSession(selectTimezone);
  const cellOf = useMemo(
    () =>
      rememberTexts<CellView>((row, column) => {
        const own = formatCell?.(row, column);
        return own !== undefined ? { text: own } : cellView(row, column, fieldMap.get(column), names, { yesNo: [yes, no], timeZone });
      }),
    [formatCell, fieldMap, names, yes, no, timeZone],
  );
  // A record the person has no name for shows UNNAMED, its id only in the tooltip (never a bare id on the page).
  const renderCell = useCallback((row: Row, column: VirtualColumn) => {
    const cell = cellOf(row, column.key);
    // A ticket's promise shows its clock beside the date: time left, overdue (filled red), met or missed.
    if (column.key === 'slaDueAt' && cell.text !== '') {
      return (
        <Group gap={6} wrap="nowrap">
          <span>{cell.text}</span>
          <SlaBadge ticket={row} now={new Date()} />
        </Group>
      );
    }
    // The colour follows the stored value (Open, Urgent), not the words shown for it in the person's language.
    const stored = row[column.key];
    const badge = cellBadgeColor(column.key, typeof stored === 'string' ? stored : cell.text);
    if (badge) {
      return (
        <Badge color={badge} variant="light" radius="sm" tt="none" maw="100%">
          {cell.text}
        </Badge>
      );
    }
    return cell.ids ? <span title={cell.ids}>{cell.text}</span> : cell.text;
  }, [cellOf]);
  const mayEdit = can.update && ops.includes('update');
  const mayDelete = can.remove && ops.includes('remove');
  const hasLifecycle = lifecycleRecordOf(def.name) !== undefined;
  const actionsWidth = useMemo(() => {
    const steps = hasLifecycle ? stepsActionsWidth(def) : undefined;
    return rowActionsWidth ? (steps ?? ROW_ACTIONS_BASE_PX) + rowActionsWidth : steps;
  }, [def, hasLifecycle, rowActionsWidth]);
  // Edit and Delete on a row: the person's privileges, and for a record with a lifecycle its machine (issue 28).
  const caller = useLifecycleCaller();
  const renderActions = useCallback(
    (row: Row) => {
      const name = recordName(row);
      const offers = recordOffers(def, row, caller, { update: mayEdit, remove: mayDelete });
      return (
        <RowActions
          viewLabel={`${t('list.view')} ${name}`}
          editLabel={`${t('list.edit')} ${name}`}
          deleteLabel={`${t('list.delete')} ${name}`}
          onView={() => setViewing(row)}
          onEdit={offers.edit ? () => openForm({ mode: 'update', row }) : undefined}
          onDelete={offers.delete ? () => askDelete(row) : undefined}
        >
          {hasLifecycle && <RowSteps def={def} row={row} />}
          {rowActions?.(row)}
        </RowActions>
      );
    },
    [t, def, caller, hasLifecycle, mayEdit, mayDelete, openForm, askDelete, rowActions],
  );
  // The open edit form: what it shows and saves with, read-only with the reason, or stale with "Reload".
  const edit = editing?.mode === 'update' ? editForm(def, editing.row, slots.edit, slots.update.loading ? null : slots.update.error, caller) : null;
  const deleteNoun = recordNoun(def);
  const sortLabels = useMemo(() => ({ asc: t('list.sortAscending'), desc: t('list.sortDescending') }), [t]);
  const onSort = useCallback((column: string) => setQuery((current) => ({ ...current, sort: nextSort(current.sort, column) })), []);
  const exportCsv = () => downloadText(`${def.name}.csv`, toCsv(shown, columns, columns.map(labelOf), fieldMap, names));
  const filtersActive = query.search !== '' || Object.values(query.filters).some(Boolean);
  const setFilters = useCallback((filters: Record<string, string>) => setQuery((current) => ({ ...current, filters })), []);

  const listError = slots.list.error != null && !slots.list.loading;
  const firstLoad = slots.list.loading && rows.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <MantineTextInput
            aria-label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={query.search}
            onChange={(e) => setQuery({ ...query, search: e.currentTarget.value })}
            w={260}
          />
          {phone ? (
            filterable.length > 0 && <FiltersDrawer fields={filterable} filters={query.filters} onChange={setFilters} />
          ) : (
            <>
              <FilterInputs fields={filterable} filters={query.filters} onChange={setFilters} width={180} />
              {filtersActive && (
                <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setQuery({ ...EMPTY_QUERY, sort: query.sort })}>
                  {t('list.clearFilters')}
                </Button>
              )}
            </>
          )}
        </Group>
        <Group gap="xs">
          <Tooltip label={t('list.refresh')}>
            <ActionIcon variant="default" size="lg" aria-label={t('list.refresh')} onClick={() => intents.load()} loading={slots.list.loading}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCsv} disabled={shown.length === 0}>
            {t('list.exportCsv')}
          </Button>
          {hasLifecycle && <BulkSteps def={def} rows={shown} />}
          {actions}
          {can.create && ops.includes('create') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openForm({ mode: 'create' })}>
              {t('list.create')}
            </Button>
          )}
        </Group>
      </Group>

      {viewGone && (
        <Alert color="yellow" role="alert" icon={<IconAlertCircle size={16} />} title={t('list.recordGoneTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('list.recordGoneText')}</Text>
            <Button size="xs" variant="light" onClick={leaveGoneView}>
              {t('list.backToList')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" pos="relative">
        {firstLoad ? (
          <Group justify="center" p="xl" role="status" aria-live="polite">
            <Loader size="sm" />
            <Text c="dimmed">{t('list.loading')}</Text>
          </Group>
        ) : listError && rows.length === 0 ? (
          <EmptyState
            p="xl"
            icon={<IconAlertCircle size={28} />}
            variant="light"
            color="red"
            title={t('list.errorTitle')}
            description={failure(slots.list.error, def.messages.list, { module: def.name })}
            role="alert"
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => intents.load()}>
                {t('list.retry')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState
            p="xl"
            icon={<IconDatabaseOff size={28} />}
            withIndicatorBackground
            title={t('list.emptyTitle')}
            description={t('list.emptyText')}
          >
            {can.create && ops.includes('create') && (
              <EmptyState.Actions>
                <Button leftSection={<IconPlus size={16} />} onClick={() => openForm({ mode: 'create' })}>
                  {t('list.create')}
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState p="xl" icon={<IconSearch size={28} />} withIndicatorBackground title={t('list.noMatchTitle')} description={t('list.noMatchText')} />
        ) : (
          <VirtualTable
            aria-label={words.module(def)}
            rows={shown}
            columns={tableColumns}
            rowKey={rowKey}
            renderCell={renderCell}
            sort={query.sort}
            onSort={onSort}
            sortLabels={sortLabels}
            onRowClick={setViewing}
            actionsLabel={t('list.actions')}
            height={Math.max(320, (viewportHeight || 800) - 320)}
            renderActions={renderActions}
            actionsWidth={actionsWidth}
            layout={phone ? 'cards' : 'table'}
          />
        )}
      </Paper>
      {rows.length > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-total">
          {t('list.total', { shown: shown.length, total: rowFilter ? rows.length : slots.list.total })}
        </Text>
      )}

      <Modal
        opened={formOpen}
        onClose={() => setEditing(null)}
        title={words.formTitle(editing?.mode === 'update' ? 'update' : 'create', def)}
        size="lg"
      >
        {editing && (
          <Stack>
            {saveSlot.error != null && !saveSlot.loading && (edit ? edit.failure : true) && (
              <Alert color="red" icon={<IconAlertCircle size={16} />}>
                {failure(saveSlot.error, editing.mode === 'update' ? def.messages.update : def.messages.create, { module: def.name })}
              </Alert>
            )}
            {edit?.stale !== undefined && (
              // Someone saved the record since it was opened: say who and when; "Reload" reads it again and keeps
              // what the person typed on top of it.
              <Alert color="yellow" icon={<IconAlertCircle size={16} />} title={t('list.staleTitle')} data-testid="stale-save">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{say(edit.stale, { module: def.name })}</Text>
                  <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={slots.edit.reloading} onClick={() => intents.rebase()}>
                    {t('list.reload')}
                  </Button>
                </Stack>
              </Alert>
            )}
            <ModuleForm
              key={edit ? edit.key : start.key}
              def={def}
              fields={fields}
              mode={editing.mode}
              record={edit ? edit.record : editing.mode === 'create' ? start.record : undefined}
              base={edit?.base}
              readOnly={edit?.readOnly && say(edit.readOnly, { module: def.name })}
              onlyFields={edit?.onlyFields}
              saving={saveSlot.loading}
              extraValidate={extraValidate}
              extra={formExtra?.(editing.mode)}
              fixed={fixed}
              onCancel={() => setEditing(null)}
              onSubmit={(body, unchanged) => (editing.mode === 'update' ? intents.update(editing.row._id, body, { version: edit?.version, unchanged }) : intents.create(body))}
            />
          </Stack>
        )}
      </Modal>

      <Modal opened={confirmOpen} onClose={() => setDeleting(null)} title={t('list.confirmDeleteTitle')} size="sm">
        <Stack>
          <Text>
            {deleteNoun
              ? t('list.confirmDeleteRecord', { noun: wordValues(t, locale, { nounLower: deleteNoun, module: def.name }).nounLower ?? deleteNoun, name: deleting && typeof deleting.alternateId === 'string' ? deleting.alternateId : recordName(deleting) })
              : t('list.confirmDeleteText', { name: recordName(deleting) })}
          </Text>
          {slots.remove.error != null && !slots.remove.loading && (
            <Alert color="red" icon={<IconAlertCircle size={16} />}>
              {failure(slots.remove.error, def.messages.remove, { module: def.name })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={slots.remove.loading}>
              {t('list.cancel')}
            </Button>
            <Button color="red" loading={slots.remove.loading} onClick={() => deleting && intents.remove(deleting._id, versionOf(deleting))}>
              {t('list.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <RecordDrawer
        def={def}
        fields={fields}
        row={viewing}
        names={names}
        onClose={() => setViewing(null)}
        onEdit={can.update && ops.includes('update') ? (row) => openForm({ mode: 'update', row }) : undefined}
        onDelete={can.remove && ops.includes('remove') ? askDelete : undefined}
      />
    </Stack>
  );
}
