import { parseCard, parseCards } from '@casino/cards';
import { BlackjackRules } from '../core/rules';
import { bet, play, rulesWith } from '../round/test-kit';
import { PlayerAction } from '../core/types';
import { basicStrategy, basicStrategyDecider } from './basic-strategy';

const ALL: PlayerAction[] = ['hit', 'stand', 'double', 'split'];
const NO_SPLIT: PlayerAction[] = ['hit', 'stand', 'double'];

function advise(
  rules: BlackjackRules,
  hand: string,
  up: string,
  options: PlayerAction[] = ALL,
): PlayerAction {
  return basicStrategy(rules, parseCards(hand.split(' ')), parseCard(up), options);
}

describe('basic strategy', () => {
  const peekAll = rulesWith({ peek: 'ace-and-ten', doubleAfterSplit: true });

  it.each([
    ['TS 6D', 'TC', 'hit', '16 v 10'],
    ['9S 7D', '6C', 'stand', '16 v 6'],
    ['5S 6D', '6C', 'double', '11 v 6'],
    ['5S 6D', 'AC', 'hit', '11 v A (S17)'],
    ['AS 7D', '9C', 'hit', 'A,7 v 9'],
    ['AS 7D', '8C', 'stand', 'A,7 v 8'],
    ['AS 7D', '4C', 'double', 'A,7 v 4'],
    ['8S 8D', 'TC', 'split', '8,8 v 10 (peeked)'],
    ['8S 8D', '6C', 'split', '8,8 v 6'],
    ['TS KD', '6C', 'stand', '10,10 v 6'],
    ['AS AD', 'AC', 'split', 'A,A v A (peeked)'],
    ['9S 9D', '7C', 'stand', '9,9 v 7'],
    ['9S 9D', '8C', 'split', '9,9 v 8'],
    ['2S 2D', '2C', 'split', '2,2 v 2 with DAS'],
    ['4S 4D', '5C', 'split', '4,4 v 5 with DAS'],
    ['5S 5D', '9C', 'double', '5,5 v 9 as 10'],
    ['4S 8D', '3C', 'hit', '12 v 3'],
    ['4S 8D', '4C', 'stand', '12 v 4'],
  ])('%s against %s: %s (%s)', (hand, up, action) => {
    expect(advise(peekAll, hand, up)).toBe(action);
  });

  it('without double after split, plays small pairs as totals', () => {
    const noDas = rulesWith({ peek: 'ace-and-ten', doubleAfterSplit: false });
    expect(advise(noDas, '2S 2D', '2C')).toBe('hit');
    expect(advise(noDas, '4S 4D', '5C')).toBe('hit');
    expect(advise(noDas, '6S 6D', '2C')).toBe('hit');
    expect(advise(noDas, '6S 6D', '3C')).toBe('split');
  });

  it('H17 doubles 11 v A, soft 18 v 2 and soft 19 v 6', () => {
    const h17 = rulesWith({ peek: 'ace-and-ten', dealerHitsSoft17: true });
    expect(advise(h17, '5S 6D', 'AC')).toBe('double');
    expect(advise(h17, 'AS 7D', '2C')).toBe('double');
    expect(advise(h17, 'AS 8D', '6C')).toBe('double');
    expect(advise(peekAll, 'AS 8D', '6C')).toBe('stand');
  });

  it('without a peek on the up card, stops doubling 11 and splitting 8s (and aces v A)', () => {
    const noPeek = rulesWith({ peek: 'none' });
    expect(advise(noPeek, '5S 6D', 'TC')).toBe('hit');
    expect(advise(noPeek, '8S 8D', 'TC')).toBe('hit');
    expect(advise(noPeek, '8S 8D', 'AC')).toBe('hit');
    expect(advise(noPeek, 'AS AD', 'AC')).toBe('hit');
    expect(advise(noPeek, 'AS AD', 'TC')).toBe('split');
    const aceOnly = rulesWith({ peek: 'ace' });
    expect(advise(aceOnly, '8S 8D', 'TC')).toBe('hit');
    expect(advise(aceOnly, '8S 8D', 'AC')).toBe('split');
  });

  it('falls back when doubling or splitting is not offered', () => {
    expect(advise(peekAll, 'AS 2D 4C', '4C', ['hit', 'stand'])).toBe('hit'); // soft 17 v 4, no double
    expect(advise(peekAll, 'AS 3D 4C', '4C', ['hit', 'stand'])).toBe('stand'); // soft 18 v 4: double else stand
    expect(advise(peekAll, '8S 8D', '6C', NO_SPLIT)).toBe('stand'); // hard 16 v 6
    expect(advise(peekAll, 'AS AD', '6C', NO_SPLIT)).toBe('hit'); // soft 12
    expect(advise(peekAll, 'AS AD', '6C', ['stand', 'split'])).toBe('split');
    expect(advise(peekAll, 'AS 5D', '6C', ['stand', 'split'])).toBe('stand');
  });

  it('the decider never takes insurance', () => {
    const { state } = play(rulesWith(), [bet(1)], ['TS', 'AD', '9S', '7H']);
    expect(basicStrategyDecider(state)).toEqual({ kind: 'insurance', seat: 1, take: false });
  });
});
