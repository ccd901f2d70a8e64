/** Service rules and calls: importing this module registers them (server/domain/registry.ts). */
import './tickets';
import './system-tickets';
import './ticket-records';
import './ticket-views';
import './ticket-activity';
import './ticket-files';
import './field-activity';
