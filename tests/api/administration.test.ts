/**
 * The functional administrator's settings
 * (contract/api/administration.ts): banners created, scheduled and removed,
 * feature flags switched, each change in one history row; another role gets
 * 403, an end before the start 422 with the spec's sentence, nothing
 * written. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bandeauxInformatifs, featureFlags, historique } from "../../api/db/schema.ts";
import { identifiantRessource } from "../../api/domain/administration/historique.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const MOT_DE_PASSE = "Anah-Demo-2026!";
const ADMIN = "admin-fonctionnel@demo.anah.gouv.fr";
const INSTRUCTEUR = "instructeur@demo.anah.gouv.fr";

let portal: TestPortal;
let admin: string;
let instructeur: string;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = (await loginAs(portal.baseUrl, ADMIN, MOT_DE_PASSE)).accessToken;
  instructeur = (await loginAs(portal.baseUrl, INSTRUCTEUR, MOT_DE_PASSE)).accessToken;
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

/** One call of the API as `jeton`; a form body when `formulaire` is given, else JSON. */
async function appeler(
  jeton: string,
  methode: "GET" | "POST" | "PUT",
  chemin: string,
  corps?: Record<string, string | boolean>,
  formulaire = false,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${jeton}` };
  let body: string | undefined;
  if (corps) {
    headers["Content-Type"] = formulaire ? "application/x-www-form-urlencoded" : "application/json";
    body = formulaire
      ? new URLSearchParams(Object.entries(corps).map(([k, v]) => [k, String(v)])).toString()
      : JSON.stringify(corps);
  }
  const reponse = await fetch(`${portal.baseUrl}/api${chemin}`, { method: methode, headers, body });
  const texte = await reponse.text();
  return { status: reponse.status, body: texte ? JSON.parse(texte) : null };
}

/** The history rows of a banner or a flag. */
async function lignesHistorique(
  type: "bandeau-informatif" | "fonctionnalite",
  cle: string | number,
) {
  return portal.database.db
    .select()
    .from(historique)
    .where(
      and(
        eq(historique.ressourceType, type),
        eq(historique.ressourceId, identifiantRessource(type, cle)),
      ),
    );
}

describe("banners", () => {
  it("an admin creates a scheduled banner (Paris times): listed as programme, history written, not yet in force", async () => {
    const creation = await appeler(
      admin,
      "POST",
      "/administration/bandeaux",
      {
        type: "general",
        titre: "Maintenance programmée",
        message: "Le portail sera indisponible le 1er janvier 2099.",
        dateDebut: "2098-12-31T08:00",
        dateFin: "2099-01-01T18:30",
      },
      true,
    );
    expect(creation.status).toBe(201);
    const { id } = creation.body as { id: number };

    const [ligne] = await portal.database.db
      .select()
      .from(bandeauxInformatifs)
      .where(eq(bandeauxInformatifs.id, id));
    // 08:00 in Paris in winter is 07:00 UTC; 18:30 is 17:30 UTC.
    expect(ligne.dateDebut?.toISOString()).toBe("2098-12-31T07:00:00.000Z");
    expect(ligne.dateFin?.toISOString()).toBe("2099-01-01T17:30:00.000Z");

    const liste = await appeler(admin, "GET", "/administration/bandeaux");
    expect(liste.status).toBe(200);
    expect(liste.body).toContainEqual(
      expect.objectContaining({ id, statut: "programme", titre: "Maintenance programmée" }),
    );
    const enCours = await appeler(admin, "GET", "/bandeaux-informatifs");
    expect((enCours.body as { id: number }[]).map((b) => b.id)).not.toContain(id);

    const lignes = await lignesHistorique("bandeau-informatif", id);
    expect(lignes).toHaveLength(1);
    expect(lignes[0]).toMatchObject({
      action: "CREER_BANDEAU",
      etatApres: "programme",
      acteurRole: "admin_fonctionnel",
    });
    expect(lignes[0].donnees).toMatchObject({
      message: "Le portail sera indisponible le 1er janvier 2099.",
    });
  });

  it("a banner in force shows in GET /api/bandeaux-informatifs until removed; removal writes history, twice is 409", async () => {
    const creation = await appeler(admin, "POST", "/administration/bandeaux", {
      type: "info",
      demandeType: "demande",
      message: "Pièces justificatives : pensez au Kbis de moins de 3 mois.",
    });
    expect(creation.status).toBe(201);
    const { id } = creation.body as { id: number };
    const visibles = await appeler(instructeur, "GET", "/bandeaux-informatifs?demandeType=demande");
    expect((visibles.body as { id: number }[]).map((b) => b.id)).toContain(id);

    expect((await appeler(admin, "POST", `/administration/bandeaux/${id}/retrait`)).status).toBe(
      204,
    );
    const apres = await appeler(instructeur, "GET", "/bandeaux-informatifs?demandeType=demande");
    expect((apres.body as { id: number }[]).map((b) => b.id)).not.toContain(id);
    const liste = (await appeler(admin, "GET", "/administration/bandeaux")).body as {
      id: number;
      statut: string;
    }[];
    expect(liste.find((b) => b.id === id)?.statut).toBe("retire");

    const deuxieme = await appeler(admin, "POST", `/administration/bandeaux/${id}/retrait`);
    expect(deuxieme.status).toBe(409);
    const lignes = await lignesHistorique("bandeau-informatif", id);
    expect(lignes.map((l) => l.action).sort()).toEqual(["CREER_BANDEAU", "RETIRER_BANDEAU"]);
  });

  it("an end before (or at) the start: 422 on dateFin with the spec's sentence, nothing written", async () => {
    const avant = await portal.database.db.select().from(bandeauxInformatifs);
    const historiqueAvant = await portal.database.db.select().from(historique);
    for (const dateFin of ["2099-01-01T07:59", "2099-01-01T08:00"]) {
      const reponse = await appeler(
        admin,
        "POST",
        "/administration/bandeaux",
        { type: "general", message: "Texte", dateDebut: "2099-01-01T08:00", dateFin },
        true,
      );
      expect(reponse.status).toBe(422);
      expect(reponse.body).toMatchObject({
        detail: "La date de fin doit être postérieure à la date de début.",
        errors: { dateFin: ["La date de fin doit être postérieure à la date de début."] },
      });
    }
    expect(await portal.database.db.select().from(bandeauxInformatifs)).toHaveLength(avant.length);
    expect(await portal.database.db.select().from(historique)).toHaveLength(historiqueAvant.length);
  });

  it("bad fields: message required, info without file type, unreadable date (422 in French)", async () => {
    const sansMessage = await appeler(admin, "POST", "/administration/bandeaux", {
      type: "general",
      message: "  ",
    });
    expect(sansMessage.status).toBe(422);
    expect(sansMessage.body).toMatchObject({ errors: { message: ["Ce champ est requis"] } });
    const infoSansType = await appeler(admin, "POST", "/administration/bandeaux", {
      type: "info",
      message: "Texte",
    });
    expect(infoSansType.status).toBe(422);
    expect(infoSansType.body).toMatchObject({
      errors: { demandeType: ["Choisissez le type de dossier sur lequel afficher le bandeau."] },
    });
    const dateIllisible = await appeler(admin, "POST", "/administration/bandeaux", {
      type: "general",
      message: "Texte",
      dateDebut: "31/02/2099 08:00",
    });
    expect(dateIllisible.status).toBe(422);
    expect((dateIllisible.body as { errors: Record<string, string[]> }).errors.dateDebut).toEqual([
      "Saisissez une date et une heure, par exemple 01/12/2026 08:00 ou 2026-12-01T08:00.",
    ]);
    expect((await appeler(admin, "POST", "/administration/bandeaux/999999/retrait")).status).toBe(
      404,
    );
  });

  it("another role gets 403 on every point, nothing written", async () => {
    const avant = await portal.database.db.select().from(bandeauxInformatifs);
    expect((await appeler(instructeur, "GET", "/administration/bandeaux")).status).toBe(403);
    expect(
      (
        await appeler(instructeur, "POST", "/administration/bandeaux", {
          type: "general",
          message: "x",
        })
      ).status,
    ).toBe(403);
    expect(
      (await appeler(instructeur, "POST", `/administration/bandeaux/${avant[0]?.id ?? 1}/retrait`))
        .status,
    ).toBe(403);
    expect((await appeler(instructeur, "GET", "/administration/fonctionnalites")).status).toBe(403);
    expect(
      (
        await appeler(instructeur, "PUT", "/administration/fonctionnalites/creation_demande", {
          active: "false",
        })
      ).status,
    ).toBe(403);
    expect(await portal.database.db.select().from(bandeauxInformatifs)).toEqual(avant);
    const [flag] = await portal.database.db
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.name, "creation_demande"));
    expect(flag.enabled).toBe(true);
  });
});

describe("feature flags", () => {
  it("lists the two flags of spec §6; switching one off and on writes two history rows and the public list follows", async () => {
    const liste = await appeler(admin, "GET", "/administration/fonctionnalites");
    expect(liste.body).toEqual([
      {
        nom: "creation_extension_perimetre",
        libelle: "Création d'une demande d'extension de périmètre",
        active: true,
      },
      { nom: "creation_demande", libelle: "Création d'une demande d'agrément", active: true },
    ]);

    const coupe = await appeler(
      admin,
      "PUT",
      "/administration/fonctionnalites/creation_extension_perimetre",
      { active: "false" },
      true,
    );
    expect(coupe).toEqual({
      status: 200,
      body: {
        nom: "creation_extension_perimetre",
        libelle: "Création d'une demande d'extension de périmètre",
        active: false,
      },
    });
    const publique = await fetch(`${portal.baseUrl}/api/feature-flipping/list`);
    expect(await publique.json()).toMatchObject({ creation_extension_perimetre: false });
    // The same state again writes nothing.
    await appeler(admin, "PUT", "/administration/fonctionnalites/creation_extension_perimetre", {
      active: "false",
    });
    await appeler(admin, "PUT", "/administration/fonctionnalites/creation_extension_perimetre", {
      active: "true",
    });
    const lignes = await lignesHistorique("fonctionnalite", "creation_extension_perimetre");
    expect(lignes.map((l) => [l.action, l.etatAvant, l.etatApres])).toEqual([
      ["MODIFIER_FONCTIONNALITE", "active", "inactive"],
      ["MODIFIER_FONCTIONNALITE", "inactive", "active"],
    ]);
  });

  it("an unknown flag is 404 and an unreadable state 422", async () => {
    expect(
      (await appeler(admin, "PUT", "/administration/fonctionnalites/inconnue", { active: "true" }))
        .status,
    ).toBe(404);
    const illisible = await appeler(
      admin,
      "PUT",
      "/administration/fonctionnalites/creation_demande",
      { active: "peut-etre" },
      true,
    );
    expect(illisible.status).toBe(422);
  });
});
