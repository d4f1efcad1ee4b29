/**
 * Scenario 3 of `npm run fiabilite` (DESIGN §3 optimistic
 * concurrency): two browsers acting on the same file at once, for each row
 * of the transition table (api/domain/workflow.ts) two actors may take.
 * Both post the version they saw; exactly one must win, the other get the
 * conflict (the action page's answer to the API's 409: back to the file
 * with the notification "Ce dossier a été modifié entre-temps…"; the API's
 * 409 itself for the applicant's actions, posted through the API), and the
 * history must hold one row of the action, never two.
 *
 * Staff act through the pages (`/dossier/demande/{id}/action/{ACTION}`,
 * cookie sessions, two per role); applicants through the API with two
 * tokens (two sign-ins) — their pages post to the same route of the API.
 */
import type pg from "pg";
import type { EtatDemande } from "../../contract/etats.ts";
import { ETAPE1_VALIDE, creerDemandeDeposable } from "../../tests/helpers/demande-api.ts";
import {
  conduireJusqua,
  dansNJours,
  deposerNouvelleDemande,
  pdfAction,
  type ContexteInstruction,
} from "../../tests/helpers/instruction-api.ts";
import { loginAs } from "../../tests/helpers/oidc-login.ts";
import {
  MOT_DE_PASSE,
  connecterNavigateur,
  naviguer,
  nouveauDemandeur,
  type Navigateur,
  type PortailLance,
} from "./outils.ts";

/** The API's 409 of a stale version (api/domain/demandes/transition.ts), shown on the file's page. */
export const TEXTE_CONFLIT = "Ce dossier a été modifié entre-temps.";

type Role = "demandeur" | "instructeur" | "superviseur" | "crhh";

/** One side of a race: who, through what, which action with which fields. */
interface Concurrent {
  role: Role;
  action: string;
  champs?: Record<string, string | string[]>;
  /** A file goes with it (multipart `fichier`). */
  fichier?: boolean;
}

/** A race: the state the file starts from and the two sides. */
interface Course {
  etat: EtatDemande | "brouillon" | "creation";
  a: Concurrent;
  b: Concurrent;
}

/** How one side ended: won, got the conflict, or something else (a failure of the scenario). */
type Issue = "gagne" | "conflit" | string;

export interface ResultatCourse {
  etat: string;
  actions: string;
  acteurs: string;
  voie: string;
  issues: [Issue, Issue];
  /** History rows written by the race, by action. */
  lignesHistorique: number;
  doublons: number;
  ok: boolean;
}

const COMMENTAIRE = { commentaire: "Course de deux navigateurs (fiabilité)." };

/** Every race of the scenario (see the file's documentation). */
function courses(instructeurId: string, autreInstructeurId: string): Course[] {
  const avis = (avis: string) => ({ avis, ...COMMENTAIRE });
  const deux = (
    etat: Course["etat"],
    role: Role,
    action: string,
    champs?: Concurrent["champs"],
    fichier?: boolean,
  ): Course => ({
    etat,
    a: { role, action, champs, fichier },
    b: { role, action, champs, fichier },
  });
  return [
    deux("creation", "demandeur", "ENREGISTRE_BROUILLON_STEP_1"),
    deux("brouillon", "demandeur", "DEPOSER"),
    {
      etat: "deposee",
      a: { role: "superviseur", action: "AFFECTER_INSTRUCTEUR", champs: { instructeurId } },
      b: { role: "instructeur", action: "AFFECTER_INSTRUCTEUR", champs: { instructeurId } },
    },
    deux("deposee", "demandeur", "ANNULER_DEMANDE", { ...COMMENTAIRE, confirmation: "on" }),
    {
      etat: "deposee",
      a: {
        role: "demandeur",
        action: "ANNULER_DEMANDE",
        champs: { ...COMMENTAIRE, confirmation: "on" },
      },
      b: { role: "superviseur", action: "AFFECTER_INSTRUCTEUR", champs: { instructeurId } },
    },
    deux("affectee", "superviseur", "REAFFECTER_INSTRUCTEUR", {
      instructeurId: autreInstructeurId,
    }),
    deux("affectee", "instructeur", "DEMANDER_COMPLEMENT_COMPLETUDE", COMMENTAIRE),
    deux("incomplete", "demandeur", "DONNER_COMPLEMENT", {}, true),
    {
      etat: "incomplete",
      a: { role: "demandeur", action: "DONNER_COMPLEMENT", champs: {}, fichier: true },
      b: {
        role: "demandeur",
        action: "ANNULER_DEMANDE",
        champs: { ...COMMENTAIRE, confirmation: "on" },
      },
    },
    deux("affectee", "instructeur", "RETOURNER_EN_EDITION", COMMENTAIRE),
    deux("en_edition", "demandeur", "DEPOSER_EN_EDITION"),
    deux("affectee", "instructeur", "CONFIRMER_COMPLETUDE", { consultationCrhh: "oui" }),
    deux("complete", "instructeur", "DEMANDER_COMPLEMENT", {
      ...COMMENTAIRE,
      dateEcheance: dansNJours(30),
    }),
    deux("complete_complement_demande", "demandeur", "DONNER_COMPLEMENT", {}, true),
    deux("complete", "crhh", "EXPRIMER_AVIS_CRHH", avis("FAVORABLE")),
    deux("instruite_crhh", "instructeur", "EXPRIMER_AVIS_INSTRUCTEUR", avis("FAVORABLE")),
    deux("instruite_instructeur", "superviseur", "EXPRIMER_AVIS_SUPERVISEUR", avis("FAVORABLE")),
    deux("instruite_superviseur", "superviseur", "EXPRIMER_AVIS_DECIDEUR", avis("AGREMENT_VALIDE")),
    deux("affectee", "instructeur", "PROPOSER_REFUS_DEMANDE", COMMENTAIRE),
    {
      etat: "affectee",
      a: { role: "instructeur", action: "PROPOSER_REFUS_DEMANDE", champs: COMMENTAIRE },
      b: {
        role: "superviseur",
        action: "REAFFECTER_INSTRUCTEUR",
        champs: { instructeurId: autreInstructeurId },
      },
    },
    deux("refus_en_attente", "superviseur", "CONFIRMER_REFUS", COMMENTAIRE),
    deux("refus_en_attente", "superviseur", "REFUSER_REFUS", COMMENTAIRE),
    {
      etat: "refus_en_attente",
      a: { role: "superviseur", action: "CONFIRMER_REFUS", champs: COMMENTAIRE },
      b: { role: "superviseur", action: "REFUSER_REFUS", champs: COMMENTAIRE },
    },
    deux("refus_confirme", "instructeur", "MOTIVER_REFUS", COMMENTAIRE),
    deux("agrement_en_attente", "demandeur", "VISUALISER_RESULTAT"),
    deux("agree", "superviseur", "CREER_PROCEDURE", {
      type: "retrait_sans_suspension",
      dateNotification: dansNJours(-20),
      ...COMMENTAIRE,
    }),
    deux("agrement_procedure_en_cours", "superviseur", "MODIFIER_PROCEDURE", {
      dateNotification: dansNJours(-10),
      ...COMMENTAIRE,
    }),
    deux("agrement_procedure_en_cours", "superviseur", "TERMINER_PROCEDURE", {
      decision: "agrement_maintenu",
      ...COMMENTAIRE,
    }),
    deux("agree", "superviseur", "MODIFIER_AGREMENT", {
      "regions[]": [],
      "departements[]": ["75", "92"],
      ...COMMENTAIRE,
    }),
  ];
}

