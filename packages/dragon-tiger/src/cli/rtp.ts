#!/usr/bin/env node
/* Exact return of every Dragon Tiger bet: `npm run rtp -- dragon-tiger [--json]`. */
import { runDuelRtp } from '@casino/card-duel';
import { DRAGON_TIGER } from '../rules';

runDuelRtp(DRAGON_TIGER, process.argv.slice(2));
