import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendDownload } from './send-download.ts';

describe('sendDownload (every file download of the server)', () => {
  const app = Fastify();
  app.get('/vcard', (_req, reply) =>
    sendDownload(reply, { type: 'text/vcard; charset=utf-8', fileName: 'Jürgen Größe.vcf', asciiFileName: 'Juergen Groesse.vcf', body: 'BEGIN:VCARD' }),
  );
  app.get('/pass', (_req, reply) =>
    sendDownload(reply, { type: 'application/vnd.apple.pkpass', fileName: 'WalletCard-Ab3.pkpass', body: Buffer.from([1, 2, 3]) }),
  );
  app.get('/qr', (_req, reply) =>
    sendDownload(reply, { type: 'image/png', fileName: 'card-Ab3.png', cacheControl: 'public, max-age=86400', body: Buffer.from([4]) }),
  );
  app.get('/hostile', (_req, reply) => sendDownload(reply, { type: 'text/csv', fileName: '../"a"\r\nSet-Cookie: x=1.csv', body: 'a' }));
  afterAll(() => app.close());

  it('offers the file as an attachment named through contentDisposition(), not cached, never sniffed', async () => {
    const res = await app.inject('/vcard');
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Juergen Groesse.vcf"; filename*=UTF-8''J%C3%BCrgen%20Gr%C3%B6%C3%9Fe.vcf`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('BEGIN:VCARD');
  });

  it('sends binary bodies as they are, with a plain name as the plain filename alone', async () => {
    const res = await app.inject('/pass');
    expect(res.headers['content-disposition']).toBe('attachment; filename="WalletCard-Ab3.pkpass"');
    expect([...res.rawPayload]).toEqual([1, 2, 3]);
  });

  it('keeps the cache rule a file that never changes asks for', async () => {
    expect((await app.inject('/qr')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('cannot be led to write a header of its own or a path', async () => {
    const disposition = String((await app.inject('/hostile')).headers['content-disposition']);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]*"; filename\*=UTF-8''[^"\s]*$/);
  });
});
