/**
 * Registers the business-module handlers (server/domain/<area>) for these tests. server/domain/index.ts
 * loads them for the app; importing them here as well keeps these tests independent of that list.
 */
import '../../../server/domain/service/index';
import '../../../server/domain/assets/index';
import '../../../server/domain/machines/index';
import '../../../server/domain/parts/index';
import '../../../server/domain/sensors/index';
import '../../../server/domain/sales/index';
import '../../../server/domain/billing/index';
