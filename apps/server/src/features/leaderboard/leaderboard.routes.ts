import { leaderboardEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { LeaderboardService } from './leaderboard.service';

export function leaderboardRoutes(app: FastifyInstance, { leaderboard }: { leaderboard: LeaderboardService }): void {
  registerEndpoints(app, leaderboardEndpoints, {
    'GET /leaderboard': async (request) => leaderboard.leaderboard(requireUser(request).id, request.query),
  });
}
