/**
 * The generic form reads every module of the catalogue (including the ones other issues add): each field
 * gets an input kind, references point at catalogue modules, and a blank form validates with messages.
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/contract/modules';
import { subscriberUser } from '../../src/contract/modules/admin';
import { describeFields, humanize, initialValues, isoTime, pickerTime, toBody, validate } from '../../src/ui/screens/module/fieldModel';
import { feActivity } from '../../src/contract/modules/serviceScheduling';

describe('field model', () => {
  it('describes every field of every catalogue module', () => {
    for (const def of catalogue) {
      const fields = describeFields(def);
      expect(fields.map((f) => f.name)).toEqual(Object.keys(def.fields.shape));
      for (const field of [...fields, ...fields.flatMap((f) => f.columns ?? [])]) {
        if (field.reference) expect(catalogue.some((m) => m.name === field.reference), `${def.name}.${field.name} → ${field.reference}`).toBe(true);
        if (field.kind === 'enum') expect(field.options?.length).toBeGreaterThan(0);
      }
      // Every declared line input is a sub-field of its lines.
      for (const [name, lines] of Object.entries(def.lines ?? {})) {
        expect(fields.find((f) => f.name === name)?.columns?.map((c) => c.name), `${def.name}.${name}`).toEqual(lines.inputs);
      }
      // A blank form never throws, and required fields get a message (a document's lines: on the first line's cells).
      const errors = validate(def, fields, initialValues(fields), 'create');
      for (const field of fields.filter((f) => f.required && f.kind !== 'boolean' && f.kind !== 'readonly' && f.kind !== 'references' && f.kind !== 'tags' && f.defaultValue === undefined)) {
        const said = errors[field.name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field.name}.0.`))?.[1];
        expect(said, `${def.name}.${field.name}`).toBeTruthy();
      }
    }
  });

  it('reads a user: email, roles as references, enums with their defaults, the password write-only', () => {
    const fields = new Map(describeFields(subscriberUser).map((f) => [f.name, f]));
    expect(fields.get('email')?.kind).toBe('email');
    expect(fields.get('roles')).toMatchObject({ kind: 'references', reference: 'role' });
    expect(fields.get('userType')).toMatchObject({ kind: 'enum', defaultValue: 'Subscriber-User' });
    expect(fields.get('password')?.writeOnly).toBe(true);
  });

  it('leaves blank optional fields out of the body and keeps an empty password out of an update', () => {
    const fields = describeFields(subscriberUser);
    const values = { ...initialValues(fields), name: 'Kiran', email: 'kiran@demo.local', password: '' };
    expect(toBody(fields, values, 'update')).toEqual({ name: 'Kiran', email: 'kiran@demo.local', roles: [], userType: 'Subscriber-User', status: 'Active' });
  });

  it('humanises field names with the usual acronyms', () => {
    expect(humanize('gstNo')).toBe('GST No');
    expect(humanize('companyTeamSize')).toBe('Company Team Size');
    expect(humanize('clientId')).toBe('Client');
    expect(humanize('imeiNo')).toBe('IMEI No');
  });
});

describe('date-time fields', () => {
  it('are picked as a date and a time on the subscriber’s wall clock (India by default, whatever the process’s zone) and sent as the same instant in ISO 8601', () => {
    const fields = describeFields(feActivity);
    const startAt = fields.find((f) => f.name === 'startAt')!;
    expect(startAt.kind).toBe('datetime');
    const values = initialValues(fields, { engineer: 'u-1', activityType: 'Repair', startAt: '2026-02-20T09:30:00+05:30' });
    expect(values.startAt).toBe('2026-02-20 09:30:00');
    const body = toBody(fields, values, 'create');
    expect(Date.parse(String(body.startAt))).toBe(Date.parse('2026-02-20T09:30:00+05:30'));
    expect(validate(feActivity, fields, values, 'create').startAt).toBeUndefined();
    expect(pickerTime('not a time')).toBe('');
    expect(isoTime('2026-02-20 09:30:00')).toBe('2026-02-20T04:00:00.000Z');
    // Another subscriber's zone: the same wall clock is another instant.
    expect(isoTime('2026-02-20 09:30:00', 'America/New_York')).toBe('2026-02-20T14:30:00.000Z');
    expect(initialValues(fields, { startAt: '2026-02-20T14:30:00.000Z' }, 'America/New_York').startAt).toBe('2026-02-20 09:30:00');
    expect(toBody(fields, values, 'create', 'Asia/Kolkata').startAt).toBe('2026-02-20T04:00:00.000Z');
  });
});
