/** Headers of the files the exports send (CSV, ZIP). */
import type { Response } from "express";

/**
 * Sends what follows as a download named `nom` of type `contentType`,
 * never cached by shared caches nor sniffed. Plain ASCII names go as a
 * quoted `filename="…"`, which every client reads; any other name through
 * Express's `res.attachment` (RFC 6266 `filename*`).
 */
export function entetesTelechargement(res: Response, nom: string, contentType: string): void {
  if (/^[\w.() -]+$/.test(nom)) res.set("Content-Disposition", `attachment; filename="${nom}"`);
  else res.attachment(nom);
  res.set({
    "Content-Type": contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
}
