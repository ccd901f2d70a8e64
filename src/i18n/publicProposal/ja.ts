import { catalogueJa } from '../catalogue/ja';
import type { PublicProposalTexts } from './en';

// The terms' labels are the proposal's own field labels: one translation, the catalogue's (the ja dictionary
// loads both areas together, so the public page's words cost nothing more for it).

export const publicProposalJa: PublicProposalTexts = {
  loading: '提案書を読み込んでいます…',
  retry: '再試行',
  rentalProposal: 'レンタル提案書',
  sections: '提案書の項目',
  downloadFiles: 'ファイルをダウンロード',
  heading: '主要条件 – 商業提案書',
  termsTable: '条件',
  owner: '提案書の担当者：',
  terms: {
    machineName: '機械名',
    contractTerm: catalogueJa.field.contractTerm,
    lockInPeriod: catalogueJa.field.lockInPeriod,
    noticePeriod: catalogueJa.field.noticePeriod,
    monthlyRental: catalogueJa.field.monthlyRental,
    securityDeposit: catalogueJa.field.securityDeposit,
    escalation: catalogueJa.field.escalation,
    month: '{{count}} か月',
    months: '{{count}} か月',
    noticeValue: '最低利用期間の終了後 {{months}}',
    depositValue: '{{amount}}（月額レンタル料の {{multiplier}} か月分）',
    escalationValue: '毎年 {{percent}}%',
  },
  decision: '回答',
  accepted: '承諾済み',
  expired: '提案書の有効期限は {{date}} に切れました',
  accept: '承諾',
  reject: '辞退',
  confirmAccept: 'この提案書を承諾しますか？',
  confirmReject: 'この提案書を辞退してもよろしいですか？',
  yes: 'はい',
  close: '閉じる',
  acceptTitle: '提案書の承諾',
  rejectTitle: '提案書の辞退',
  acceptNotes: '承諾メモ',
  rejectNotes: '辞退メモ',
  notesPlaceholder: 'メモを入力してください',
  submit: '送信',
  notices: {
    accepted: '提案書を承諾しました',
    rejected: '提案書を辞退しました',
    updateFailed: '更新できませんでした',
    downloading: 'ご依頼のファイルをダウンロードしています',
    downloadFailed: 'ファイルのダウンロード中にエラーが発生しました。もう一度お試しください。',
    notesRequired: '必須です',
    loadFailed: '提案書の詳細を取得できませんでした',
  },
};
