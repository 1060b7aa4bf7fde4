/**
 * What other features may use of the public pages (issue 21: only through this file): the
 * pages' texts, the page renderer and document shell (the visitor's deletion page is a public
 * page), the page service (the contact form's refused answer is the profile page) and the
 * downloads service (the vCard the contact exchange mails).
 */
export { createPageTexts, type PageTexts } from './page-texts.ts';
export { renderDocument, type RenderedPage } from './document.tsx';
export type { DownloadService } from './download.service.ts';
export type { PublicPageService } from './public-page.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createPublicPagesFeature, type PublicPagesServices } from './public-pages.feature.ts';
