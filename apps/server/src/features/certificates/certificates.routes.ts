import { certificatesEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { CertificatesService } from './certificates.service';

export function certificatesRoutes(app: FastifyInstance, { certificates }: { certificates: CertificatesService }): void {
  registerEndpoints(app, certificatesEndpoints, {
    'GET /certificates/me': async (request) => certificates.mine(requireUser(request).id),
    'GET /certificates/:code': async (request) => certificates.verify(request.params.code),
    'POST /certificates/:code/revoke': async (request) => certificates.revoke(requireUser(request), request.params.code),
  });
}
