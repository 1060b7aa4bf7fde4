import { describe, expect, it } from 'vitest';
import { fileNameOf, vcardDownloadPath } from './vcard-download.ts';

describe('vcardDownloadPath', () => {
  it('names the profile, and the comment when there is one, with spaces as %20', () => {
    expect(vcardDownloadPath('Ab3xY9kQ')).toBe('/download/generate-vcf-with-comment?profileId=Ab3xY9kQ');
    expect(vcardDownloadPath('Ab3xY9kQ', 'Grüße & mehr')).toBe('/download/generate-vcf-with-comment?profileId=Ab3xY9kQ&comment=Gr%C3%BC%C3%9Fe%20%26%20mehr');
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, falls back to the plain one, and answers null without a header', () => {
    expect(fileNameOf(`attachment; filename="Juergen Groesse.vcf"; filename*=UTF-8''J%C3%BCrgen%20Gr%C3%B6%C3%9Fe.vcf`)).toBe('Jürgen Größe.vcf');
    expect(fileNameOf('attachment; filename="Contact.vcf"')).toBe('Contact.vcf');
    expect(fileNameOf('attachment; filename=plain.vcf')).toBe('plain.vcf');
    expect(fileNameOf(null)).toBeNull();
  });
});
