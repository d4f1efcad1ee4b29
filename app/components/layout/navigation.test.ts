import { describe, expect, it } from "vitest";
import { isManager, navItemsFor } from "./navigation";

/** The entries' addresses; a submenu gives its links' addresses, in order. */
const hrefs = (
  roles: Parameters<typeof navItemsFor>[0],
  contexte?: Parameters<typeof navItemsFor>[1],
) =>
  navItemsFor(roles, contexte).flatMap((item) =>
    "sousMenu" in item ? item.sousMenu.map((lien) => lien.href) : [item.href],
  );

describe("navigation de l'en-tête (spec §2 Header and menu, §6)", () => {
  it("donne aux gestionnaires leurs dossiers, tous les dossiers, l'activité, les agréments et les établissements", () => {
    const attendu = [
      "/mes-dossiers",
      "/tous-les-dossiers",
      "/activite",
      "/agrements",
      "/etablissements/liste",
    ];
    expect(hrefs(["instructeur"])).toEqual(attendu);
    expect(hrefs(["superviseur"])).toEqual(attendu);
  });

  it("donne au central l'activité, les agréments et un sous-menu « Établissements » : le référentiel, puis la liste", () => {
    const attendu = [
      { label: "Activité", href: "/activite" },
      { label: "Agréments", href: "/agrements" },
      {
        label: "Établissements",
        sousMenu: [
          { label: "Référentiel des établissements", href: "/etablissements/reference" },
          { label: "Liste des établissements", href: "/etablissements/liste" },
        ],
      },
    ];
    expect(navItemsFor(["mar_admin"])).toEqual(attendu);
    expect(navItemsFor(["anah_centrale"])).toEqual(attendu);
  });

  it("réserve la gestion des comptes à l'administrateur fonctionnel", () => {
    expect(hrefs(["admin_fonctionnel"])).toEqual([
      "/gestion-des-comptes",
      "/administration/superviseurs",
      "/administration/bandeaux",
      "/administration/fonctionnalites",
    ]);
    expect(hrefs(["superviseur", "mar_admin"])).not.toContain("/gestion-des-comptes");
  });

  it("donne l'accueil au demandeur et rien à un compte sans rôle", () => {
    expect(hrefs(["demandeur"])).toEqual(["/"]);
    expect(hrefs([])).toEqual([]);
  });

  it("ajoute « Mon agrément », ses établissements, ses demandes de changement notable et le rapport annuel au menu du demandeur qui détient un agrément", () => {
    expect(navItemsFor(["demandeur"], { agrement: true })).toEqual([
      { label: "Accueil", href: "/" },
      { label: "Mon agrément", href: "/mon-agrement" },
      { label: "Établissements référencés", href: "/referencement" },
      { label: "Mes demandes de changement notable", href: "/mes-demandes-changement-notable" },
      { label: "Rapport annuel d'activité", href: "/rapport-annuel-activite" },
    ]);
    expect(hrefs(["demandeur"], { agrement: false })).toEqual(["/"]);
    // The approval entry belongs to applicants: staff never get it.
    expect(hrefs(["instructeur"], { agrement: true })).not.toContain("/mon-agrement");
    // Nor the applicant's notable-change requests.
    expect(hrefs(["instructeur"], { agrement: true })).not.toContain(
      "/mes-demandes-changement-notable",
    );
  });

  it("réunit sans doublon les entrées de plusieurs rôles", () => {
    const union = hrefs(["instructeur", "mar_admin"]);
    expect(union).toEqual([
      "/mes-dossiers",
      "/tous-les-dossiers",
      "/activite",
      "/agrements",
      "/etablissements/liste",
      "/etablissements/reference",
      "/etablissements/liste",
    ]);
  });

  it("ne considère comme gestionnaires que l'instructeur et le superviseur", () => {
    expect(isManager(["instructeur"])).toBe(true);
    expect(isManager(["superviseur"])).toBe(true);
    expect(isManager(["crhh"])).toBe(false);
    expect(isManager(["mar_admin", "demandeur"])).toBe(false);
  });
});
