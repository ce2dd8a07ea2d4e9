import { topSelfTime } from './cpu-profile-top';

describe('topSelfTime', () => {
  it('adds each sample interval to its function, largest first', () => {
    const frame = (functionName: string, line: number) => ({
      functionName,
      url: 'file:///r/a.js',
      lineNumber: line,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', 0) },
        { id: 2, callFrame: frame('save', 9) },
        { id: 3, callFrame: frame('', 19) },
      ],
      samples: [2, 2, 3, 2],
      timeDeltas: [1_000, 2_000, 1_000, 4_000],
    };
    expect(topSelfTime(profile, 2, '/r')).toEqual([
      { name: 'save a.js:10', ms: 7, share: 0.875 },
      { name: '(anonymous) a.js:20', ms: 1, share: 0.125 },
    ]);
  });
});
