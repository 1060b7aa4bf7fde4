import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * The people, companies and card designs of issue 36's accuracy corpus, drawn from fixed lists
 * with a seeded random generator so that `npm run capture:corpus` makes the same cards every time.
 * Every name, company and number is invented (numbers from the ranges the regulators keep for
 * fiction where a country has one, else random and checked by libphonenumber-js to be well-formed).
 */

/** A small deterministic generator (mulberry32). */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof random>;

export interface CardPerson {
  firstName: string;
  lastName: string;
  /** Printed before the name ("Dr."), not part of the fields. */
  title?: string;
  jobTitle: string;
  company: string;
  email: string;
  website: string | null;
  phone: string | null;
  mobile: string | null;
  fax: string | null;
  street: string;
  zipLine: string;
  zip: string;
  city: string;
  /** Printed only on some cards. */
  country: string;
  countryCode: CountryCode;
  language: 'de' | 'en';
}

const PEOPLE_DE: Array<[string, string, string?]> = [
  ['Anna', 'Schmidt'],
  ['Jürgen', 'Müller'],
  ['Lena', 'Weißenfels'],
  ['Thomas', 'Becker', 'Dr.'],
  ['Sabine', 'Hoffmann'],
  ['Karl-Heinz', 'Wagner'],
  ['Anna-Lena', 'von der Heide'],
  ['Felix', 'Schröder'],
  ['Katharina', 'Neumann', 'Dr.'],
  ['Mehmet', 'Yılmaz'],
  ['Sophie', 'Krüger'],
  ['Maximilian', 'Graf'],
  ['Claudia', 'Zimmermann'],
  ['Stefan', 'Hartmann', 'Prof. Dr.'],
  ['Julia', 'Lehmann'],
  ['Lukas', 'Schäfer'],
  ['Miriam', 'Özdemir'],
  ['Tobias', 'Fuchs'],
  ['Hannah', 'Vogel'],
  ['Moritz', 'Brandt'],
  ['Elif', 'Kaya'],
  ['Andreas', 'Keller'],
  ['Franziska', 'Roth'],
  ['Niklas', 'Bauer'],
  ['Ursula', 'Lorenz'],
  ['Jan', 'de Vries'],
  ['Petra', 'Schulze-Wendt'],
  ['Markus', 'Huber'],
  ['Ines', 'Gruber'],
  ['Florian', 'Steiner'],
];
const PEOPLE_EN: Array<[string, string, string?]> = [
  ['James', 'Whitfield'],
  ['Emily', 'Carter'],
  ['Oliver', 'Bennett'],
  ['Charlotte', 'Hughes'],
  ['Daniel', "O'Connor"],
  ['Grace', 'Thompson', 'Dr.'],
  ['Samuel', 'Price'],
  ['Olivia', 'Morgan'],
  ['Michael', 'Reyes'],
  ['Sarah', 'Mitchell'],
  ['Henry', 'Lawson'],
  ['Priya', 'Sharma'],
  ['Lucas', 'van Dijk'],
  ['Chloe', 'Fraser'],
  ['Ethan', 'Brooks'],
  ['Amelia', 'Turner'],
  ['Noah', 'Sullivan'],
  ['Isabel', 'Romero'],
];

