/**
 * What other features may use of issue 39's page hosts: the directory of verified hosts (the
 * share links, QR codes, signatures and wallet passes of an organisation's members name its host).
 */
export type { PageHostDirectory } from './page-host.directory.ts';
export type { PageDomainService } from './page-domain.service.ts';
