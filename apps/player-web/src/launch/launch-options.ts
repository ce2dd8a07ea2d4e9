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
  };
}