/** The form of one side, as a browser or the API client sends it. */
async function corps(concurrent: Concurrent, version: number): Promise<FormData | URLSearchParams> {
  const valeurs: [string, string][] = [
    ["action", concurrent.action],
    ["version", String(version)],
  ];
  for (const [cle, valeur] of Object.entries(concurrent.champs ?? {}))
    for (const v of Array.isArray(valeur) ? valeur : [valeur]) valeurs.push([cle, v]);
  if (!concurrent.fichier) return new URLSearchParams(valeurs);
  const formulaire = new FormData();
  for (const [cle, valeur] of valeurs) formulaire.append(cle, valeur);
  const { nom, contenu } = await pdfAction("course.pdf", `Complément ${Date.now()}`);
  formulaire.set("fichier", new Blob([new Uint8Array(contenu)], { type: "application/pdf" }), nom);
  return formulaire;
}

/**
 * Runs every race on `portail`; `pool` reads its database (applicants are
 * created there, history rows counted there).
 */
export async function coursesDeNavigateurs(
  portail: PortailLance,
  pool: pg.Pool,
): Promise<ResultatCourse[]> {
  const { baseUrl } = portail;
  const jeton = async (email: string) => (await loginAs(baseUrl, email, MOT_DE_PASSE)).accessToken;
  const equipe = {
    instructeur: await jeton("instructeur@demo.anah.gouv.fr"),
    crhh: await jeton("crhh@demo.anah.gouv.fr"),
    superviseur: await jeton("superviseur@demo.anah.gouv.fr"),
  };
  const emails: Record<Exclude<Role, "demandeur">, string> = {
    instructeur: "instructeur@demo.anah.gouv.fr",
    superviseur: "superviseur@demo.anah.gouv.fr",
    crhh: "crhh@demo.anah.gouv.fr",
  };
  // Two browsers per staff role, each with its own session.
  const navigateurs = {} as Record<Exclude<Role, "demandeur">, [Navigateur, Navigateur]>;
  for (const role of Object.keys(emails) as Exclude<Role, "demandeur">[])
    navigateurs[role] = [
      await connecterNavigateur(baseUrl, emails[role]),
      await connecterNavigateur(baseUrl, emails[role]),
    ];
  const idDe = async (token: string) =>
    (
      (await (
        await fetch(`${baseUrl}/api/user/account`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { id: string }
    ).id;
  const instructeurId = await idDe(equipe.instructeur);
  // The superviseur is also an instructeur of the demo service? Otherwise reassign to the same one.
  const autres = (
    await pool
      .query<{ id: string }>(
        `select id::text from utilisateur where 'instructeur' = any(roles) and id <> $1 and service_instructeur_id =
       (select service_instructeur_id from utilisateur where id = $1) limit 1`,
        [instructeurId],
      )
      .catch(() => ({ rows: [] as { id: string }[] }))
  ).rows;
  const autreInstructeurId = autres[0]?.id ?? instructeurId;

  const resultats: ResultatCourse[] = [];
  for (const course of courses(instructeurId, autreInstructeurId)) {
    const demandeur = await nouveauDemandeur(pool, baseUrl, "Course");
    const ctx: ContexteInstruction = { baseUrl, demandeur: demandeur.token, equipe };
    // The applicant's second session (a second sign-in: another tab or browser).
    const demandeurs = [demandeur.token, await jeton(demandeur.email)];
    let id = "";
    if (course.etat === "brouillon")
      id = (await creerDemandeDeposable(baseUrl, demandeur.token)).id;
    else if (course.etat !== "creation") {
      id = (await deposerNouvelleDemande(ctx)).id;
      await conduireJusqua(ctx, id, course.etat);
    }
    const version =
      course.etat === "creation"
        ? 0
        : (
            (await (
              await fetch(`${baseUrl}/api/demande/${id}`, {
                headers: { Authorization: `Bearer ${demandeur.token}` },
              })
            ).json()) as { version: number }
          ).version;
    const { rows: avant } = await pool.query<{ max: number | null }>(
      "select max(id) as max from historique",
    );
    const depuisLigne = avant[0].max ?? 0;

    const cotes = [course.a, course.b];
    const envois = await Promise.all(
      cotes.map(async (concurrent, index) => {
        if (course.etat === "creation") {
          const reponse = await fetch(`${baseUrl}/api/demande`, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${demandeurs[index]}`,
              "Content-Type": "application/json",
            },
            body: JSON.stringify(ETAPE1_VALIDE),
          });
          return { voie: "api", statut: reponse.status, texte: await reponse.text() };
        }
        const body = await corps(concurrent, version);
        if (
          concurrent.role === "demandeur" ||
          concurrent.action === "MODIFIER_AGREMENT" ||
          cotes.some((c) => c.role === "demandeur")
        ) {
          const token =
            concurrent.role === "demandeur" ? demandeurs[index] : equipe[concurrent.role];
          const reponse = await fetch(`${baseUrl}/api/demande/${id}/action`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token}` },
            body,
          });
          return { voie: "api", statut: reponse.status, texte: await reponse.text() };
        }
        const navigateur = navigateurs[concurrent.role][index];
        const reponse = await naviguer(
          baseUrl,
          navigateur,
          `/dossier/demande/${id}/action/${concurrent.action}`,
          {
            method: "POST",
            body,
          },
        );
        await reponse.text();
        const suite = reponse.headers.get("location");
        if (reponse.status < 300 || reponse.status >= 400 || !suite)
          return { voie: "page", statut: reponse.status, texte: "" };
        const page = await naviguer(baseUrl, navigateur, new URL(suite, baseUrl).pathname);
        return { voie: "page", statut: reponse.status, texte: await page.text() };
      }),
    );
    const issues = envois.map((envoi): Issue => {
      if (envoi.voie === "api") {
        if (envoi.statut === 200 || envoi.statut === 201) return "gagne";
        if (envoi.statut === 409) return "conflit";
        return `HTTP ${envoi.statut} ${envoi.texte.slice(0, 120)}`;
      }
      if (envoi.statut !== 302 && envoi.statut !== 303) return `HTTP ${envoi.statut}`;
      if (envoi.texte.includes(TEXTE_CONFLIT)) return "conflit";
      return "gagne";
    }) as [Issue, Issue];

    const { rows: lignes } = await pool.query<{
      action: string;
      etat_avant: string | null;
      n: string;
    }>(
      `select action, etat_avant, count(*) as n from historique
        where id > $1 and ressource_id = any($2::uuid[]) group by action, etat_avant`,
      [depuisLigne, course.etat === "creation" ? await idsDe(pool, demandeur.societeId) : [id]],
    );
    const actions = new Set(cotes.map((c) => c.action));
    const pertinentes = lignes.filter((l) => actions.has(l.action));
    const total = pertinentes.reduce((somme, l) => somme + Number(l.n), 0);
    const doublons = pertinentes.filter((l) => Number(l.n) > 1).length;
    const gagnants = issues.filter((i) => i === "gagne").length;
    const conflits = issues.filter((i) => i === "conflit").length;
    resultats.push({
      etat: course.etat,
      actions:
        course.a.action === course.b.action
          ? course.a.action
          : `${course.a.action} / ${course.b.action}`,
      acteurs: `${course.a.role} / ${course.b.role}`,
      voie: envois.map((e) => e.voie).join(" / "),
      issues,
      lignesHistorique: total,
      doublons,
      ok: gagnants === 1 && conflits === 1 && total === 1 && doublons === 0,
    });
  }
  return resultats;
}

/** The requests of company `societeId`. */
async function idsDe(pool: pg.Pool, societeId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    "select id::text from demande where societe_id = $1",
    [societeId],
  );
  return rows.map((r) => r.id);
}
