/** The subscriber page's illustration: a building with a checked form, drawn inline so it needs no asset. */
import { useT } from '../../../i18n';

export function SubscriberIllustration() {
  const t = useT();
  return (
    <svg viewBox="0 0 320 240" role="img" aria-label={t('publicSubscriber.illustration')} style={{ width: '100%', maxWidth: 360, height: 'auto' }}>
      <rect x="0" y="200" width="320" height="8" rx="4" fill="#d0ebff" />
      <rect x="40" y="70" width="110" height="130" rx="6" fill="#1c7ed6" />
      {[0, 1, 2, 3].map((row) =>
        [0, 1, 2].map((col) => <rect key={`${row}-${col}`} x={54 + col * 30} y={84 + row * 26} width="20" height="14" rx="2" fill="#e7f5ff" />),
      )}
      <rect x="83" y="176" width="24" height="24" rx="2" fill="#a5d8ff" />
      <rect x="170" y="40" width="120" height="160" rx="10" fill="#ffffff" stroke="#17bcff" strokeWidth="3" />
      {[0, 1, 2, 3].map((row) => (
        <g key={row}>
          <rect x="186" y={64 + row * 32} width="16" height="16" rx="3" fill={row < 3 ? '#40c057' : '#e9ecef'} />
          {row < 3 && <path d={`M189 ${72 + row * 32} l4 4 l7 -8`} stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />}
          <rect x="210" y={68 + row * 32} width="64" height="8" rx="4" fill="#dee2e6" />
        </g>
      ))}
    </svg>
  );
}
