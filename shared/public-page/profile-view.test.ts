import { describe, expect, it } from 'vitest';
import { makeLink, makeProfile } from '../../server/documents/documents.test-support.ts';
import { LINK_IN_BIO_WEB_TYPES, WEB_LINK_TYPES } from '../schemas/link.schema.ts';
import { addressText, companyRows, fullName, initials, linkViews, mapsHref, privateRows, splitLinks, vcardHref } from './profile-view.ts';

describe('fullName (SPEC 2)', () => {
  it('joins title, first and last name', () => {
    expect(fullName({ personalTitle: 'Dr.', firstName: 'Jürgen', lastName: 'Größe' })).toBe('Dr. Jürgen Größe');
    expect(fullName({ personalTitle: '', firstName: '', lastName: 'Größe' })).toBe('Größe');
  });
  it('is empty when first and last name are empty, even with a title', () => {
    expect(fullName({ personalTitle: 'Prof.', firstName: ' ', lastName: '' })).toBe('');
  });
  it('gives initials for the avatar placeholder', () => {
    expect(initials({ firstName: 'jürgen', lastName: 'Übermühl' })).toBe('JÜ');
  });
});

describe('links', () => {
  const links = [
    makeLink({ type: 'github', name: '', link: 'https://github.com/x', sort: 3 }),
    makeLink({ type: 'website', name: 'Shop', link: 'shop.example.com', sort: 2 }),
    makeLink({ type: 'other', name: '', link: 'calendly.com/x', sort: 1 }),
    makeLink({ type: 'hardLink', name: 'Bad', link: 'javascript:alert(1)', sort: 4 }),
  ];
  it('sorts by sort and labels with the name, else the link', () => {
    expect(linkViews(links).map((l) => l.label)).toEqual(['calendly.com/x', 'Shop', 'https://github.com/x', 'Bad']);
  });
  it('prefixes https:// and refuses script links (D12)', () => {
    const views = linkViews(links);
    expect(views[0].href).toBe('https://calendly.com/x');
    expect(views[3].href).toBeNull();
  });
  it('splits web and social links alike on the profile and the link-in-bio page', () => {
    const profile = splitLinks(links, WEB_LINK_TYPES);
    expect(profile.web.map((l) => l.type)).toEqual(['other', 'website', 'hardLink']);
    expect(profile.social.map((l) => l.type)).toEqual(['github']);
    // Issue 23: `other` has no brand icon, so link-in-bio shows it as a labelled row too.
    const bio = splitLinks(links, LINK_IN_BIO_WEB_TYPES);
    expect(bio.web.map((l) => l.type)).toEqual(['other', 'website', 'hardLink']);
    expect(bio.social.map((l) => l.type)).toEqual(['github']);
  });
});

describe('company and private blocks (SPEC 2)', () => {
  it('lists the company rows in SPEC order, with the right kind of link each', () => {
    const rows = companyRows(makeProfile());
    expect(rows.map((r) => r.label)).toEqual([
      'company_name',
      'address',
      'business_unit',
      'company_website',
      'business_phone',
      'business_mobile',
      'business_fax',
      'business_email',
    ]);
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]));
    expect(byLabel.address.value).toBe('Königstraße 12a, 80331 München, Deutschland');
    expect(byLabel.address.href).toBe(mapsHref('Königstraße 12a, 80331 München, Deutschland'));
    expect(byLabel.business_phone.href).toBe('tel:+4989987650');
    expect(byLabel.business_fax.href).toBeNull();
    expect(byLabel.business_email.href).toBe('mailto:j.groesse@mueller-soehne.example.com');
    expect(byLabel.company_name.href).toBeNull();
  });
  it('drops blank rows and joins only the address parts that exist', () => {
    const p = makeProfile({ companyName: ' ', businessFax: '', streetAndNumber: '', zip: '', city: 'Berlin', country: '' });
    const labels = companyRows(p).map((r) => r.label);
    expect(labels).not.toContain('company_name');
    expect(labels).not.toContain('business_fax');
    expect(addressText(p)).toBe('Berlin');
    expect(addressText(makeProfile({ streetAndNumber: '', zip: '', city: '', country: '' }))).toBe('');
  });
  it('drops blank private entries', () => {
    expect(privateRows(makeProfile({ phoneNumber: '', mobileNumber: '  ' })).map((r) => r.label)).toEqual(['private_email']);
    expect(privateRows(makeProfile({ phoneNumber: '', mobileNumber: '', emailAddress: '' }))).toEqual([]);
  });
});

describe('vcardHref (SPEC 7)', () => {
  it('carries the URL-encoded business note as comment', () => {
    const href = vcardHref(makeProfile({ id: 'abc', businessNote: 'Größe & Co + 1' }))!;
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/download/generate-vcf-with-comment');
    expect(url.searchParams.get('profileId')).toBe('abc');
    expect(url.searchParams.get('comment')).toBe('Größe & Co + 1');
  });
  it('is null for a profile that is not saved yet', () => expect(vcardHref(makeProfile({ id: '' }))).toBeNull());
});
