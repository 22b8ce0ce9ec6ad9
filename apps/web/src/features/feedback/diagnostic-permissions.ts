/** The permissions a ticket's diagnostics report, in the order they are listed. */
export const DIAGNOSTIC_PERMISSIONS = ['geolocation', 'camera', 'microphone', 'notifications'] as const;
export type DiagnosticPermission = (typeof DIAGNOSTIC_PERMISSIONS)[number];
