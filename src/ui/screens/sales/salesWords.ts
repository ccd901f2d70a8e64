/** The sales screens' English (the board, a won proposal's agreement, record views), registered with the screens that use it. */
import { addEnglish } from '../../../i18n';
import { salesEn } from '../../../i18n/sales/en';

addEnglish({ sales: salesEn });