/** Companies: [name as printed, domain]. Some with a legal form, some without (the domain then tells the company). */
const COMPANIES_DE: Array<[string, string]> = [
  ['Nordlicht Design GmbH', 'nordlicht-design.de'],
  ['Berger & Söhne KG', 'berger-soehne.de'],
  ['Elbwerk Maschinenbau AG', 'elbwerk.de'],
  ['Kanzlei Hartmann & Partner', 'kanzlei-hartmann.de'],
  ['Sonnenfeld Energie GmbH', 'sonnenfeld-energie.de'],
  ['Brückner Logistik', 'brueckner-logistik.de'],
  ['Alpenblick Software GmbH', 'alpenblick.at'],
  ['Weber Elektrotechnik e.K.', 'weber-elektro.de'],
  ['Rheintal Consulting', 'rheintal-consulting.de'],
  ['Lindenhof Immobilien GmbH & Co. KG', 'lindenhof-immobilien.de'],
  ['Meridian Medizintechnik AG', 'meridian-med.de'],
  ['Stadtwerke Mühlheim', 'stadtwerke-muehlheim.de'],
  ['Kornblume Bäckerei', 'kornblume.de'],
  ['Helix Biotech SE', 'helix-biotech.de'],
  ['Falkenstein Architekten', 'falkenstein-architekten.de'],
  ['Grünwerk Gartenbau GmbH', 'gruenwerk.de'],
  ['Zeitgeist Medien UG', 'zeitgeist-medien.de'],
  ['Schwarzwald Präzision GmbH', 'sw-praezision.de'],
];
const COMPANIES_EN: Array<[string, string]> = [
  ['Brightwater Analytics Ltd', 'brightwater.co.uk'],
  ['Harbour & Finch', 'harbourfinch.com'],
  ['Northwind Robotics Inc.', 'northwindrobotics.com'],
  ['Cobalt Ridge Partners LLP', 'cobaltridge.co.uk'],
  ['Silverline Software', 'silverline.io'],
  ['Oakmont Capital LLC', 'oakmontcapital.com'],
  ['Bluebell Events Ltd.', 'bluebell-events.co.uk'],
  ['Greenfield Labs', 'greenfieldlabs.com'],
  ['Summit Health Group', 'summithealth.com'],
  ['Atlas Freight Corp.', 'atlasfreight.com'],
];

const JOBS_DE = [
  'Geschäftsführerin',
  'Geschäftsführer',
  'Leiterin Vertrieb',
  'Projektleiter',
  'Senior Software Engineer',
  'Art Director',
  'Rechtsanwalt',
  'Key Account Managerin',
  'Vertriebsingenieur',
  'Einkaufsleiterin',
  'Marketing Manager',
  'Inhaber',
  'Teamleiterin Personal',
  'Architektin',
  'Bäckermeister',
  'Head of Product',
];
const JOBS_EN = [
  'Chief Executive Officer',
  'Head of Sales',
  'Senior Data Scientist',
  'Marketing Director',
  'Account Executive',
  'Founder & CEO',
  'Lead UX Designer',
  'Operations Manager',
  'Partner',
  'Software Engineer',
  'Business Development Manager',
];

interface Place {
  street: string;
  /** The line with zip and city as that country prints it. */
  zipLine: string;
  zip: string;
  city: string;
  country: string;
  code: CountryCode;
}
const PLACES_DE: Place[] = [
  { street: 'Friedrichstraße 123', zipLine: '10117 Berlin', zip: '10117', city: 'Berlin', country: 'Deutschland', code: 'DE' },
  { street: 'Am Sandtorkai 5', zipLine: '20457 Hamburg', zip: '20457', city: 'Hamburg', country: 'Deutschland', code: 'DE' },
  { street: 'Leopoldstraße 28a', zipLine: '80802 München', zip: '80802', city: 'München', country: 'Deutschland', code: 'DE' },
  { street: 'Hohe Straße 14', zipLine: '50667 Köln', zip: '50667', city: 'Köln', country: 'Deutschland', code: 'DE' },
  { street: 'Königsallee 60', zipLine: '40212 Düsseldorf', zip: '40212', city: 'Düsseldorf', country: 'Deutschland', code: 'DE' },
  { street: 'Zeil 106', zipLine: '60313 Frankfurt am Main', zip: '60313', city: 'Frankfurt am Main', country: 'Deutschland', code: 'DE' },
  { street: 'Schillerplatz 4', zipLine: '70173 Stuttgart', zip: '70173', city: 'Stuttgart', country: 'Deutschland', code: 'DE' },
  { street: 'Augustusweg 19', zipLine: '01445 Radebeul', zip: '01445', city: 'Radebeul', country: 'Deutschland', code: 'DE' },
  { street: 'Hauptstraße 7', zipLine: '79098 Freiburg', zip: '79098', city: 'Freiburg', country: 'Deutschland', code: 'DE' },
  { street: 'Mariahilfer Straße 88', zipLine: 'A-1070 Wien', zip: '1070', city: 'Wien', country: 'Österreich', code: 'AT' },
  { street: 'Bahnhofstrasse 21', zipLine: 'CH-8001 Zürich', zip: '8001', city: 'Zürich', country: 'Schweiz', code: 'CH' },
];
const PLACES_EN: Place[] = [
  { street: '221 Baker Street', zipLine: 'London NW1 6XE', zip: 'NW1 6XE', city: 'London', country: 'United Kingdom', code: 'GB' },
  { street: '14 Deansgate', zipLine: 'Manchester M3 2BW', zip: 'M3 2BW', city: 'Manchester', country: 'United Kingdom', code: 'GB' },
  { street: '350 Fifth Avenue', zipLine: 'New York, NY 10118', zip: '10118', city: 'New York', country: 'USA', code: 'US' },
  { street: '500 Howard Street', zipLine: 'San Francisco, CA 94105', zip: '94105', city: 'San Francisco', country: 'USA', code: 'US' },
  { street: 'Keizersgracht 62', zipLine: '1015 CS Amsterdam', zip: '1015 CS', city: 'Amsterdam', country: 'Netherlands', code: 'NL' },
];

