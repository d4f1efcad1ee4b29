/** Field errors the API finds beyond the zod schemas (geography, references). */
import { invalide, type ErreurDomaine } from "../erreurs.ts";

/**
 * An `invalide` error (422 `{ detail, errors }`) like `parseOrThrow` throws
 * it, from messages by field name (conform-compatible), so that a form
 * shows each next to its field.
 */
export function erreursDeChamps(errors: Record<string, string[]>): ErreurDomaine {
  const detail = [...new Set(Object.values(errors).flat())].join("\n");
  return invalide(detail, { champs: errors });
}

/** Collects field messages, then throws them all at once. */
export class ErreursChamps {
  private readonly errors: Record<string, string[]> = {};

  ajouter(champ: string, message: string): void {
    const messages = (this.errors[champ] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }

  /** Throws 422 when any message was added. */
  verifier(): void {
    if (Object.keys(this.errors).length > 0) throw erreursDeChamps(this.errors);
  }
}
