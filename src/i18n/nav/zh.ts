import type { navOwnEn } from './en';

export const navOwnZh: typeof navOwnEn = {
  groups: {
    administration: '系统管理',
    service: '服务',
    assets: '资产与设备',
    parts: '备件与采购',
    sales: '销售',
    billing: '账单',
    sensors: '传感器',
  },
  entries: {
    organizationScreen: '组织',
    'my-open-tickets': '我的未结呼叫',
    'my-urgent-tickets': '我的紧急呼叫',
    'ticket-assigned-to-me': '分配给我',
    'site-manage': '站点',
    questions: '问题与检查表',
    'bom-tree': '物料清单',
    'request-spareparts': '申请备件',
    'client-spoc': '客户联系人',
    'manual-payment': '付款',
    'invoice-item-master': '发票项目',
    'dashboard-ui': '传感器分析',
  },
};
