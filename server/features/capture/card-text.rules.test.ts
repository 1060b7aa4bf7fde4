import { describe, expect, it } from 'vitest';
import { readCardFields, type OcrLine } from './card-text.rules.ts';

/** Lines as the OCR hands them over: text, top and letter height; the first is the tallest unless said otherwise. */
function lines(...rows: Array<string | [string, number]>): OcrLine[] {
  return rows.map((row, index) => {
    const [text, height] = typeof row === 'string' ? [row, 30] : row;
    return { text, top: 60 + index * 60, height };
  });
}

describe('readCardFields: numbers', () => {
  it('tells mobile from landline by label, and never puts a fax in phone', () => {
    const fields = readCardFields(lines(['Anna Schmidt', 60], 'Fax 030 12345679', 'Tel. 030 1234567', 'Mobil 0171 2345678'));
    expect(fields).toMatchObject({ phone: '+49 30 1234567', mobile: '+49 171 2345678' });
  });

  it('reads several numbers of one line by the label before each', () => {
    const fields = readCardFields(lines(['Anna Schmidt', 60], 'T: +49 (0)40 1234567 · F: +49 (0)40 1234568 · M: +49 151 23456789'));
    expect(fields).toMatchObject({ phone: '+49 40 1234567', mobile: '+49 1512 3456789' });
  });

  it('tells a mobile by its number where it has no label, and reads national numbers in the country of the address', () => {
    const fields = readCardFields(lines(['Markus Huber', 60], '01 5123456', '0664 1234567', 'Mariahilfer Straße 88', 'A-1070 Wien'));
    expect(fields).toMatchObject({ phone: '+43 1 5123456', mobile: '+43 664 1234567', zip: '1070', city: 'Wien' });
  });

  it('reads a number in the country it is valid in when the domain names another ("030" on a card of a .at company)', () => {
    expect(readCardFields(lines(['Ursula Lorenz', 60], 'Telefon 030 7828264', 'lorenz@alpenblick.at', 'Friedrichstraße 123', '10117 Berlin')).phone).toBe(
      '+49 30 7828264',
    );
  });

  it('takes no house number and zip for a phone number where OCR read the "·" between them as "-"', () => {
    expect(readCardFields(lines(['Jan de Vries', 60], 'Schillerplatz 4 - 70173 Stuttgart', 'T. 0211-661341'))).toMatchObject({
      phone: '+49 211 661341',
      street: 'Schillerplatz 4',
      zip: '70173',
      city: 'Stuttgart',
    });
  });

  it('takes a "Cell" label for a US number, whose type cannot tell', () => {
    const fields = readCardFields(lines(['Emily Carter', 60], 'Phone (415) 555-0142', 'Cell (415) 555-0199', 'emily@harbourfinch.com'));
    expect(fields).toMatchObject({ phone: '+1 415 555 0142', mobile: '+1 415 555 0199' });
  });
});

describe('readCardFields: addresses', () => {
  it('reads e-mail and web addresses, undoing the gaps and the "©" OCR puts into them', () => {
    const fields = readCardFields(lines(['Anna Schmidt', 60], 'E-Mail: anna.schmidt © nordlicht-design . de', 'www.nordlicht-design.de'));
    expect(fields).toMatchObject({ email: 'anna.schmidt@nordlicht-design.de', website: 'www.nordlicht-design.de' });
  });

  it('reads "|" at the start of an e-mail address as the "l" it is', () => {
    expect(readCardFields(lines('Lukas Schäfer', '|.schaefer@gruenwerk.de')).email).toBe('l.schaefer@gruenwerk.de');
  });

  it('does not take the domain of the e-mail address for the website', () => {
    expect(readCardFields(lines('Anna Schmidt', 'anna@nordlicht.de')).website).toBeNull();
  });

  it('reads a German postal address with its country', () => {
    expect(readCardFields(lines(['Anna Schmidt', 60], 'Friedrichstraße 123', '10117 Berlin', 'Deutschland'))).toMatchObject({
      street: 'Friedrichstraße 123',
      zip: '10117',
      city: 'Berlin',
      country: 'Deutschland',
    });
  });

  it('reads street and city printed on one line between separators', () => {
    expect(readCardFields(lines(['Anna Schmidt', 60], 'Am Sandtorkai 5 · 20457 Hamburg'))).toMatchObject({
      street: 'Am Sandtorkai 5',
      zip: '20457',
      city: 'Hamburg',
    });
  });

  it('reads British, American, Swiss and Dutch addresses', () => {
    expect(readCardFields(lines('221 Baker Street', 'London NW1 6XE', 'United Kingdom'))).toMatchObject({
      street: '221 Baker Street',
      zip: 'NW1 6XE',
      city: 'London',
      country: 'United Kingdom',
    });
    expect(readCardFields(lines('500 Howard Street', 'San Francisco, CA 94105'))).toMatchObject({
      street: '500 Howard Street',
      zip: '94105',
      city: 'San Francisco',
    });
    expect(readCardFields(lines('Bahnhofstrasse 21', 'CH-8001 Zürich'))).toMatchObject({ street: 'Bahnhofstrasse 21', zip: '8001', city: 'Zürich' });
    expect(readCardFields(lines('Keizersgracht 62', '1015 CS Amsterdam'))).toMatchObject({ street: 'Keizersgracht 62', zip: '1015 CS', city: 'Amsterdam' });
  });
});

