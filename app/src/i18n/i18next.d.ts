import 'i18next';
import type cards from '../../../locales/en/cards.json';
import type editProfile from '../../../locales/en/edit_profile.json';
import type leads from '../../../locales/en/leads.json';
import type capture from '../../../locales/en/capture.json';
import type integrations from '../../../locales/en/integrations.json';
import type languages from '../../../locales/en/languages.json';
import type login from '../../../locales/en/login.json';
import type molecules from '../../../locales/en/molecules.json';
import type operator from '../../../locales/en/operator.json';
import type myCard from '../../../locales/en/my_card.json';
import type myProfile from '../../../locales/en/my_profile.json';
import type profile from '../../../locales/en/profile.json';
import type previewProfile from '../../../locales/en/preview_profile.json';
import type registerCard from '../../../locales/en/register_card.json';
import type registerPage from '../../../locales/en/register_page.json';
import type resetPassword from '../../../locales/en/reset_password.json';
import type security from '../../../locales/en/security.json';
import type stats from '../../../locales/en/stats.json';
import type team from '../../../locales/en/team.json';
import type updatePassword from '../../../locales/en/update_password.json';

// Typed keys: a `t('...')` of a key missing from the English file fails the type check, and
// locales.test.ts makes sure German has every English key, so no screen shows a raw key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'molecules';
    resources: {
      cards: typeof cards;
      edit_profile: typeof editProfile;
      languages: typeof languages;
      leads: typeof leads;
      capture: typeof capture;
      integrations: typeof integrations;
      login: typeof login;
      molecules: typeof molecules;
      operator: typeof operator;
      my_card: typeof myCard;
      my_profile: typeof myProfile;
      preview_profile: typeof previewProfile;
      profile: typeof profile;
      register_card: typeof registerCard;
      register_page: typeof registerPage;
      reset_password: typeof resetPassword;
      security: typeof security;
      stats: typeof stats;
      team: typeof team;
      update_password: typeof updatePassword;
    };
  }
}
