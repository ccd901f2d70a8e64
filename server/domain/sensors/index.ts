/** The sensor modules' handlers (readings, analytics, access to units), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { sensorInstanceHandlers, sensorProductHandlers } from './access';
import { sensorAnalyticHandlers, sensorDataHandlers } from './readings';

export const sensorHandlers = {
  'sensor-product': sensorProductHandlers,
  'sensor-instance': sensorInstanceHandlers,
  'sensor-data': sensorDataHandlers,
  'sensor-analytic': sensorAnalyticHandlers,
} satisfies AreaHandlers<'sensor-product' | 'sensor-instance' | 'sensor-data' | 'sensor-analytic'>;
