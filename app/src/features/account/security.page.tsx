import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/index.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ChangeEmailSection } from './change-email.section.tsx';
import { DeleteAccountSection } from './delete-account.section.tsx';
import { ExportSection } from './export.section.tsx';
import { PasskeysSection } from './passkeys.section.tsx';
import { SessionsSection } from './sessions.section.tsx';
import { TwoFactorSection } from './two-factor.section.tsx';
import '../../styles/security.css';

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
