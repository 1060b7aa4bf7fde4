import { useTranslation } from 'react-i18next';
import { APP_LANGUAGES, toAppLanguage } from '../i18n/namespaces.ts';
import { Dropdown } from './dropdown.tsx';
import { FlagIcon } from './flag.icon.tsx';

/** SPEC 2: the language switch of the navigation bar, a flag dropdown with German and English. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('languages');
  const current = toAppLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Dropdown className="language-switch" label={t('choose_language', { language: t(current) })} trigger={<FlagIcon language={current} />}>
      {(close) => (
        <ul className="dropdown-list">
          {APP_LANGUAGES.map((lng) => (
            <li key={lng}>
              <button
                type="button"
                className="dropdown-item"
                lang={lng}
                aria-current={lng === current ? 'true' : undefined}
                onClick={() => {
                  void i18n.changeLanguage(lng);
                  close();
                }}
              >
                <FlagIcon language={lng} />
                <span>{t(lng)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
