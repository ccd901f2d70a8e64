import type { WorkflowTexts } from './en';

export const workflowJa: WorkflowTexts = {
  status: 'ステータス',
  steps: 'ステップ',
  noSteps: '現在実行できるステップはありません。',
  history: '履歴',
  noHistory: 'まだステップは実行されていません。',
  confirmText: '{{step}}：{{record}}。続行しますか？',
  cancel: 'キャンセル',
  note: 'メモ（任意）',
  byAt: '{{name}}、{{at}}',
  byCustomer: '顧客（公開リンク経由）',
  byScheduler: 'スケジューラー',
  failedToLoad: 'レコードを読み込めませんでした：{{reason}}',
  signAgain: '署名し直す',
  retry: '再試行',
  bulkWillBecome: '次のレコードは {{status}} になります：',
  andMore: 'ほか {{count}} 件',
  bulkDone: '{{step}}：{{count}} 件完了',
  waitingForMe: '承認待ち',
  waitingForMeCount: '承認待ち：{{count}}',
  nothingWaiting: '承認を待っているものはありません。',
};
