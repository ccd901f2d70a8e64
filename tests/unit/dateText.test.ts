/** Dates as the product writes them (src/ui/kit/dateText.ts): DD/MM/YYYY, instants in the subscriber's zone. */
import { describe, expect, it } from 'vitest';
import { dateTimeText, dayText } from '../../src/ui/kit/dateText';

describe('a calendar day', () => {
  it('is written from its own digits, whatever the browser zone', () => {
    expect(dayText('2026-11-20')).toBe('20/11/2026');
    expect(dayText('2026-01-01')).toBe('01/01/2026');
  });
  it('leaves what is not a date as it is', () => {
    expect(dayText('soon')).toBe('soon');
  });
});

describe('an instant', () => {
  it("is written in the subscriber's zone", () => {
    // 18:45 UTC is 00:15 the next day in India and 13:45 in New York.
    expect(dateTimeText('2026-11-20T18:45:00Z', 'Asia/Kolkata')).toBe('21/11/2026 00:15');
    expect(dateTimeText('2026-11-20T18:45:00Z', 'America/New_York')).toBe('20/11/2026 13:45');
    expect(dateTimeText('2026-11-20T18:45:00Z', 'UTC')).toBe('20/11/2026 18:45');
  });
  it("falls back to India's zone, never the browser's, for no zone or one the runtime does not know (issue 31)", () => {
    expect(dateTimeText('2026-11-20T18:45:00Z', null)).toBe('21/11/2026 00:15');
    expect(dateTimeText('2026-11-20T18:45:00Z', 'Mars/Olympus')).toBe('21/11/2026 00:15');
  });
  it("writes an instant's day in the subscriber's zone", () => {
    expect(dayText('2026-11-20T18:45:00Z', 'Asia/Kolkata')).toBe('21/11/2026');
    expect(dayText('2026-11-20T18:45:00Z', 'America/New_York')).toBe('20/11/2026');
  });
  it('leaves what is not an instant as it is', () => {
    expect(dateTimeText('later', 'Asia/Kolkata')).toBe('later');
  });
});
