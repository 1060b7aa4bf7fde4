/**
 * Issue 36's accuracy corpus: business cards rendered with sharp from SVG in the fonts Debian
 * ships (DejaVu, Liberation), in several layouts and colours, German and English, then scanned
 * cleanly, softened, or "photographed": laid on a table in perspective, turned a few degrees,
 * shaded, noisy and saved as JPEG. Writes test/fixtures/capture/ (the images and cards.json with
 * the fields each card holds). Deterministic: the same seed makes the same files.
 *
 *   npm run capture:corpus
 *
 * The images are committed; run this only to change the corpus (docs/capture.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import sharp, { type Sharp } from 'sharp';
import { corpusPeople, random, type CardPerson, type Random } from './corpus-cards.ts';
import { warpOntoTable, type PhotoLook } from './corpus-photo.ts';

const OUT = path.resolve(import.meta.dirname, '../fixtures/capture');
const CARD_COUNT = 48;
const SEED = 20261128;
/** 85 × 55 mm at 300 dpi. */
const W = 1004;
const H = 650;

const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed', 'Liberation Sans', 'Liberation Serif', 'Liberation Sans Narrow'];
const THEMES = [
  { background: '#ffffff', text: '#1f2933', accent: '#0b5394', muted: '#4a5560' },
  { background: '#fbf8f1', text: '#2b2118', accent: '#8a3b12', muted: '#5a4a3a' },
  { background: '#f3f6f4', text: '#17301f', accent: '#1d6b3a', muted: '#3d5245' },
  { background: '#ffffff', text: '#222222', accent: '#b3122e', muted: '#555555' },
  { background: '#1c2a3a', text: '#f4f6f8', accent: '#f2b632', muted: '#cfd6de' },
  { background: '#eef1f7', text: '#1b2440', accent: '#4b3f9e', muted: '#47506a' },
];

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** How a card writes a phone number: international, national, with (0), with a slash or dashes. */
function printNumber(e164: string, style: number): string {
  const number = parsePhoneNumberFromString(e164)!;
  const national = number.formatNational();
  switch (style % 5) {
    case 0:
      return number.formatInternational();
    case 1:
      return national;
    case 2:
      return number.country === 'DE' || number.country === 'AT' ? number.formatInternational().replace(/^(\+\d+) /, '$1 (0)') : number.formatInternational();
    case 3:
      return number.country === 'DE' ? national.replace(' ', ' / ') : national;
    default:
      return number.country === 'DE' ? national.replace(' ', '-').replace(/ /g, '') : number.formatInternational();
  }
}

interface Labels {
  phone: string;
  mobile: string;
  fax: string;
  email: string;
  web: string;
}
const LABELS: Record<'de' | 'en', Labels[]> = {
  de: [
    { phone: 'Tel.', mobile: 'Mobil', fax: 'Fax', email: 'E-Mail', web: 'Web' },
    { phone: 'T', mobile: 'M', fax: 'F', email: 'E', web: 'W' },
    { phone: 'Telefon', mobile: 'Handy', fax: 'Fax', email: 'Mail', web: 'Internet' },
  ],
  en: [
    { phone: 'Phone', mobile: 'Mobile', fax: 'Fax', email: 'Email', web: 'Web' },
    { phone: 'T', mobile: 'M', fax: 'F', email: 'E', web: 'W' },
    { phone: 'Tel', mobile: 'Cell', fax: 'Fax', email: 'E-mail', web: 'Web' },
  ],
};

interface Design {
  font: string;
  theme: (typeof THEMES)[number];
  labels: Labels;
  numberStyle: number;
  upperName: boolean;
  showCountry: boolean;
}

/** The contact lines of a card, with labels (a short label takes a colon only when it is one letter). */
function contactLines(p: CardPerson, d: Design): string[] {
  const l = d.labels;
  const label = (text: string) => (text.length === 1 ? `${text}:` : text);
  const lines: string[] = [];
  if (p.phone) lines.push(`${label(l.phone)} ${printNumber(p.phone, d.numberStyle)}`);
  if (p.mobile) lines.push(`${label(l.mobile)} ${printNumber(p.mobile, d.numberStyle + 1)}`);
  if (p.fax) lines.push(`${label(l.fax)} ${printNumber(p.fax, d.numberStyle)}`);
  lines.push(d.numberStyle % 2 ? p.email : `${label(l.email)} ${p.email}`);
  if (p.website) lines.push(p.website);
  return lines;
}

