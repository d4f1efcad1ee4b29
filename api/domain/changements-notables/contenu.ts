/**
 * The content of a perimeter extension as stored in `demande.contenu.extension`
 * (contract/schemas/changement-notable.ts; ADR 0020). Its own module so that
 * the request's readers (dto.ts) and the extension's writers share it
 * without importing each other.
 */
import type {
  ContenuExtension,
  PerimetreExtension,
} from "../../../contract/schemas/changement-notable.ts";
import type { DemandeRow } from "../acces.ts";

/** `contenu.extension` of `demande` (empty before its first save; never null). */
export function contenuExtensionDe(demande: Pick<DemandeRow, "contenu">): ContenuExtension {
  const contenu = (demande.contenu ?? {}) as { extension?: ContenuExtension };
  return contenu.extension ?? {};
}

/** The perimeter the extension adds, once step 1 is saved; undefined before. */
export function perimetreDemandeDe(
  demande: Pick<DemandeRow, "contenu">,
): PerimetreExtension | undefined {
  return contenuExtensionDe(demande).perimetre;
}
