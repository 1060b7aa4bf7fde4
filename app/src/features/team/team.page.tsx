import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import type { Organisation } from '../../../../shared/schemas/organisation.schema.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi, teamKeys } from './team.api.ts';
import { MembersSection } from './members.section.tsx';
import { CardsSection } from './cards.section.tsx';
import { InvitationsSection } from './invitations.section.tsx';
import { TemplatesSection } from './templates.section.tsx';
import { AuditSection } from './audit.section.tsx';
import { LeadsSection } from './leads.section.tsx';
import { StatsSection } from './stats.section.tsx';
import { ScimSection } from './scim.section.tsx';
import { DomainsSection } from './domains.section.tsx';
import { BrandSection } from './brand.section.tsx';
import { PageDomainSection } from './page-domain.section.tsx';
import { SectionIndex, type IndexEntry } from './section-index.tsx';
import { CrmSection } from '../integrations/index.ts';
import '../../styles/integrations.css';
import '../../styles/security.css';
import './team.css';

/** The admins' sections in page order: the id of each one's heading and its label in the index (`nav.*`). */
const ADMIN_SECTIONS = [
  { id: 'invite-title', nav: 'invite' },
  { id: 'templates-title', nav: 'templates' },
  { id: 'cards-title', nav: 'cards' },
  { id: 'members-title', nav: 'members' },
  { id: 'team-leads-title', nav: 'leads' },
  { id: 'team-stats-title', nav: 'stats' },
  // Issue 37: the organisation's CRM connections (the same section as on the Integrations screen).
  { id: 'organisation-crm-title', nav: 'crm' },
  { id: 'brand-title', nav: 'brand' },
  { id: 'domains-title', nav: 'domains' },
  { id: 'scim-title', nav: 'scim' },
  { id: 'audit-title', nav: 'audit' },
] as const satisfies readonly IndexEntry[];
type AdminSection = (typeof ADMIN_SECTIONS)[number]['nav'];

/** Issue 24: the Team area. Admins run members, invitations and see templates and the audit log; members see their organisation and its locks. */
export default function TeamPage() {
  // Every namespace a section uses loads before the first render: a section that suspended later
  // (a template's view needs edit_profile) would put the whole screen back behind the spinner.
  const { t } = useTranslation(['team', 'leads', 'edit_profile', 'integrations']);
  const { t: tm } = useTranslation('molecules');
  useDocumentTitle(t('title'));
  const own = useQuery({ queryKey: teamKeys.own(), queryFn: teamApi.own, staleTime: 0 });

  if (own.isPending) return <LoadingBlock />;
  if (own.isError)
    return (
      <p className="alert alert-error" role="alert">
        {t('load_failed', { message: errorMessage(own.error, tm) })}
      </p>
    );
  const organisation = own.data;
  if (!organisation) return <CreateOrganisation />;
  const id = organisation.organisationId;
  // Members see only their organisation's templates (to make their company profile from one).
  if (organisation.role === 'member')
    return (
      <div className="security-page team-page">
        <TeamHead organisation={organisation} />
        <TemplatesSection organisationId={id} admin={false} />
      </div>
    );
  // Issue 35: admins get the sections in the order a team is set up (invite, templates, cards),
  // then the people, what the cards bring in, the settings and the log, with an index to each.
  const sections: Record<AdminSection, ReactNode> = {
    invite: <InvitationsSection organisationId={id} />,
    templates: <TemplatesSection organisationId={id} admin />,
    cards: <CardsSection organisationId={id} />,
    members: <MembersSection organisation={organisation} />,
    leads: <LeadsSection organisationId={id} />,
    stats: <StatsSection organisationId={id} />,
    crm: <CrmSection organisation={{ id, name: organisation.name }} />,
    brand: (
      <>
        <BrandSection key={organisation.updated} organisation={organisation} />
        <PageDomainSection organisationId={organisation.organisationId} />
      </>
    ),
    domains: <DomainsSection organisationId={id} />,
    scim: <ScimSection organisationId={id} />,
    audit: <AuditSection organisationId={id} />,
  };
  return (
    <div className="security-page team-page">
      <TeamHead organisation={organisation} />
      <SectionIndex entries={ADMIN_SECTIONS} />
      {ADMIN_SECTIONS.map((section) => (
        <Fragment key={section.id}>{sections[section.nav]}</Fragment>
      ))}
    </div>
  );
}

function TeamHead({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('team');
  return (
    <div className="team-head">
      <h1 id="team-title">{organisation.name}</h1>
      <p className="muted">
        {t('your_role', { role: t(`role.${organisation.role}`) })} · {t('member_count', { count: organisation.memberCount })}
      </p>
    </div>
  );
}

function CreateOrganisation() {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await teamApi.create(name.trim());
      toast.success(t('created'));
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    } catch (err) {
      setError(errorMessage(err, tm));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="security-page team-page">
      <h1>{t('title')}</h1>
      <section className="content-card security-section" aria-labelledby="team-create-title">
        <h2 id="team-create-title" className="card-title">
          {t('create_title')}
        </h2>
        <p className="lead">{t('intro_none')}</p>
        <form className="security-form" onSubmit={submit}>
          <FormField label={t('create_name')} value={name} required maxLength={120} onChange={(e) => setName(e.target.value)} error={error} />
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
              {t('create_submit')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
