import { describe, expect, it } from 'vitest';
import { role, subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { moduleNamed } from '../../src/contract/modules';
import { failureMessages } from '../../src/machines/resourceMessages';

const noBody = { status: 500, data: null };

describe('failure messages (document 2 §8)', () => {
  it("show the server's message when it sent one, otherwise the module's default", () => {
    expect(failureMessages(role, 'update', { ...noBody, message: 'Role is in use' })).toEqual(['Role is in use']);
    expect(failureMessages(role, 'update', noBody)).toEqual(['Failed to get update Role']);
    expect(failureMessages(role, 'remove', noBody)).toEqual(['Failed to Delete Role']);
  });

  it('show only the fixed text for modules that say so', () => {
    expect(failureMessages(subscriber, 'list', { ...noBody, message: 'relation does not exist' })).toEqual([
      'Failed to get list of Subscribers',
    ]);
    expect(failureMessages(subscriber, 'create', { ...noBody, message: 'Plan limit reached' })).toEqual(['Plan limit reached']);
  });

  it('show the module duplicate text for code 11000', () => {
    const duplicate = { status: 409, message: 'duplicate key', code: 11000, keyValue: { email: 'a@b.c' }, data: null };
    expect(failureMessages(subscriberUser, 'create', duplicate)).toEqual(['Email Already In use.']);
    expect(failureMessages(subscriberUser, 'update', { ...duplicate, code: '11000' })).toEqual(['Email Already In use.']);
    // Reads never report duplicates.
    expect(failureMessages(subscriberUser, 'list', duplicate)).toEqual(['duplicate key']);
  });

  it('name the duplicated field, then the generic text, for sensor instances and service providers', () => {
    const duplicate = { status: 409, code: 11000, keyValue: { imeiNo: '356938035643809', x: 1 }, data: null };
    expect(failureMessages(moduleNamed('sensor-instance'), 'create', duplicate)).toEqual([
      'Duplicate imeiNo Field.  Unique Number is Required !',
      'Failed to create SensorInstance',
    ]);
    const provider = moduleNamed('service-provider');
    expect(failureMessages(provider, 'update', { ...duplicate, keyValue: { gstNo: 'X' }, message: 'exists' })).toEqual([
      'Duplicate gstNo Field.  Unique Number is Required !',
      'exists',
    ]);
  });

  it("extra calls fall back to the call's own text", () => {
    const lead = moduleNamed('lead');
    const changeStage = lead.calls!.find((call) => call.name === 'changeStage')!;
    expect(failureMessages(lead, changeStage, noBody)).toEqual(['Failed to update lead stage']);
    expect(failureMessages(lead, changeStage, { ...noBody, message: 'Stage not allowed' })).toEqual(['Stage not allowed']);
  });
});
