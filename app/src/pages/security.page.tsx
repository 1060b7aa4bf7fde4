import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { DeleteAccountSection } from '../security/delete-account.section.tsx';
import { ExportSection } from '../security/export.section.tsx';
import { SessionsSection } from '../security/sessions.section.tsx';
import '../styles/security.css';

/** Issue 13: the Security screen (avatar menu): devices, data export, account deletion. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  useDocumentTitle(t('title'));
  return (
    <div className="security-page">
      <header className="page-head">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      <SessionsSection />
      <ExportSection />
      <DeleteAccountSection needsCode={false} />
    </div>
  );
}
