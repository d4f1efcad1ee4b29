/**
 * Seeds the data and opens the sessions of the layout check
 * (fixtures/site-seme.ts) once, before its two projects start two workers
 * each reading the cache: without it, both workers would seed at once.
 */
import { expect } from "@playwright/test";
import { testAvecSite as test } from "./fixtures/site-seme.ts";
import { VISITEURS } from "./pages-du-site.ts";

test("les données et les sessions de la vérification de mise en page sont prêtes", async ({
  site,
}) => {
  for (const visiteur of Object.keys(VISITEURS) as (keyof typeof VISITEURS)[])
    if (visiteur !== "anonyme") expect(site.sessions[visiteur], visiteur).not.toHaveLength(0);
});
