/** Billing rules and calls: importing this module registers them (server/domain/registry.ts). */
import './invoices';
import './payments';
import './credit-notes';
import './bills';
import './documents';
import './invoice-email';
