/**
 * Which sensor instances a person may see on the sensor dashboards: the sensors of the units that
 * getUnitListByUserAccess lists for them (`maySee`, ./access.ts: SITE_MANAGE VIEW, or accessUserIds on the
 * unit or an ancestor, or a Client-User's own company). A sensor not yet placed in a unit is seen only by
 * holders of SITE_MANAGE VIEW, who manage every site: nobody else has a unit that grants it.
 *
 * The metadata comes with each sensor (product parameters and alarm band, unit and machine names), so a
 * dashboard never needs the module calls (and their privileges) of products, assets or machines.
 */
import { asset } from '../../../src/contract/modules/assets';
import { svcMachineInstance } from '../../../src/contract/modules/machines';
import { sensorInstance, sensorProduct } from '../../../src/contract/modules/sensors';
import { hasPrivilege, type SessionUser } from '../../auth/sessions';
import type { Queryable } from '../../db/pool';
import { repo } from '../../db/repository';
import { missingRecord } from '../errors';
import { asArray, asString } from '../records';
import { maySee } from './access';
import type { ParameterBand, VisibleSensor } from '../../../src/contract/sensorShapes';

export type { ParameterBand, VisibleSensor };

type Viewer = Pick<SessionUser, '_id' | 'tenantId' | 'userType' | 'clientId' | 'permissions'>;

/** The sensors `user` may see, optionally only among `ids`, ordered by name. */
export async function visibleSensors(db: Queryable, user: Viewer, ids?: readonly string[]): Promise<VisibleSensor[]> {
  const tenant = user.tenantId;
  const [{ data: assets }, { data: sensors }] = await Promise.all([
    repo(db, asset, tenant).list({ project: ['name', 'kind', 'parentId', 'accessUserIds', 'clientId'] }),
    repo(db, sensorInstance, tenant).list(ids ? { filters: { _id: [...ids] } } : {}),
  ]);
  const byId = new Map(assets.map((a) => [a._id, a]));
  const managesSites = hasPrivilege(user, 'SITE_MANAGE', 'VIEW');
  const seen = sensors.filter((s) => {
    const unitId = asString(s.unitId);
    return managesSites || (unitId !== undefined && maySee(user, unitId, byId));
  });
  const productIds = [...new Set(seen.map((s) => String(s.sensorProductId)))];
  const machineIds = [...new Set(seen.map((s) => asString(s.machineInstanceId)).filter((id): id is string => Boolean(id)))];
  const [{ data: products }, { data: machines }] = await Promise.all([
    productIds.length ? repo(db, sensorProduct, tenant).list({ filters: { _id: productIds } }) : { data: [] },
    machineIds.length ? repo(db, svcMachineInstance, tenant).list({ filters: { _id: machineIds }, project: ['name', 'alternateId', 'serialNo'] }) : { data: [] },
  ]);
  const productById = new Map(products.map((p) => [p._id, p]));
  const machineById = new Map(machines.map((m) => [m._id, m]));
  return seen
    .map((s): VisibleSensor => {
      const product = productById.get(String(s.sensorProductId));
      const unitId = asString(s.unitId);
      const machineId = asString(s.machineInstanceId);
      const machine = machineId ? machineById.get(machineId) : undefined;
      return {
        _id: s._id,
        imeiNo: String(s.imeiNo),
        name: String(s.name),
        status: asString(s.status) ?? 'Active',
        ...(unitId ? { unitId, unitName: asString(byId.get(unitId)?.name) } : {}),
        ...(machineId ? { machineInstanceId: machineId, machineName: asString(machine?.name) ?? asString(machine?.serialNo) } : {}),
        productName: asString(product?.productName),
        sampleIntervalSec: typeof product?.sampleIntervalSec === 'number' ? product.sampleIntervalSec : 300,
        parameters: asArray<ParameterBand>(product?.parameters).map((b) => ({ name: b.name, unit: b.unit ?? '', ...(typeof b.min === 'number' ? { min: b.min } : {}), ...(typeof b.max === 'number' ? { max: b.max } : {}) })),
        ...(asString(s.lastReadingAt) ? { lastReadingAt: asString(s.lastReadingAt) } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Every one of `ids`, or 404 naming the first the person may not see: another tenant's sensor, one outside
 * their units and one that does not exist answer alike, so nothing leaks about what exists elsewhere.
 */
export async function requireVisibleSensors(db: Queryable, user: Viewer, ids: readonly string[]): Promise<VisibleSensor[]> {
  const found = await visibleSensors(db, user, ids);
  const missing = ids.find((id) => !found.some((s) => s._id === id));
  if (missing) throw missingRecord('sensor-instance', missing);
  return ids.map((id) => found.find((s) => s._id === id) as VisibleSensor);
}
