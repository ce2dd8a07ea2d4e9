#!/usr/bin/env node
/* Dragon Tiger rounds through real shoes: `npm run sim -- dragon-tiger [--rounds N] [--seed S] [--json]`. */
import { runDuelSim } from '@casino/card-duel';
import { DRAGON_TIGER } from '../rules';

runDuelSim(DRAGON_TIGER, process.argv.slice(2));
