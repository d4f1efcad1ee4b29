/**
 * The signed-in user's account (spec §3 Current user, §7 GET
 * /api/user/account, POST /api/user/parametre-mail).
 */
import { z } from "zod";
import { PARAMETRES_MAIL } from "../schemas/parametres-mail.ts";
import { schemaParametresMail } from "../schemas/utilisateur.ts";
import { ErreurValidation, UtilisateurCourant, json } from "./composants.ts";
import { defineEndpoint, wireCheckbox } from "./endpoint.ts";

const tags = ["Comptes"] as const;

export const lireUtilisateurCourant = defineEndpoint({
  method: "get",
  path: "/user/account",
  summary: "Utilisateur connecté",
  description:
    "Identité, rôles métier, service, acceptation des CGU (seul un demandeur doit les accepter), " +
    "périmètre de supervision, société du demandeur, préférences de courriel.",
  tags,
  access: "authenticated",
  responses: { 200: json(UtilisateurCourant, "Utilisateur") },
});

export const enregistrerParametresMail = defineEndpoint({
  method: "post",
  path: "/user/parametre-mail",
  summary: "Préférences de courriel de l'utilisateur connecté",
  description:
    "Une case par code de préférence (« on » ou « true » : oui ; absente : non). Remplace les " +
    "préférences enregistrées. Les autres champs sont ignorés (formulaire de /account/params).",
  tags,
  access: "authenticated",
  body: {
    // Not strict: a form may post more than the boxes (spec §3: unknown fields are ignored).
    schema: z.object(Object.fromEntries(PARAMETRES_MAIL.map(({ code }) => [code, wireCheckbox()]))),
    formats: ["json", "form"],
  },
  rules: { body: schemaParametresMail },
  responses: {
    204: { description: "Enregistrées" },
    422: json(ErreurValidation, "Valeur illisible"),
  },
});

/** Every endpoint of this file. */
export const pointsUtilisateur = [lireUtilisateurCourant, enregistrerParametresMail] as const;
