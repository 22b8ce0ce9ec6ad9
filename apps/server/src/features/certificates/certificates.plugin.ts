import type { FeaturePlugin } from '../../feature-plugin';
import { createCertificatesRepository } from './certificates.repository';
import { certificatesRoutes } from './certificates.routes';
import { createCertificatesService } from './certificates.service';

/** Members' certificates and their public verification; registered under /api. */
export const certificatesPlugin: FeaturePlugin = async (app, { ctx }) => {
  certificatesRoutes(app, {
    certificates: createCertificatesService({ certificates: createCertificatesRepository(ctx.dbRef), clock: ctx.clock, publicUrl: ctx.config.publicUrl }),
  });
};
