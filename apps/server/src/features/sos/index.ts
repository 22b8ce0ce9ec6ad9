import { sosLadderRepository } from './sos-ladder.repository';

export { evidenceGuard } from './evidence-guard';
export { createSosDeliveryHandlers, fanoutMessage, SOS_TOPICS } from './sos-delivery';
export { sosPlugin } from './sos.plugin';
export { createSosRepository } from './sos.repository';
export { createSosService, SosEndedError } from './sos.service';
export { firstName, mapsUrl } from './sos.texts';

/** Who is coming to an SOS (first name, badge, on-scene status), for the contacts' tracking page. */
export const sceneResponders: (typeof sosLadderRepository)['sceneResponders'] = (...args) => sosLadderRepository.sceneResponders(...args);
export { markContactTexted, sosEventOfNotification } from './sos-contact-sms';
