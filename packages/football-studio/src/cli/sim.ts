#!/usr/bin/env node
/* Football Studio rounds through real shoes: `npm run sim -- football-studio [--rounds N] [--seed S] [--json]`. */
import { runDuelSim } from '@casino/card-duel';
import { FOOTBALL_STUDIO } from '../rules';

runDuelSim(FOOTBALL_STUDIO, process.argv.slice(2));
