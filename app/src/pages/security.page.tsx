import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth.context.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { ChangeEmailSection } from '../security/change-email.section.tsx';
import { DeleteAccountSection } from '../security/delete-account.section.tsx';
import { ExportSection } from '../security/export.section.tsx';
import { PasskeysSection } from '../security/passkeys.section.tsx';
import { SessionsSection } from '../security/sessions.section.tsx';
import { TwoFactorSection } from '../security/two-factor.section.tsx';
import '../styles/security.css';

/** Issue 13: the Security screen (avatar menu): devices, two-factor sign-in, passkeys, e-mail address, data export, account deletion. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  const { user } = useAuth();
  useDocumentTitle(t('title'));
  return (
    <div className="security-page">
      <header className="page-head">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      <SessionsSection />
      <TwoFactorSection />
      <PasskeysSection />
      <ChangeEmailSection />
      <ExportSection />
      <DeleteAccountSection needsCode={Boolean(user?.twoFactorEnabled)} />
    </div>
  );
}
