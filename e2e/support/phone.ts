import type { BrowserContextOptions, LaunchOptions } from '@playwright/test';
import config from '../playwright.config';

/** The smallest common Android phone: a 360x640 touch screen. */
export const SMALL_PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

/** That phone at `position` (accurate to 15 m unless it says otherwise), with location granted. */
export function phoneAt(position: { latitude: number; longitude: number; accuracy?: number }, permissions = ['geolocation']) {
  return { ...SMALL_PHONE, geolocation: { accuracy: 15, ...position }, permissions } satisfies BrowserContextOptions;
}

const launchOptions = config.use?.launchOptions ?? {};
/** The configured Chromium with a fake camera and microphone, granted without a prompt. */
export const FAKE_MEDIA_LAUNCH_OPTIONS: LaunchOptions = {
  ...launchOptions,
  args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
};
