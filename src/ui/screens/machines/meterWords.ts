/**
 * A meter's kind and unit as the person's language writes them (issue 34): the kind is a stored choice ('Running
 * Hours'), worded by the catalogue; of the units (src/contract/maintenanceShapes.ts METER_UNITS), 'h' is a symbol
 * every language writes so, and 'cycles' is a word of the maintenance dictionary.
 */
import { useMemo } from 'react';
import { METER_UNITS } from '../../../contract/maintenanceShapes';
import { addEnglish, useT } from '../../../i18n';
import { maintenanceEn } from '../../../i18n/maintenance/en';
import { formatReading } from '../dashboards/readingFormat';
import { useCatalogueWords } from '../module/catalogueWords';

addEnglish({ pm: maintenanceEn });

export interface MeterWords {
  kind: (kind: string) => string;
  unit: (unit: string) => string;
  /** A reading with its unit ("1,480 h", "12,000 回"). */
  reading: (value: number | null | undefined, unit: string) => string;
}

export function useMeterWords(): MeterWords {
  const t = useT();
  const words = useCatalogueWords();
  return useMemo(() => {
    const unit = (u: string) => (u === METER_UNITS.Cycles ? t('pm.cyclesUnit') : u);
    return { kind: words.choice, unit, reading: (value, u) => formatReading(value, unit(u)) };
  }, [t, words]);
}
