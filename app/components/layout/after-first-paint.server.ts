import { INERT_MODULE, INERT_MODULEPRELOAD } from "#contract/after-first-paint";

const MODULEPRELOAD = /<link rel="modulepreload"/g;
/** Remix's one module script (`<Scripts>`): React writes `type` then `async`. */
const MODULE_SCRIPT = /<script([^>]*) type="module" async="">/;

/**
 * Makes Remix's module preloads and module script of a rendered document
 * (`html`, the whole page) inert until the page's after-first-paint script
 * (contract/after-first-paint.ts) starts them: same elements, same attributes but
 * `rel` and `type`, so hydration finds what it rendered. A document where
 * they are not found, should Remix write them otherwise, is returned as
 * is: its scripts then load as before, sooner. ADR 0008.
 */
export function deferRemixScripts(html: string): string {
  return html
    .replace(MODULEPRELOAD, `<link rel="${INERT_MODULEPRELOAD}"`)
    .replace(MODULE_SCRIPT, `<script$1 type="${INERT_MODULE}" async="">`);
}
