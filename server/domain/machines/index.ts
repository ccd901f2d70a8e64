/** The machine modules' handlers (machine instances, checklist questions and answers), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { questionAnswerHandlers } from './checklists';
import { machineInstanceHandlers, questionsHandlers } from './machines';

export const machineHandlers = {
  'svc-machine-instances': machineInstanceHandlers,
  questions: questionsHandlers,
  'question-answer': questionAnswerHandlers,
} satisfies AreaHandlers<'svc-machine-instances' | 'questions' | 'question-answer'>;
