/** Asset rules and calls: importing this module registers them (server/domain/registry.ts). */
import './files';
import './extinguishers';
