#!/usr/bin/env node
/* Exact return of every Football Studio bet: `npm run rtp -- football-studio [--json]`. */
import { runDuelRtp } from '@casino/card-duel';
import { FOOTBALL_STUDIO } from '../rules';

runDuelRtp(FOOTBALL_STUDIO, process.argv.slice(2));