/** A number that libphonenumber-js takes as valid and of the wanted type, from a national prefix plus random digits. */
function number(r: Random, code: CountryCode, mobile: boolean): string {
  const patterns: Record<string, { fixed: string[]; mobile: string[] }> = {
    DE: {
      fixed: ['30#######', '40#######', '89#######', '221######', '211######', '69########', '711#######'],
      mobile: ['151########', '171#######', '160#######', '176########'],
    },
    AT: { fixed: ['1#######'], mobile: ['664#######'] },
    CH: { fixed: ['44#######'], mobile: ['79#######'] },
    GB: { fixed: ['2079460###', '1614960###'], mobile: ['7911######', '7400######'] },
    US: { fixed: ['2125550###', '4155550###'], mobile: ['2125550###'] },
    NL: { fixed: ['20#######'], mobile: ['6########'] },
  };
  for (let attempt = 0; attempt < 500; attempt++) {
    const pattern = r.pick(mobile ? patterns[code]!.mobile : patterns[code]!.fixed);
    const national = pattern.replace(/#/g, () => String(r.int(0, 9)));
    const parsed = parsePhoneNumberFromString(national, code);
    const type = parsed?.getType();
    if (parsed?.isValid() && (mobile ? type === 'MOBILE' || code === 'US' : type !== 'MOBILE')) return parsed.number;
  }
  throw new Error(`no valid ${mobile ? 'mobile' : 'fixed'} number for ${code}`);
}

const ascii = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[^a-z-]/g, '');

/** The people of the corpus: `count` cards, German and English in turn. */
export function corpusPeople(r: Random, count: number): CardPerson[] {
  const people: CardPerson[] = [];
  for (let i = 0; i < count; i++) {
    const german = i % 3 !== 2;
    const [firstName, lastName, title] = german ? PEOPLE_DE[i % PEOPLE_DE.length]! : PEOPLE_EN[i % PEOPLE_EN.length]!;
    const [company, domain] = german ? COMPANIES_DE[i % COMPANIES_DE.length]! : COMPANIES_EN[i % COMPANIES_EN.length]!;
    const place = r.pick(german ? PLACES_DE : PLACES_EN);
    const first = ascii(firstName);
    const last = ascii(lastName.replace(/ /g, ''));
    const local = r.pick([`${first}.${last}`, `${first[0]}.${last}`, first, `${first}${last}`, `${last}`]);
    // A US mobile number looks like any other there: only a label could tell, so US cards carry none.
    const hasMobile = place.code !== 'US' && r.chance(0.75);
    people.push({
      firstName,
      lastName,
      title,
      jobTitle: r.pick(german ? JOBS_DE : JOBS_EN),
      company,
      email: `${local}@${domain}`,
      website: r.chance(0.8) ? `www.${domain}` : null,
      phone: !hasMobile || r.chance(0.7) ? number(r, place.code, false) : null,
      mobile: hasMobile ? number(r, place.code, true) : null,
      fax: r.chance(0.3) ? number(r, place.code, false) : null,
      street: place.street,
      zipLine: place.zipLine,
      zip: place.zip,
      city: place.city,
      country: place.country,
      countryCode: place.code,
      language: german ? 'de' : 'en',
    });
  }
  return people;
}
