import { describe, expect, it } from 'vitest';
import { createViewCounter, type CountBatch } from './view-counter.ts';
import { addCount, mergeCounts, visitKey, visitRows } from './visit-counts.ts';

describe('the visit count merge', () => {
  it('turns events into one key per (hour, profile, card, source, metric, link) and back into rows', () => {
    const counts = new Map<string, number>();
    addCount(counts, visitKey('2026-11-25T08', { profileId: 'p1', metric: 'view', source: 'nfc', cardId: 'c1' }));
    addCount(counts, visitKey('2026-11-25T08', { profileId: 'p1', metric: 'view', source: 'nfc', cardId: 'c1' }));
    addCount(counts, visitKey('2026-11-25T08', { profileId: 'p1', metric: 'click', source: 'link', linkId: 'l1' }), 5);
    expect(visitRows(counts)).toEqual([
      { profileId: 'p1', hour: '2026-11-25T08', cardId: 'c1', source: 'nfc', metric: 'view', linkId: '', count: 2 },
      { profileId: 'p1', hour: '2026-11-25T08', cardId: '', source: 'link', metric: 'click', linkId: 'l1', count: 5 },
    ]);
  });

  it('adds a batch into another key by key', () => {
    const into = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    mergeCounts(
      into,
      new Map([
        ['b', 3],
        ['c', 4],
      ]),
    );
    expect([...into]).toEqual([
      ['a', 1],
      ['b', 5],
      ['c', 4],
    ]);
  });
});

describe('the view counter', () => {
  it('starts the write of a due batch from the count itself, not only from a timer a busy event loop delays (issue 20)', async () => {
    const written: CountBatch[] = [];
    const counter = createViewCounter({ flushMs: 50, write: async (batch) => void written.push(batch), onError: () => {} });
    counter.countProfile('p1');
    expect(written).toHaveLength(0);
    // The event loop is busy past the interval: no timer can run.
    const busyUntil = Date.now() + 60;
    while (Date.now() < busyUntil) {
      /* busy */
    }
    counter.countProfile('p1');
    // Taken at once: both views are in the batch being written.
    expect(written).toHaveLength(1);
    expect([...written[0].profiles]).toEqual([['p1', 2]]);
    counter.countProfile('p1');
    await counter.close();
    expect(written.map((b) => b.profiles.get('p1'))).toEqual([2, 1]);
  });

  const day = Date.parse('2026-11-25T08:00:00Z');

  it('still counts a batch as pending while its write has not committed, and not after', async () => {
    let commit!: () => void;
    let hold = true;
    const counter = createViewCounter({
      flushMs: 60_000,
      write: () => (hold ? new Promise<void>((resolve) => (commit = resolve)) : Promise.resolve()),
      onError: () => {},
    });
    counter.countCard('c1');
    counter.countProfile('p1');
    const flushing = counter.flush();
    counter.countCard('c1');
    // One scan is in the write under way, one is new: a read now must see both.
    expect(counter.pendingCard('c1')).toBe(2);
    expect(counter.pendingProfile('p1')).toBe(1);
    commit();
    await flushing;
    expect(counter.pendingCard('c1')).toBe(1);
    expect(counter.pendingProfile('p1')).toBe(0);
    hold = false;
    await counter.close();
  });

  it('reads stored counts only when no batch is being written, so stored plus pending is exact during a flush', async () => {
    let stored = 0;
    let commit!: () => void;
    const counter = createViewCounter({
      flushMs: 60_000,
      write: (batch) =>
        new Promise<void>((resolve) => {
          commit = () => {
            stored += batch.cards.get('c1') ?? 0;
            resolve();
          };
        }),
      onError: () => {},
    });
    counter.countCard('c1');
    const flushing = counter.flush();
    counter.countCard('c1');
    // The read waits for the write under way; then the stored count has the first scan, pending the second.
    const read = counter.settledRead(async () => stored).then((count) => count + counter.pendingCard('c1'));
    commit();
    await flushing;
    expect(await read).toBe(2);
    // A batch taken while a read runs makes it read again, after that write.
    let reads = 0;
    const again = counter.settledRead(async () => {
      reads += 1;
      if (reads === 1) {
        void counter.flush();
        commit();
      }
      return stored;
    });
    expect(await again).toBe(2);
    expect(reads).toBe(2);
    expect(counter.pendingCard('c1')).toBe(0);
    await counter.close();
  });

  it('writes every counted event once, and puts a failed batch back for the next flush', async () => {
    const written: CountBatch[] = [];
    let fail = true;
    const counter = createViewCounter({
      flushMs: 60_000,
      now: () => day,
      write: async (batch) => {
        if (fail) throw new Error('database away');
        written.push(batch);
      },
      onError: () => {},
    });
    for (let i = 0; i < 50; i++) counter.countVisit({ profileId: 'p1', metric: 'click', source: 'qr', linkId: 'l1' });
    counter.countProfile('p1');
    await counter.flush();
    expect(written).toHaveLength(0);
    // Counted while the failed write was out: merged with what comes back.
    counter.countVisit({ profileId: 'p1', metric: 'click', source: 'qr', linkId: 'l1' });
    fail = false;
    await counter.close();
    expect(written).toHaveLength(1);
    expect(visitRows(written[0]!.visits)).toEqual([
      { profileId: 'p1', hour: '2026-11-25T08', cardId: '', source: 'qr', metric: 'click', linkId: 'l1', count: 51 },
    ]);
    expect(written[0]!.profiles.get('p1')).toBe(1);
  });

  it('counts concurrent events exactly while a flush is in flight', async () => {
    const total = new Map<string, number>();
    const counter = createViewCounter({
      flushMs: 60_000,
      now: () => day,
      write: async (batch) => {
        await new Promise((r) => setTimeout(r, 5));
        mergeCounts(total, batch.visits);
      },
      onError: () => {},
    });
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      counter.countVisit({ profileId: 'p1', metric: 'view', source: 'link' });
      if (i % 20 === 0) flushes.push(counter.flush());
    }
    await Promise.all(flushes);
    await counter.close();
    expect([...total.values()]).toEqual([200]);
  });
});
