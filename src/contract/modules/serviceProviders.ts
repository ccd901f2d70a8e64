/** Outside firms that do service work for the tenant, one per GST number. */
import { z } from 'zod';
import { defineModule } from './define';
import { text, optionalText } from './serviceFields';
import { GSTIN_PATTERN } from './admin';
import { says } from '../validationMessages';

const DUPLICATE_UNIQUE = 'Duplicate {field} Field.  Unique Number is Required !';

export const serviceProvider = defineModule({
  name: 'service-provider',
  label: 'Service Provider',
  record: 'service provider',
  area: 'admin',
  path: '/api/app/service-provider',
  feature: 'SERVICE_PROVIDER',
  fields: z.object({
    name: text('Name', 160),
    gstNo: z.string().trim().regex(GSTIN_PATTERN, says('notValid', { label: 'GST Number' })),
    panNo: z.string().trim().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, says('notValid', { label: 'PAN' })).optional(),
    contactPerson: optionalText('Contact person', 120),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
    phone: optionalText('Phone', 20),
    address: optionalText('Address', 400),
    services: z.array(z.string().trim().min(1)).default([]),
    status: z.enum(['Active', 'Inactive'], { error: says('notValid', { label: 'Status' }) }).default('Active'),
  }),
  unique: ['gstNo'],
  example: { name: 'Chavan Pneumatics', gstNo: '27AAECP6310N1Z7', contactPerson: 'P. Chavan', services: ['Panel wiring', 'Motor rewinding'] },
  columns: ['name', 'gstNo', 'contactPerson', 'phone', 'status'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of ServiceProvider',
    create: 'Failed to create ServiceProvider',
    update: 'Failed to update ServiceProvider',
    remove: 'Failed to delete ServiceProvider',
    getById: 'Failed to get ServiceProvider details',
    duplicate: DUPLICATE_UNIQUE,
  },
});
