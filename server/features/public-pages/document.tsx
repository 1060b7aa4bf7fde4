import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import { DOCUMENT_CSS, PUBLIC_PAGE_CSS } from '../../../shared/public-page/public-page.css.ts';
import { cspHash, type ClientScript } from './client-scripts.ts';

const CSS = DOCUMENT_CSS + PUBLIC_PAGE_CSS;
const CSS_HASH = cspHash(CSS);

// A tiny inline icon: browsers ask for /favicon.ico otherwise, an extra request and a 404 in the console.
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="6" width="28" height="20" rx="4" fill="#1c4fd6"/><rect x="6" y="11" width="8" height="6" rx="1.5" fill="#f5c86a"/></svg>')}`;

/** What goes into a page's `<head>`. */
export interface DocumentHead {
  lng: Language;
  title: string;
  description: string;
  /** Absolute URL; omitted on pages that must not be indexed. */
  canonical?: string;
  /** `noindex` for the card and not-found pages. */
  noindex?: boolean;
  /** Open Graph and Twitter card fields for link previews in messengers. */
  social?: { title: string; description: string; imageUrl: string | null; type: 'profile' | 'website' };
  /** hreflang alternates of the same page in each language. */
  alternates?: Array<{ lng: Language; href: string }>;
  /** Issue 26: the page's theme CSS (shared/public-page/theme.css.ts), after the stylesheet; '' or absent for the default look. */
  themeCss?: string;
}

/** A complete page and the Content-Security-Policy that allows exactly its inline style and script. */
export interface RenderedPage {
  html: string;
  csp: string;
}

/**
 * The policy of a public page: nothing loads but same-origin images (and the inline favicon),
 * the one inline stylesheet and the one inline script by hash; forms post only to us.
 */
function contentSecurityPolicy(script: ClientScript | undefined, styleHash: string): string {
  return [
    "default-src 'none'",
    "img-src 'self' data:",
    `style-src ${styleHash}`,
    `script-src ${script ? script.cspSource : "'none'"}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const OG_LOCALE: Record<Language, string> = { de: 'de_DE', en: 'en_US' };

/**
 * A whole HTML document around a page body, rendered once to static markup: no hydration
 * data, no client framework; the CSS is inline so the first answer paints on its own.
 */
export function renderDocument(head: DocumentHead, body: ReactElement, script?: ClientScript): RenderedPage {
  const { social } = head;
  // A themed page's one stylesheet has its own hash, computed once per render (the render cache keeps it).
  const css = head.themeCss ? CSS + head.themeCss : CSS;
  const markup = renderToStaticMarkup(
    <html lang={head.lng}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.noindex && <meta name="robots" content="noindex" />}
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.alternates?.map((a) => (
          <link key={a.lng} rel="alternate" hrefLang={a.lng} href={a.href} />
        ))}
        {social && (
          <>
            <meta property="og:type" content={social.type} />
            <meta property="og:title" content={social.title} />
            <meta property="og:description" content={social.description} />
            {head.canonical && <meta property="og:url" content={head.canonical} />}
            <meta property="og:locale" content={OG_LOCALE[head.lng]} />
            {social.imageUrl && <meta property="og:image" content={social.imageUrl} />}
            <meta name="twitter:card" content="summary" />
            <meta name="twitter:title" content={social.title} />
            <meta name="twitter:description" content={social.description} />
            {social.imageUrl && <meta name="twitter:image" content={social.imageUrl} />}
          </>
        )}
        <meta name="theme-color" content="#16307a" />
        <link rel="icon" href={FAVICON} />
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        {body}
        {script && <script dangerouslySetInnerHTML={{ __html: script.code }} />}
      </body>
    </html>,
  );
  return { html: `<!DOCTYPE html>${markup}`, csp: contentSecurityPolicy(script, css === CSS ? CSS_HASH : cspHash(css)) };
}
