import { useId } from 'react';

/** The Palco mark: a spotlight beam on a stage, on the brand gradient (same as favicon.svg). */
export default function Logo({ size = 32 }: { size?: number }) {
  const id = useId();
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff3d8b" />
          <stop offset="1" stopColor="#f5a524" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${id}-g)`} />
      <path d="M13.2 6h5.6l5.2 16H8z" fill="#fff" opacity="0.38" />
      <circle cx="16" cy="7" r="2.6" fill="#fff" />
      <rect x="6" y="22" width="20" height="3.6" rx="1.8" fill="#fff" />
    </svg>
  );
}
