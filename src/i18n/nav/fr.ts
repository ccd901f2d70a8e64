import type { navOwnEn } from './en';

export const navOwnFr: typeof navOwnEn = {
  groups: {
    administration: 'Administration',
    service: 'Service',
    assets: 'Équipements et machines',
    parts: 'Pièces détachées et achats',
    sales: 'Ventes',
    billing: 'Facturation',
    sensors: 'Capteurs',
  },
  entries: {
    organizationScreen: 'Organisation',
    'my-open-tickets': 'Mes appels ouverts',
    'my-urgent-tickets': 'Mes appels urgents',
    'ticket-assigned-to-me': 'Qui me sont assignés',
    'site-manage': 'Sites',
    questions: 'Questions et listes de contrôle',
    'bom-tree': 'Nomenclature',
    'request-spareparts': 'Demander des pièces',
    'client-spoc': 'Contacts clients',
    'manual-payment': 'Paiements',
    'invoice-item-master': 'Articles de facture',
    'dashboard-ui': 'Analyse des capteurs',
  },
};
