/**
 * A sensor as the sensor dashboards see it (server/domain/sensors/visibility.ts answers it, the sensor
 * screens read it): one definition for both sides.
 */

export interface ParameterBand {
  name: string;
  unit: string;
  min?: number;
  max?: number;
}

/** A sensor the person may see, with what it measures. */
export interface VisibleSensor {
  _id: string;
  imeiNo: string;
  name: string;
  status: string;
  unitId?: string;
  unitName?: string;
  machineInstanceId?: string;
  machineName?: string;
  productName?: string;
  /** Seconds between readings, from the sensor's product: the live screen's staleness is measured in it. */
  sampleIntervalSec: number;
  parameters: ParameterBand[];
  lastReadingAt?: string;
}

/** One time bucket of a sensor's series (POST sensor-dashboard/series): the bucket's start and its figures. */
export interface SeriesPoint {
  t: string;
  avg: number;
  min: number;
  max: number;
  count: number;
}
