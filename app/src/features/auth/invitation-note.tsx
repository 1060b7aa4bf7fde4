import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, type ApiRequestError } from '../../lib/api-client.ts';
import type { InvitationPreview } from '../../../../shared/schemas/organisation.schema.ts';
import { clearPendingInvitation } from './pending-invitation.ts';

type Note = { kind: 'loading' } | { kind: 'invited'; organisation: string } | { kind: 'gone' };

/**
 * Issue 35: on the login and sign-up screens, which organisation invites the person whose
 * invitation link brought them here (the public `POST /organisation/invitation/show`, which
 * answers nothing but the name), and that accepting follows the sign-in. A link that can no
 * longer be used says so, and is forgotten. Texts of the `login` namespace. Its own chunk, loaded
 * only when there is an invitation (the login's first load stays as it was, issue 35's budget).
 */
export default function InvitationNote({ token }: { token: string }) {
  const { t } = useTranslation('login');
  const [note, setNote] = useState<Note>({ kind: 'loading' });
  useEffect(() => {
    // The token is the screen's for its life (the parents keep it in state).
    let current = true;
    // Typed by the shared schema, checked by the server: the login's first load takes no zod.
    apiRequest<InvitationPreview>('/organisation/invitation/show', { body: { token }, auth: false })
      .then((answer) => current && setNote({ kind: 'invited', organisation: answer.organisationName }))
      .catch((error: ApiRequestError) => {
        if (!current) return;
        if (error.status === 404) {
          clearPendingInvitation();
          setNote({ kind: 'gone' });
        } else setNote({ kind: 'loading' });
      });
    return () => {
      current = false;
    };
  }, [token]);

  if (note.kind === 'loading') return null;
  return (
    <p className={`alert ${note.kind === 'invited' ? 'alert-info' : 'alert-error'}`} role="status">
      {note.kind === 'invited' ? t('invitation.invited', { organisation: note.organisation }) : t('invitation.gone')}
    </p>
  );
}
