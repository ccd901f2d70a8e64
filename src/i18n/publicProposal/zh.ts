import { catalogueZh } from '../catalogue/zh';
import type { PublicProposalTexts } from './en';

// The terms' labels are the proposal's own field labels: one translation, the catalogue's (the zh dictionary
// loads both areas together, so the public page's words cost nothing more for it).

export const publicProposalZh: PublicProposalTexts = {
  loading: '正在加载方案…',
  retry: '重试',
  rentalProposal: '租赁方案',
  sections: '方案章节',
  downloadFiles: '下载文件',
  heading: '主要条款 – 商务方案',
  termsTable: '条款',
  owner: '方案负责人：',
  terms: {
    machineName: '机器名称',
    contractTerm: catalogueZh.field.contractTerm,
    lockInPeriod: catalogueZh.field.lockInPeriod,
    noticePeriod: catalogueZh.field.noticePeriod,
    monthlyRental: catalogueZh.field.monthlyRental,
    securityDeposit: catalogueZh.field.securityDeposit,
    escalation: catalogueZh.field.escalation,
    month: '{{count}} 个月',
    months: '{{count}} 个月',
    noticeValue: '锁定期结束后 {{months}}',
    depositValue: '{{amount}}（月租金的 {{multiplier}} 倍）',
    escalationValue: '每年 {{percent}}%',
  },
  decision: '决定',
  accepted: '已接受',
  expired: '方案有效期已于 {{date}} 到期',
  accept: '接受',
  reject: '拒绝',
  confirmAccept: '接受此方案吗？',
  confirmReject: '确定要拒绝此方案吗？',
  yes: '是',
  close: '关闭',
  acceptTitle: '接受方案',
  rejectTitle: '拒绝方案',
  acceptNotes: '接受说明',
  rejectNotes: '拒绝说明',
  notesPlaceholder: '请输入说明',
  submit: '提交',
  notices: {
    accepted: '方案已成功接受',
    rejected: '方案已拒绝',
    updateFailed: '更新失败',
    downloading: '正在下载所请求的文件',
    downloadFailed: '下载文件时出错，请重试！',
    notesRequired: '必填',
    loadFailed: '无法获取方案详情',
  },
};
