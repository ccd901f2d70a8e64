/**
 * Loads every domain handler module so their registerCall / registerOp calls run before the catalogue
 * routes are mounted. Add one import line per handler file.
 */
import './admin/users';
import './admin/roles';
import './admin/subscribers';
import './service/index';
import './assets/index';
import './machines/index';
import './parts/index';
import './sensors/index';
import './sales/index';
import './billing/index';

export { unimplementedCalls } from './registry';
