import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATOR_OPENAPI_FILE, operatorOpenApiDocument } from './operator-openapi';

/** The repository's root, from this file in src/ or dist/ of apps/bet-ledger. */
export const REPO_ROOT = join(__dirname, '../../../../..');

/** The document as JSON text (npm run openapi then formats the file with prettier). */
export function operatorOpenApiText(): string {
  return `${JSON.stringify(operatorOpenApiDocument(), null, 2)}\n`;
}

/** Writes the checked-in document unless it already says the same; returns whether it changed. */
export function writeOperatorOpenApi(root = REPO_ROOT): boolean {
  const file = join(root, OPERATOR_OPENAPI_FILE);
  const text = operatorOpenApiText();
  try {
    if (JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) === JSON.stringify(JSON.parse(text)))
      return false;
  } catch {
    // not there yet, or not JSON: written anew
  }
  writeFileSync(file, text);
  return true;
}
