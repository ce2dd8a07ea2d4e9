import { combineStatements } from './write.batch';

describe('combineStatements', () => {
  it('renumbers each statement’s parameters after the ones before it', () => {
    const combined = combineStatements([
      { text: 'INSERT INTO a SELECT * FROM unnest($1::text[], $2::int[])', params: [['x'], [1]] },
      { text: 'UPDATE b SET n = $1 WHERE id = $2 OR id = $1', params: [5, 6] },
    ]);
    expect(combined.text).toBe(
      'WITH w0 AS (INSERT INTO a SELECT * FROM unnest($1::text[], $2::int[])),\n' +
        'w1 AS (UPDATE b SET n = $3 WHERE id = $4 OR id = $3)\nSELECT 1',
    );
    expect(combined.params).toEqual([['x'], [1], 5, 6]);
  });

  it('sends a single statement as it is', () => {
    const only = { text: 'DELETE FROM a WHERE id = $1', params: [1] };
    expect(combineStatements([only])).toBe(only);
  });
});