function addressLines(p: CardPerson, d: Design): string[] {
  return [p.street, p.zipLine, ...(d.showCountry ? [p.country] : [])];
}

const nameLine = (p: CardPerson, d: Design) => {
  const name = `${p.title ? `${p.title} ` : ''}${p.firstName} ${p.lastName}`;
  return d.upperName ? name.toUpperCase() : name;
};

type Layout = (p: CardPerson, d: Design) => string;

/** A font size at which `content` fits into `maxWidth` (a wide estimate of the glyphs' mean width, so nothing runs off the card). */
const fit = (content: string, size: number, maxWidth: number) => Math.min(size, Math.floor(maxWidth / (content.length * 0.6)));

const text = (x: number, y: number, size: number, fill: string, content: string, extra = '', maxWidth = 880) =>
  `<text x="${x}" y="${y}" font-size="${fit(content, size, maxWidth)}" fill="${fill}" ${extra}>${esc(content)}</text>`;

/** Name top left, company top right, contact and address in two columns at the bottom. */
const classic: Layout = (p, d) => {
  const t = d.theme;
  const contacts = contactLines(p, d).map((line, i) => text(60, 400 + i * 40, 27, t.text, line, '', 520));
  const address = addressLines(p, d).map((line, i) => text(600, 480 + i * 40, 27, t.muted, line, '', 370));
  return [
    text(60, 130, 54, t.accent, nameLine(p, d), 'font-weight="bold"'),
    text(60, 185, 32, t.muted, p.jobTitle),
    text(60, 300, 34, t.text, p.company, 'font-weight="bold"'),
    ...contacts,
    ...address,
  ].join('');
};

/** Company as a logo line at the top, centred; name, title; contacts centred below. */
const centred: Layout = (p, d) => {
  const t = d.theme;
  const mid = 'text-anchor="middle"';
  const contacts = contactLines(p, d).map((line, i) => text(W / 2, 390 + i * 38, 26, t.text, line, mid));
  return [
    text(W / 2, 90, 40, t.accent, p.company, `${mid} font-weight="bold"`),
    `<rect x="${W / 2 - 120}" y="110" width="240" height="4" fill="${t.accent}"/>`,
    text(W / 2, 200, 52, t.text, nameLine(p, d), mid),
    text(W / 2, 248, 30, t.muted, p.jobTitle, mid),
    text(W / 2, 318, 26, t.muted, `${p.street} · ${p.zipLine}`, mid),
    ...contacts,
  ].join('');
};

/** A coloured band with the company; name, title and address left, contacts right. */
const band: Layout = (p, d) => {
  const t = d.theme;
  const contacts = contactLines(p, d).map((line, i) => text(520, 300 + i * 42, 26, t.text, line, '', 450));
  const address = addressLines(p, d).map((line, i) => text(60, 420 + i * 40, 27, t.muted, line, '', 420));
  return [
    `<rect x="0" y="0" width="${W}" height="130" fill="${t.accent}"/>`,
    text(60, 85, 44, t.background === '#1c2a3a' ? '#1c2a3a' : '#ffffff', p.company, 'font-weight="bold"'),
    text(60, 250, 50, t.text, nameLine(p, d), 'font-weight="bold"', 880),
    text(60, 300, 30, t.muted, p.jobTitle, '', 420),
    ...address,
    ...contacts,
  ].join('');
};

/** Two columns: name, title, company left; labelled contacts right; address in one line at the foot. */
const columns: Layout = (p, d) => {
  const t = d.theme;
  const contacts = contactLines(p, d).map((line, i) => text(540, 120 + i * 44, 26, t.text, line, '', 430));
  return [
    text(60, 150, 46, t.text, nameLine(p, d), 'font-weight="bold"', 460),
    text(60, 200, 28, t.accent, p.jobTitle, '', 460),
    text(60, 330, 32, t.text, p.company, '', 460),
    `<rect x="60" y="540" width="${W - 120}" height="2" fill="${t.muted}"/>`,
    text(60, 590, 25, t.muted, `${p.street} | ${p.zipLine}${d.showCountry ? ` | ${p.country}` : ''}`),
    ...contacts,
  ].join('');
};

