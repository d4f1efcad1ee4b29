/**
 * Internal notes on a request (spec §3 Note, §7 POST /api/{type}/{id}/note):
 * staff only.
 */
import { z } from "zod";
import { texte, texteOptionnel } from "../validation.ts";
import type { PieceJointe } from "./piece-jointe.ts";

/** An internal note (spec §3 Note): staff only. */
export interface Note {
  id: number;
  texte: string;
  date: string;
  auteur: { prenom: string; nom: string } | null;
  pieceJointe: PieceJointe | null;
  /** Written by the reader. */
  moi: boolean;
}

/** Attachment code of a note's file (spec §3 Attachment `note`), the only one a note takes. */
export const CODE_TYPE_PJ_NOTE = "note";

/**
 * POST /api/{type}/{id}/note (spec §7, multipart): the text `note`
 * (required, ≤ 5000 characters), and for the optional file `fichier` its
 * display name `nom` and its code `codeTypePJ` (only `note`: a note's file
 * must never land in a rubric the applicant sees).
 */
export const schemaNote = z.object({
  note: texte(5000),
  nom: texteOptionnel(200),
  codeTypePJ: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z
      .literal(CODE_TYPE_PJ_NOTE, {
        errorMap: () => ({
          message: "Une note ne peut porter qu'une pièce jointe de type « note ».",
        }),
      })
      .optional(),
  ),
});
