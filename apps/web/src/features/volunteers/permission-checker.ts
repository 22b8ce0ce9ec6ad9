import { useCallback, useEffect, useState } from 'react';

/** SPEC.md §4/§6: the device permissions the app uses. */
export type DevicePermission = 'location' | 'camera' | 'microphone' | 'notifications';
export type PermissionStatus = 'granted' | 'denied' | 'prompt' | 'unsupported';

export type PermissionReport = Record<DevicePermission, PermissionStatus> & { allGranted: boolean };

const QUERY_NAMES: Record<Exclude<DevicePermission, 'notifications'>, string> = {
  location: 'geolocation',
  camera: 'camera',
  microphone: 'microphone',
};

export interface PermissionEnvironment {
  permissions?: Pick<Permissions, 'query'>;
  notificationPermission?: NotificationPermission;
}

function browserEnvironment(): PermissionEnvironment {
  return {
    ...(typeof navigator !== 'undefined' && navigator.permissions ? { permissions: navigator.permissions } : {}),
    ...(typeof Notification !== 'undefined' ? { notificationPermission: Notification.permission } : {}),
  };
}

async function query(env: PermissionEnvironment, name: string): Promise<PermissionStatus> {
  if (!env.permissions) return 'unsupported';
  try {
    // Some browsers do not know 'camera'/'microphone' and throw: that is "cannot tell", not denied.
    const status = await env.permissions.query({ name: name as PermissionName });
    return status.state;
  } catch {
    return 'unsupported';
  }
}

/** Where each permission stands; `allGranted` only when every one is granted (SPEC.md §4). */
export async function checkPermissions(env: PermissionEnvironment = browserEnvironment()): Promise<PermissionReport> {
  const [location, camera, microphone] = await Promise.all([
    query(env, QUERY_NAMES.location),
    query(env, QUERY_NAMES.camera),
    query(env, QUERY_NAMES.microphone),
  ]);
  const notifications: PermissionStatus =
    env.notificationPermission === undefined ? 'unsupported' : env.notificationPermission === 'default' ? 'prompt' : env.notificationPermission;
  return combine({ location, camera, microphone, notifications });
}

export function combine(statuses: Record<DevicePermission, PermissionStatus>): PermissionReport {
  return { ...statuses, allGranted: Object.values(statuses).every((status) => status === 'granted') };
}

/** The permission checker as a hook; `markDenied` records a failure seen by a screen (SPEC.md §8). */
export function usePermissionChecker() {
  const [report, setReport] = useState<PermissionReport | null>(null);
  const refresh = useCallback(async () => {
    const next = await checkPermissions();
    setReport(next);
    return next;
  }, []);
  const markDenied = useCallback((permission: DevicePermission) => {
    setReport((current) => (current ? combine({ ...current, [permission]: 'denied' }) : current));
  }, []);
  useEffect(() => {
    let live = true;
    void checkPermissions().then((next) => {
      if (live) setReport(next);
    });
    return () => {
      live = false;
    };
  }, []);
  return { report, refresh, markDenied };
}