const LAYOUTS: Layout[] = [classic, centred, band, columns];

function cardSvg(p: CardPerson, d: Design, layout: Layout): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${d.theme.background}"/>
<g font-family="${d.font}">${layout(p, d)}</g></svg>`;
}

type Finish = 'scan' | 'soft' | 'photo' | 'photo-hard';

function photoLook(r: Random, hard: boolean): PhotoLook {
  const sign = r.chance(0.5) ? -1 : 1;
  return {
    angleDegrees: sign * (hard ? r.between(3, 7) : r.between(0.5, 3)),
    keystone: hard ? r.between(0.03, 0.08) : r.between(0, 0.03),
    shade: hard ? r.between(0.25, 0.45) : r.between(0.05, 0.2),
    noise: hard ? r.between(4, 7) : r.between(2, 4),
    table: r.pick(['#6b5843', '#3d4148', '#8c8f93', '#54412f', '#2f3b32']),
  };
}

/** The upper-case name reads back to the same name (the reader title-cases capitals): not for "Yılmaz". */
const upperRoundTrips = (p: CardPerson) => !/[ıİ]/.test(p.firstName + p.lastName);

async function render(index: number, p: CardPerson, r: Random) {
  const design: Design = {
    font: FONTS[index % FONTS.length]!,
    theme: THEMES[(index * 5) % THEMES.length]!,
    labels: r.pick(LABELS[p.language]),
    numberStyle: r.int(0, 4),
    upperName: upperRoundTrips(p) && r.chance(0.2),
    showCountry: r.chance(0.35),
  };
  const layout = LAYOUTS[index % LAYOUTS.length]!;
  const finish: Finish = (['photo', 'photo-hard', 'scan', 'photo', 'soft', 'photo-hard'] as const)[index % 6]!;
  const card = sharp(Buffer.from(cardSvg(p, design, layout)));
  let image: Sharp;
  let look: PhotoLook | undefined;
  if (finish === 'scan') image = card;
  else if (finish === 'soft') image = card.blur(r.between(1.0, 1.6));
  else {
    look = photoLook(r, finish === 'photo-hard');
    const { data, info } = await card.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const photo = warpOntoTable(data, info.width, info.height, look, r);
    image = sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } }).blur(finish === 'photo-hard' ? r.between(0.7, 1.1) : 0.5);
  }
  const format = index % 8 === 3 ? 'png' : index % 8 === 7 ? 'webp' : 'jpeg';
  const out =
    format === 'png'
      ? image.greyscale().png({ palette: true, colours: 16 })
      : format === 'webp'
        ? image.webp({ quality: 70 })
        : image.jpeg({ quality: finish === 'photo-hard' ? 68 : 78, mozjpeg: true });
  const file = `card-${String(index + 1).padStart(2, '0')}.${format === 'jpeg' ? 'jpg' : format}`;
  await out.toFile(path.join(OUT, file));
  return {
    file,
    language: p.language,
    layout: layout.name,
    font: design.font,
    finish,
    ...(look ? { angleDegrees: Number(look.angleDegrees.toFixed(1)) } : {}),
    fields: {
      firstName: p.firstName,
      lastName: p.lastName,
      jobTitle: p.jobTitle,
      company: p.company,
      email: p.email,
      phone: p.phone,
      mobile: p.mobile,
      website: p.website,
      street: p.street,
      zip: p.zip,
      city: p.city,
      // The centred layout prints street and city on one line, without the country.
      country: design.showCountry && layout !== centred ? p.country : null,
    },
  };
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  for (const old of fs.readdirSync(OUT)) if (/^card-\d+\.(jpg|png|webp)$/.test(old)) fs.rmSync(path.join(OUT, old));
  const r = random(SEED);
  const people = corpusPeople(r, CARD_COUNT);
  const cards = [];
  for (const [index, person] of people.entries()) cards.push(await render(index, person, r));
  fs.writeFileSync(path.join(OUT, 'cards.json'), `${JSON.stringify({ seed: SEED, cards }, null, 2)}\n`);
  const bytes = fs.readdirSync(OUT).reduce((sum, f) => sum + fs.statSync(path.join(OUT, f)).size, 0);
  console.log(`${cards.length} cards in ${path.relative(process.cwd(), OUT)}, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
}

await main();
