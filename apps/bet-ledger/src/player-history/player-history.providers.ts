import { PlayerHistoryController, RoundLinkController } from './player-history.controller';
import { PlayerHistoryRepository } from './player-history.repository';
import { PlayerHistoryService } from './player-history.service';
import { RoundLinkIssueController } from './round-link-issue.controller';

/** The player's history (docs/player-client.md#history) and the operators' signed round links. */
export const PLAYER_HISTORY_CONTROLLERS = [
  PlayerHistoryController,
  RoundLinkController,
  RoundLinkIssueController,
];
export const PLAYER_HISTORY_PROVIDERS = [PlayerHistoryRepository, PlayerHistoryService];
