/** Spare-part and purchasing rules: importing this module registers them (server/domain/registry.ts). */
import './stock';
import './purchasing';
