/** Machine rules and calls: importing this module registers them (server/domain/registry.ts). */
import './machines';
import './checklists';
