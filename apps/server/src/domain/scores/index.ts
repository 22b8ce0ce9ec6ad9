export { rebuildScores } from './rebuild-scores';
export type { ScorePoints } from './score-rules';
export { createScoresRepository } from './scores.repository';
export { createScoresService, settleScores, type ScoresService } from './scores.service';
