/**
 * The operator's launch options in the launch URL (docs/operator-integration.md#launch-options): `lobbyUrl` (where
 * the client's "back" goes), `cashierUrl` (its deposit button) and `device`. The ledger validated them against the
 * operator's origins; the client still takes only http(s) URLs, so nothing in the address bar can run a script.
 */
export type Device = 'desktop' | 'mobile' | 'tablet';

export interface LaunchOptions {
  lobbyUrl: string | null;
  cashierUrl: string | null;
  device: Device | null;
  /**
   * The operator's reality-check interval for the player's jurisdiction (`realityCheck`, minutes; the ledger's
   * launch takes whole minutes 1–1440, the client any positive number up to that), or null: no reality checks.
   */
  realityCheckMinutes: number | null;
  /** The operator lets the player set their own limits (`playerLimits=1`). */
  playerLimits: boolean;
}

/** An absolute http(s) URL, else null. */
export function launchUrlParam(value: string | null): string | null {
  if (!value || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function parseLaunchOptions(search: string): LaunchOptions {
  const params = new URLSearchParams(search);
  const device = params.get('device');
  return {
    lobbyUrl: launchUrlParam(params.get('lobbyUrl')),
    cashierUrl: launchUrlParam(params.get('cashierUrl')),
    device: device === 'desktop' || device === 'mobile' || device === 'tablet' ? device : null,
    realityCheckMinutes: minutesParam(params.get('realityCheck')),
    playerLimits: params.get('playerLimits') === '1',
  };
}

/** A positive number of minutes up to a day, else null. */
function minutesParam(value: string | null): number | null {
  if (!value || !/^[0-9]+(\.[0-9]+)?$/.test(value)) return null;
  const minutes = Number(value);
  return minutes > 0 && minutes <= 1440 ? minutes : null;
}
