import sanitizeHtml from 'sanitize-html';

/*
 * An HTML e-mail sanitizer with Gmail's rules, for the e-mail signature's tests (issue 26):
 * what Gmail keeps of a message's HTML. The CSS properties are those of Google's reference
 * "CSS support" (developers.google.com/workspace/gmail/design/css); every other declaration is
 * dropped, as Gmail drops it. `<style>` blocks, classes and ids are dropped too: Gmail rewrites
 * class names and strips `<style>` where a message is forwarded or replied to, which is where a
 * signature lives. No SVG, no `<link>`, no script; images and links only over http(s), mailto
 * and tel.
 */
const GMAIL_CSS_PROPERTIES = [
  'background',
  'background-color',
  'background-image',
  'background-position',
  'background-repeat',
  'background-size',
  'border',
  'border-bottom',
  'border-collapse',
  'border-color',
  'border-left',
  'border-radius',
  'border-right',
  'border-spacing',
  'border-style',
  'border-top',
  'border-width',
  'box-sizing',
  'color',
  'direction',
  'display',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'height',
  'letter-spacing',
  'line-height',
  'margin',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'margin-top',
  'max-height',
  'max-width',
  'min-height',
  'min-width',
  'padding',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'table-layout',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'vertical-align',
  'white-space',
  'width',
  'word-break',
  'word-spacing',
];

const ANY_VALUE = [/^[^<>]*$/];

/** What Gmail would keep of `html`. */
export function gmailSanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['table', 'thead', 'tbody', 'tr', 'td', 'th', 'a', 'img', 'span', 'div', 'p', 'br', 'b', 'strong', 'i', 'em', 'font'],
    allowedAttributes: {
      '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'title', 'role'],
      table: ['cellpadding', 'cellspacing', 'border'],
      a: ['href', 'target'],
      img: ['src', 'alt', 'border'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    allowedStyles: { '*': Object.fromEntries(GMAIL_CSS_PROPERTIES.map((property) => [property, ANY_VALUE])) },
  });
}
