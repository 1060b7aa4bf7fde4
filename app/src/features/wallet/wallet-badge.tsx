import { useTranslation } from 'react-i18next';
import type { WalletKind } from './wallet-pass.ts';

/** Props of {@link WalletBadge}. */
export interface WalletBadgeProps {
  kind: WalletKind;
  /** The server answered "not configured" for this wallet (D11): the badge says so. */
  unavailable?: boolean;
  onClick: () => void;
}

/** The black "add to wallet" badge of Apple or Google, drawn here so no artwork is fetched. */
export function WalletBadge({ kind, unavailable = false, onClick }: WalletBadgeProps) {
  const { t } = useTranslation('cards');
  return (
    // Issue 23: an unavailable wallet cannot be pressed (it opened the picker and then failed).
    <button
      type="button"
      className={`wallet-badge wallet-${kind}`}
      onClick={onClick}
      disabled={unavailable}
      aria-describedby={unavailable ? `wallet-${kind}-note` : undefined}
    >
      {kind === 'apple' ? (
        <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect x="3" y="6" width="26" height="20" rx="4" fill="#fff" />
          <rect x="3" y="6" width="26" height="6" rx="3" fill="#35a2f4" />
          <rect x="3" y="10" width="26" height="6" fill="#2fc06e" />
          <rect x="3" y="14" width="26" height="5" fill="#f9bd27" />
          <path d="M3 19h26v3a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4z" fill="#f26b5b" />
        </svg>
      ) : (
        <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect x="4" y="7" width="24" height="18" rx="4" fill="#4285f4" />
          <rect x="4" y="11" width="24" height="14" rx="4" fill="#34a853" />
          <rect x="4" y="15" width="24" height="10" rx="4" fill="#fbbc04" />
          <rect x="4" y="19" width="24" height="6" rx="3" fill="#ea4335" />
        </svg>
      )}
      <span className="wallet-badge-text">
        <span className="wallet-badge-small">{t('wallet.add_to')}</span>
        <span className="wallet-badge-big">{kind === 'apple' ? t('wallet.apple') : t('wallet.google')}</span>
      </span>
      {unavailable && (
        <span id={`wallet-${kind}-note`} className="wallet-badge-note">
          {t('wallet.not_configured_badge')}
        </span>
      )}
    </button>
  );
}
