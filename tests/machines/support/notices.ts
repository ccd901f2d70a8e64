/** Captures what the notifier port would have shown a person. */
import { bindNotifier, type Notice } from '../../../src/api/notify';

export interface NoticeRecorder {
  readonly notices: Notice[];
  messages(): string[];
  release(): void;
}

export function recordNotices(): NoticeRecorder {
  const notices: Notice[] = [];
  const release = bindNotifier({ show: (notice) => notices.push(notice) });
  return { notices, messages: () => notices.map((notice) => notice.message), release };
}
