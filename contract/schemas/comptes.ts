/** Applicant accounts list (spec §3 "Account list/detail", §7 GET /api/user/accounts). */
import { z } from "zod";
import { ACTIONS_COMPTE, ETATS_DEMANDE } from "../etats.ts";
import { ETATS_NORMALISES_SUPPLEMENTAIRES } from "../statuts.ts";
import { ENTIER_MAX } from "../validation.ts";

/** Lists of DESIGN §7: `{ page, nb_elements, nb_pages, result }`, first page 1. */
export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    page: z.number().int().min(1),
    nb_elements: z.number().int().min(0),
    nb_pages: z.number().int().min(0),
    result: z.array(item),
  });
}

export interface Page<T> {
  page: number;
  nb_elements: number;
  nb_pages: number;
  result: T[];
}

/** One applicant account of the list. `dateCreation` is an ISO 8601 instant. */
export const compteDemandeurSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  telephone: z.string().nullable(),
  siren: z.string().nullable(),
  raisonSociale: z.string().nullable(),
  qualites: z.array(z.string()),
  statut: z.enum(["actif", "en_attente"]),
  dateCreation: z.string(),
  /**
   * Spec §3 "Account list/detail" `demandes` (their number is the
   * "number of associated requests"): every request of the account's
   * company, approval or notable change, newest first, with its state and
   * its normalised state (spec §4); empty without a company.
   */
  demandes: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["demande", "changement-notable"]),
      numeroDossier: z.string().nullable(),
      etat: z.enum(ETATS_DEMANDE),
      etatNormalise: z.enum([...ETATS_DEMANDE, ...ETATS_NORMALISES_SUPPLEMENTAIRES]),
    }),
  ),
  /**
   * Spec §4 Account actions the server allows on this account. None of
   * them is implemented yet (issue 16: POST /api/user/account/{id}/action
   * does not exist), so the list is empty for every account.
   */
  actionsDisponibles: z.array(z.object({ action: z.enum(ACTIONS_COMPTE) })),
});
export type CompteDemandeur = z.infer<typeof compteDemandeurSchema>;

export const COMPTES_TRI = ["dateCreation", "raisonSociale", "email", "siren"] as const;
export type CompteTri = (typeof COMPTES_TRI)[number];

/** Page size of the accounts list. */
export const COMPTES_PAR_PAGE = 20;

/** Query of GET /api/user/accounts: `page`, `query`, `order[field]=asc|desc`. */
export const comptesQuerySchema = z.object({
  page: z.coerce
    .number({ invalid_type_error: "Le numéro de page n'est pas valide" })
    .int()
    .min(1)
    .max(ENTIER_MAX)
    .default(1),
  query: z.string().trim().max(100, "La recherche est trop longue").optional(),
  orderField: z.enum(COMPTES_TRI).default("dateCreation"),
  orderDirection: z.enum(["asc", "desc"]).default("desc"),
});
