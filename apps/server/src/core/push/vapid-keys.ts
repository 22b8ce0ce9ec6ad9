import webpush from 'web-push';
import { mergeIntoSecretsFile } from '../secrets';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured, otherwise a pair
 * generated on first start and kept in `<dataDir>/secrets.json` (browsers' subscriptions
 * are bound to the public key, so it must survive restarts).
 */
export async function loadVapidKeys(dataDir: string, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  const generated = webpush.generateVAPIDKeys();
  const stored = await mergeIntoSecretsFile(dataDir, { vapidPublicKey: generated.publicKey, vapidPrivateKey: generated.privateKey });
  const { vapidPublicKey, vapidPrivateKey } = stored;
  if (typeof vapidPublicKey !== 'string' || typeof vapidPrivateKey !== 'string') {
    throw new Error(`${dataDir}/secrets.json has damaged VAPID keys; remove vapidPublicKey and vapidPrivateKey to generate new ones`);
  }
  return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
}
