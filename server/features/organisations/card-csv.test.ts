import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { assignCsv, type CsvContext } from './card-csv.ts';

const context: CsvContext = {
  cards: new Map([
    ['card1', { blocked: null }],
    ['card2', { blocked: null }],
    ['card3', { blocked: 1 }],
    ['card4', { blocked: null }],
  ]),
  members: [
    { userId: 'u1', email: 'mia@acme.example' },
    { userId: 'u2', email: 'ben@acme.example' },
  ],
  companyProfileOf: (userId) => (userId === 'u1' ? 'p1' : undefined),
};

describe('assignCsv', () => {
  it('reads a header, quotes, semicolons and upper-case addresses into assignments', () => {
    const plan = assignCsv('cardId,email\r\n"card1";MIA@acme.example\n\ncard2,mia@acme.example\n', context);
    expect(plan.ok).toBe(true);
    expect(plan.assignments).toEqual([
      { cardId: 'card1', userId: 'u1', email: 'mia@acme.example', profileId: 'p1' },
      { cardId: 'card2', userId: 'u1', email: 'mia@acme.example', profileId: 'p1' },
    ]);
    expect(plan.lines.map((l) => l.line)).toEqual([2, 4]);
  });

  it('reports every refused line with its reason, and is not ok then', () => {
    const plan = assignCsv(
      [
        'card1,mia@acme.example',
        'card1,mia@acme.example',
        'nope,mia@acme.example',
        'card3,mia@acme.example',
        'card2,ben@acme.example',
        'card4,x@y.example',
        'card2',
        'c d,a@b.c',
      ].join('\n'),
      context,
    );
    expect(plan.ok).toBe(false);
    expect(plan.lines.map((l) => l.error ?? 'ok')).toEqual([
      'ok',
      'duplicate-card',
      'card-not-found',
      'card-blocked',
      'no-company-profile',
      'member-not-found',
      'format',
      'format',
    ]);
  });

  it('refuses a CSV without lines as a 400 naming csv', () => {
    const refused = (() => {
      try {
        assignCsv('cardId,email\n\n', context);
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(refused).toMatchObject({ status: 400, field: 'csv' });
  });
});
