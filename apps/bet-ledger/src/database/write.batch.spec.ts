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

  it('selects the rows of the statement that returns them', () => {
    const combined = combineStatements([
      { text: 'UPDATE b SET n = 1', params: [] },
      { text: 'INSERT INTO a SELECT $1 RETURNING id', params: [7], returnsRows: true },
    ]);
    expect(combined.text).toBe(
      'WITH w0 AS (UPDATE b SET n = 1),\nw1 AS (INSERT INTO a SELECT $1 RETURNING id)\nSELECT * FROM w1',
    );
  });

  it('splices a list of named CTEs in as it is, renumbered', () => {
    const combined = combineStatements([
      { text: 'INSERT INTO a SELECT $1', params: [1] },
      {
        text: 'x AS (INSERT INTO b SELECT $1 RETURNING id), y AS (UPDATE c SET n = $2 FROM x)',
        params: [2, 3],
        cteList: true,
      },
    ]);
    expect(combined.text).toBe(
      'WITH w0 AS (INSERT INTO a SELECT $1),\nx AS (INSERT INTO b SELECT $2 RETURNING id), y AS (UPDATE c SET n = $3 FROM x)\nSELECT 1',
    );
    expect(combined.params).toEqual([1, 2, 3]);
  });

  it('sends a single statement as it is', () => {
    const only = { text: 'DELETE FROM a WHERE id = $1', params: [1] };
    expect(combineStatements([only])).toBe(only);
  });
});
