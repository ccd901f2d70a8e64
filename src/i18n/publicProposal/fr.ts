import { catalogueFr } from '../catalogue/fr';
import type { PublicProposalTexts } from './en';

// The terms' labels are the proposal's own field labels: one translation, the catalogue's (the fr dictionary
// loads both areas together, so the public page's words cost nothing more for it).

export const publicProposalFr: PublicProposalTexts = {
  loading: 'Chargement de la proposition…',
  retry: 'Réessayer',
  rentalProposal: 'Proposition de location',
  sections: 'Sections de la proposition',
  downloadFiles: 'Télécharger les fichiers',
  heading: 'Principales conditions – Proposition commerciale',
  termsTable: 'Conditions',
  owner: 'Responsable de la proposition :',
  terms: {
    machineName: 'Nom de la machine',
    contractTerm: catalogueFr.field.contractTerm,
    lockInPeriod: catalogueFr.field.lockInPeriod,
    noticePeriod: catalogueFr.field.noticePeriod,
    monthlyRental: catalogueFr.field.monthlyRental,
    securityDeposit: catalogueFr.field.securityDeposit,
    escalation: catalogueFr.field.escalation,
    month: '{{count}} mois',
    months: '{{count}} mois',
    noticeValue: '{{months}} après la fin de la période d’engagement',
    depositValue: '{{amount}} ({{multiplier}} × loyer mensuel)',
    escalationValue: '{{percent}} % par an',
  },
  decision: 'Décision',
  accepted: 'Acceptée',
  expired: 'Validité de la proposition expirée le {{date}}',
  accept: 'Accepter',
  reject: 'Refuser',
  confirmAccept: 'Accepter cette proposition ?',
  confirmReject: 'Voulez-vous vraiment refuser cette proposition ?',
  yes: 'Oui',
  close: 'Fermer',
  acceptTitle: 'Accepter la proposition',
  rejectTitle: 'Refuser la proposition',
  acceptNotes: 'Notes d’acceptation',
  rejectNotes: 'Notes de refus',
  notesPlaceholder: 'Saisissez vos notes',
  submit: 'Envoyer',
  notices: {
    accepted: 'Proposition acceptée',
    rejected: 'Proposition refusée',
    updateFailed: 'La mise à jour a échoué',
    downloading: 'Téléchargement du fichier demandé',
    downloadFailed: 'Le téléchargement du fichier a échoué. Veuillez réessayer !',
    notesRequired: 'Obligatoire',
    loadFailed: 'Impossible d’obtenir les détails de la proposition',
  },
};
