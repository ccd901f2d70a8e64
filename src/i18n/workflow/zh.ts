import type { WorkflowTexts } from './en';

export const workflowZh: WorkflowTexts = {
  status: '状态',
  steps: '步骤',
  noSteps: '当前没有您可执行的步骤。',
  history: '历史',
  noHistory: '尚未执行任何步骤。',
  confirmText: '{{step}}：{{record}}。确定继续吗？',
  cancel: '取消',
  note: '备注（可选）',
  byAt: '{{name}}，{{at}}',
  byCustomer: '客户（通过公开链接）',
  byScheduler: '调度程序',
  failedToLoad: '无法读取该记录：{{reason}}',
  signAgain: '重新签名',
  retry: '重试',
  bulkWillBecome: '以下记录将变为 {{status}}：',
  andMore: '另有 {{count}} 条',
  bulkDone: '{{step}}：已完成 {{count}} 条',
  waitingForMe: '待我处理',
  waitingForMeCount: '待我处理：{{count}}',
  nothingWaiting: '没有等待您审批的记录。',
};
