import { useEffect, useState } from 'react';

/** The page's hash as path segments: "#/rounds/bac-1/r-7" → ["rounds", "bac-1", "r-7"]. */
export function parseHash(hash: string): string[] {
  return hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

export function useHashRoute(): string[] {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function hashOf(...segments: string[]): string {
  return `#/${segments.map(encodeURIComponent).join('/')}`;
}
