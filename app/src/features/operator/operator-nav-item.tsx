import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { operatorMeSchema } from '../../../../shared/schemas/operator.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The avatar menu's console entry, shown only when the server says the caller is an operator
 * (GET /operator/me answers 404 to everyone else). Without zod, so the navigation stays light.
 */
export function OperatorNavItem({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('molecules');
  const me = useQuery({
    queryKey: ['operator', 'me'],
    queryFn: () => apiRequest<z.infer<typeof operatorMeSchema>>('/operator/me'),
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (!me.data) return null;
  return (
    <li>
      <Link className="dropdown-item" to="/console" onClick={onClick}>
        {t('nav.console')}
      </Link>
    </li>
  );
}
