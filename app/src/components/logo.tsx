/** The app's mark and name; decorative next to a text label, so hidden from screen readers. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
      <rect x="7" y="9.5" width="18" height="13" rx="2.6" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="12.5" cy="15" r="2" fill="#fff" />
      <path d="M16.5 14h5M16.5 18h5M9.5 19.5h6" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
