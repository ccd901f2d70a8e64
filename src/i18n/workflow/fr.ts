import type { WorkflowTexts } from './en';

export const workflowFr: WorkflowTexts = {
  status: 'Statut',
  steps: 'Étapes',
  noSteps: 'Aucune étape ne vous est ouverte pour le moment.',
  history: 'Historique',
  noHistory: 'Aucune étape franchie pour le moment.',
  confirmText: '{{step}} : {{record}}. Continuer ?',
  cancel: 'Annuler',
  note: 'Note (facultative)',
  byAt: '{{name}}, {{at}}',
  byCustomer: 'le client, par le lien public',
  byScheduler: 'le planificateur',
  failedToLoad: "L'enregistrement n'a pas pu être lu : {{reason}}",
  signAgain: 'Signer à nouveau',
  retry: 'Réessayer',
  bulkWillBecome: 'Ceux-ci passeront à {{status}} :',
  andMore: 'et {{count}} de plus',
  bulkDone: '{{step}} : {{count}} effectué(s)',
  waitingForMe: 'En attente de moi',
  waitingForMeCount: 'En attente de moi : {{count}}',
  nothingWaiting: "Rien n'attend votre approbation.",
};
