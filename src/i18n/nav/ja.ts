import type { navOwnEn } from './en';

export const navOwnJa: typeof navOwnEn = {
  groups: {
    administration: '管理',
    service: 'サービス',
    assets: '資産と機械',
    parts: '予備部品と購買',
    sales: '営業',
    billing: '請求',
    sensors: 'センサー',
  },
  entries: {
    organizationScreen: '組織',
    'my-open-tickets': '自分の未完了の依頼',
    'my-urgent-tickets': '自分の緊急の依頼',
    'ticket-assigned-to-me': '自分に割り当て',
    'site-manage': 'サイト',
    questions: '質問とチェックリスト',
    'bom-tree': '部品表',
    'request-spareparts': '予備部品の依頼',
    'client-spoc': '顧客担当者',
    'manual-payment': '入金',
    'invoice-item-master': '請求品目',
    'dashboard-ui': 'センサー分析',
  },
};
