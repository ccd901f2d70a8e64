/**
 * The demo tenant's business records, area by area, in dependency order (clients before sites, sites
 * before machines, machines before tickets, tickets before parts and bills). Seeders share the ids
 * they create through `ctx.ids`.
 */
import type { DemoRecordSeeder } from './context';
import { seedAssets } from './assets';
import { seedBilling, seedClients } from './billing';
import { seedMachineHistory } from './machine-history';
import { seedMachines } from './machines';
import { seedMeters } from './meters';
import { seedParts } from './parts';
import { seedSales } from './sales';
import { seedSensors } from './sensors';
import { seedService } from './service';

export const areaSeeders: readonly DemoRecordSeeder[] = [seedClients, seedAssets, seedMachines, seedService, seedParts, seedSensors, seedMachineHistory, seedMeters, seedSales, seedBilling];