describe('readCardFields: name, job title and company', () => {
  it('finds the company by its legal form and the job by its words, whatever their order', () => {
    const fields = readCardFields(lines(['Elbwerk Maschinenbau AG', 40], ['Jürgen Müller', 56], 'Geschäftsführer', 'juergen.mueller@elbwerk.de'));
    expect(fields).toMatchObject({ firstName: 'Jürgen', lastName: 'Müller', jobTitle: 'Geschäftsführer', company: 'Elbwerk Maschinenbau AG' });
  });

  it('takes a legal form over a job title that has a company word ("Group")', () => {
    expect(readCardFields(lines(['Emily Carter', 56], 'Group Leader Sales', 'Summit Health Group Ltd', 'emily@summithealth.com'))).toMatchObject({
      jobTitle: 'Group Leader Sales',
      company: 'Summit Health Group Ltd',
    });
  });

  it('keeps a company with digits in its name', () => {
    expect(readCardFields(lines(['Studio 2000 GmbH', 40], ['Anna Schmidt', 56], 'anna@studio2000.de')).company).toBe('Studio 2000 GmbH');
  });

  it('finds a company without a legal form by the domain of the e-mail address', () => {
    const fields = readCardFields(lines(['Harbour & Finch', 44], ['Emily Carter', 50], 'Head of Sales', 'emily.carter@harbourfinch.com'));
    expect(fields).toMatchObject({ firstName: 'Emily', lastName: 'Carter', company: 'Harbour & Finch', jobTitle: 'Head of Sales' });
  });

  it('prefers the line that matches the e-mail address as the name over a larger logo line', () => {
    const fields = readCardFields(lines(['Rheintal Consulting', 64], ['Tobias Fuchs', 40], 'Partner', 't.fuchs@rheintal-consulting.de'));
    expect(fields).toMatchObject({ firstName: 'Tobias', lastName: 'Fuchs', company: 'Rheintal Consulting' });
  });

  it('takes the line under the name as the job title when it has no job word', () => {
    const fields = readCardFields(lines(['Lena Weißenfels', 56], ['Bäckermeisterin', 28], ['Kornblume Bäckerei', 36], 'lena@kornblume.de'));
    expect(fields).toMatchObject({ firstName: 'Lena', lastName: 'Weißenfels', jobTitle: 'Bäckermeisterin', company: 'Kornblume Bäckerei' });
  });

  it('drops titles and reads family names with particles; capitals become a name', () => {
    expect(readCardFields(lines(['Dr. Anna-Lena von der Heide', 56], 'Rechtsanwältin'))).toMatchObject({
      firstName: 'Anna-Lena',
      lastName: 'von der Heide',
      jobTitle: 'Rechtsanwältin',
    });
    expect(readCardFields(lines(['DANIEL O’CONNOR', 56], 'Account Executive'))).toMatchObject({ firstName: 'Daniel', lastName: 'O’Connor' });
  });

  it('leaves fields empty where the card has nothing for them', () => {
    expect(readCardFields([])).toEqual({
      firstName: null,
      lastName: null,
      jobTitle: null,
      company: null,
      email: null,
      phone: null,
      mobile: null,
      website: null,
      street: null,
      zip: null,
      city: null,
      country: null,
    });
  });
});
