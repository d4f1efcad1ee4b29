/**
 * Fresh applicants for API tests, written straight into the test portal's
 * database (a company of their own, a confirmed `demandeur` account) and
 * signed in through the embedded provider: quicker than the sign-up flow,
 * which tests/api/candidat.test.ts covers. Names carry `marque`, unique to
 * a run, so that runs sharing a PostgreSQL database never see each other's
 * rows.
 */
import { hash } from "@node-rs/argon2";
import { societes, utilisateurs } from "../../api/db/schema.ts";
import { loginAs } from "./oidc-login.ts";
import type { TestPortal } from "./portal.ts";

/** What {@link fabriqueDemandeurs}' function gives back. */
export interface DemandeurEnBase {
  /** The applicant's access token. */
  token: string;
  societeId: string;
  email: string;
}

/**
 * A function creating, on each call, applicant "Jeanne Titulaire NN" of
 * company "`marque` Structure NN" (SIREN `prefixeSiren` + 8 digits), signed
 * in with `motDePasse`. The password is hashed once, at the first call.
 */
export function fabriqueDemandeurs(
  portal: () => TestPortal,
  options: { marque: string; prefixeSiren: string; motDePasse: string },
): () => Promise<DemandeurEnBase> {
  const { marque, prefixeSiren, motDePasse } = options;
  let compteur = 0;
  let empreinte: Promise<string> | undefined;
  return async () => {
    compteur += 1;
    const numero = String(compteur).padStart(2, "0");
    const { database, baseUrl } = portal();
    empreinte ??= hash(motDePasse);
    const [societe] = await database.db
      .insert(societes)
      .values({
        siren: `${prefixeSiren}${String(Date.now() % 10_000_000).padStart(7, "0")}${compteur % 10}`,
        raisonSociale: `${marque} Structure ${numero}`,
        qualites: ["qualityOp"],
      })
      .returning();
    const email = `${marque.toLowerCase()}-${numero}@exemple.fr`;
    await database.db.insert(utilisateurs).values({
      idIdp: `${marque}-${numero}`,
      email,
      prenom: "Jeanne",
      nom: `Titulaire ${numero}`,
      roles: ["demandeur"],
      passwordHash: await empreinte,
      societeId: societe.id,
    });
    const { accessToken } = await loginAs(baseUrl, email, motDePasse);
    return { token: accessToken, societeId: societe.id, email };
  };
}
