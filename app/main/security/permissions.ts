import type { Session } from "electron";

/** Permissions the app uses. It needs none: camera, geolocation, notifications... are all refused. */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set<string>(["clipboard-sanitized-write"]);

/** True for a permission the app grants. */
export function isPermissionGranted(permission: string): boolean {
  return GRANTED_PERMISSIONS.has(permission);
}

/** Refuses every permission request and check except those in GRANTED_PERMISSIONS. */
export function denyUnusedPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionGranted(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isPermissionGranted(permission));
}
