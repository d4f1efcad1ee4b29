import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { INSTRUCTION_ROLES, hasAnyRole } from "#contract/roles";
import type { ProcedureDemande } from "#contract/schemas/demande";
import { CODE_TYPE_PJ_NOTE, schemaNote } from "#contract/schemas/notes";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  deposerNote,
  lireAgrement,
  lireHistorique,
  lireProcedure,
  lireProcedureEtp,
  listerEtablissementsAgrementStaff,
  listerDepartements,
  listerNotes,
  listerRegions,
  marquerNotesLues,
} from "~/.server/api-client.server";
import type { ContenuChangementNotable } from "#contract/schemas/changement-notable";
import { SectionExtension, type NomsZones } from "~/components/dossier/section-extension";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { Recapitulatif } from "~/components/demande/recapitulatif";
import { urlDossier } from "~/components/dossier/actions";
import {
  chargerDossier,
  cibleDossier,
  corpsFormulaire,
  envoyerFormulaire,
  fichierPoste,
} from "~/components/dossier/dossier.server";
import { EnteteDossier, titreDossier } from "~/components/dossier/entete-dossier";
import { parentsFilAriane } from "~/components/dossiers/liste-params";
import { MenuDossier } from "~/components/dossier/menu-dossier";
import { SectionAvis } from "~/components/dossier/section-avis";
import { SectionComplements } from "~/components/dossier/section-complements";
import { SectionEtablissements } from "~/components/dossier/section-etablissements";
import { SectionHistorique } from "~/components/dossier/section-historique";
import { SectionInfosComplementaires } from "~/components/dossier/section-infos-complementaires";
import { SectionNotes, libelleNonLues } from "~/components/dossier/section-notes";
import { SectionPiecesJointes } from "~/components/dossier/section-pieces-jointes";
import { SectionRapportsAnnuels } from "~/components/dossier/section-rapports-annuels";
import { ZoneActions } from "~/components/dossier/zone-actions";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/** An empty procedure, for a kind without rubrics (the recap then shows steps 1 and 2). */
const SANS_PROCEDURE: ProcedureDemande = {
  rubriques: [],
  documentsDepot: [],
  etapesCompletes: { 1: true, 2: true, 3: true },
  manquants: [],
};

/** A refusal the page can do without (the section is then left out), not the whole page. */
function sansRefus<T>(secours: T) {
  return (error: unknown): T => {
    if (error instanceof ApiError && error.status < 500) return secours;
    throw error;
  };
}

/**
 * `/dossier/{kind}/{id}` (spec §2 "file detail"): staff only
 * (spec §6 gate `staff`: instruction and central roles). The file
 * (`GET /api/{kind}/{id}`; the 404 page when unknown or not visible), its
 * attachment procedure and staffing labels (approval requests only), its
 * history and its internal notes. The notes unread at opening are counted
 * (`unreadNotifications.note`), then marked read
 * (`POST …/read?type=note`): the page shows that count once. For a
 * request that led to an approval, the approval's establishments and the
 * approval itself (`GET /api/agrement/{id}`: its annual activity reports
 * by year).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, "staff");
  const { kind, id } = cibleDossier(params);
  // The reads that do not need the file go out with it, not after it: an
  // unseen file answers 404 to each of them too, and its own refusal is the page's.
  const lectures = Promise.all([
    kind === "demande"
      ? callEndpoint(request, context, lireProcedure, { params: { id } })
      : Promise.resolve(null),
    kind === "demande"
      ? callEndpoint(request, context, lireProcedureEtp, { params: { id } }).catch(
          sansRefus(undefined),
        )
      : Promise.resolve(undefined),
    callEndpoint(request, context, lireHistorique, { params: { kind, id } }),
    callEndpoint(request, context, listerNotes, { params: { type: kind, id } }).catch(
      sansRefus(null),
    ),
  ]);
  // When the file itself is refused, these refusals are never awaited: not unhandled rejections.
  lectures.catch(() => undefined);
  const demande = await chargerDossier(request, context, kind, id);
  const [[procedure, procedureEtp, historique, notes], etablissements, agrement] =
    await Promise.all([
      lectures,
      // The establishments of the approval granted on this request.
      kind === "demande" && demande.agrement
        ? callEndpoint(request, context, listerEtablissementsAgrementStaff, {
            params: { id: demande.agrement.id },
          }).catch(sansRefus(null))
        : Promise.resolve(null),
      // The approval itself, for its annual activity reports by year: the
      // request's copy lists only the stored reports, GET /api/agrement/{id} every year owed.
      kind === "demande" && demande.agrement
        ? callEndpoint(request, context, lireAgrement, {
            params: { id: demande.agrement.id },
          }).catch(sansRefus(null))
        : Promise.resolve(null),
    ]);
  // A perimeter extension's content: the names of the régions and départements it asks for.
  const nomsZones: NomsZones | null =
    kind === "changement-notable"
      ? await Promise.all([
          callEndpoint(request, context, listerRegions),
          callEndpoint(request, context, listerDepartements),
        ]).then(([regions, departements]) => ({
          regions: Object.fromEntries(regions.map((zone) => [zone.code, zone.nom])),
          departements: Object.fromEntries(departements.map((zone) => [zone.code, zone.nom])),
        }))
      : null;
  const nonLues = notes ? demande.unreadNotifications.note : 0;
  if (nonLues > 0) {
    await callEndpoint(request, context, marquerNotesLues, {
      params: { type: kind, id },
      query: { type: "note" },
    }).catch(sansRefus(null));
  }
  return {
    kind,
    demande,
    procedure,
    procedureEtp,
    historique,
    notes,
    nonLues,
    etablissements,
    agrement,
    nomsZones,
    peutEcrireNote: hasAnyRole(user.roles, INSTRUCTION_ROLES),
    breadcrumb: titreDossier(demande),
    breadcrumbParents: parentsFilAriane(kind),
  };
}

/**
 * Adds an internal note (spec §7 `POST /api/{type}/{id}/note`, multipart):
 * `schemaNote` (text required; errors under the field, text kept), then the
 * text and the optional file (`fichier`, its name `nom`, `codeTypePJ` note)
 * to the API. Success → this page at its notes with a notification; 422 →
 * the API's field errors (the file's type or size); 403 → an error
 * notification (central roles read notes but do not write them).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "staff");
  const { kind, id } = cibleDossier(params);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: schemaNote });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  const fichier = fichierPoste(formData, "fichier");
  const corps = corpsFormulaire(
    {
      note: submission.value.note,
      nom: fichier?.name,
      codeTypePJ: fichier ? CODE_TYPE_PJ_NOTE : undefined,
    },
    { fichier },
  );
  const envoyer = () =>
    callEndpoint(request, context, deposerNote, { params: { type: kind, id }, encodedBody: corps });
  const refus = await envoyerFormulaire(request, context, envoyer, {
    reply: (erreurs) => submission.reply(erreurs) as SubmissionResult<string[]>,
    retour: urlDossier(kind, id),
  });
  if (refus) return refus;
  return redirectWithToast(
    `${urlDossier(kind, id)}#notes`,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: "La note a bien été ajoutée.",
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Dossier" };

/**
 * The file for staff (spec §2 "file detail", §4 actions): header with the
 * clock and assignee, the actions area, then, with a side menu of anchors,
 * the content of the request by step, attachments and archives,
 * complements received, opinions, complementary information, history,
 * internal notes and the link to the messaging thread; for an approved
 * request, its referenced establishments and annual activity reports.
 */
export default function DetailDossier() {
  const { kind, demande, procedure, procedureEtp, historique, notes, nonLues, peutEcrireNote } =
    useLoaderData<typeof loader>();
  const { etablissements } = useLoaderData<typeof loader>();
  const { agrement, nomsZones } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const lienMessagerie = `/messagerie/${kind}?id=${encodeURIComponent(demande.id)}`;
  return (
    <div className="fr-container fr-pb-6w">
      <EnteteDossier demande={demande} titre={titreDossier(demande)} />
      <ZoneActions kind={kind} demande={demande} consultation={!peutEcrireNote} />
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-md-3">
          <MenuDossier
            entrees={[
              { ancre: "contenu-demande", libelle: "Contenu de la demande" },
              { ancre: "pieces-jointes", libelle: "Pièces jointes" },
              { ancre: "complements", libelle: "Compléments reçus" },
              { ancre: "avis", libelle: "Avis" },
              { ancre: "infos", libelle: "Informations complémentaires" },
              ...(etablissements
                ? [{ ancre: "etablissements", libelle: "Établissements référencés" }]
                : []),
              ...(agrement
                ? [{ ancre: "rapports-annuels", libelle: "Rapports annuels d'activité" }]
                : []),
              { ancre: "historique", libelle: "Historique" },
              {
                ancre: "notes",
                libelle: "Notes internes",
                complement:
                  nonLues > 0 ? (
                    <span className="fr-sr-only"> ({libelleNonLues(nonLues)})</span>
                  ) : null,
              },
              { ancre: "messagerie", libelle: "Messagerie" },
            ]}
          />
        </div>
        <div className="fr-col-12 fr-col-md-9">
          <section id="contenu-demande" aria-labelledby="contenu-titre" className="fr-mb-6w">
            <h2 id="contenu-titre" className="fr-h3">
              Contenu de la demande
            </h2>
            {nomsZones ? (
              <SectionExtension
                extension={
                  (demande as { contenu?: Partial<ContenuChangementNotable> }).contenu?.extension ??
                  null
                }
                agrement={demande.agrement}
                noms={nomsZones}
              />
            ) : (
              <Recapitulatif
                demande={demande}
                procedure={procedure ?? SANS_PROCEDURE}
                procedureEtp={procedureEtp}
                niveauTitre={3}
                avecPiecesJointes={false}
              />
            )}
          </section>
          <SectionPiecesJointes
            kind={kind}
            id={demande.id}
            rubriques={procedure?.rubriques ?? null}
            documentsDepot={procedure?.documentsDepot ?? []}
            decision={demande.decision}
          />
          <SectionComplements complements={demande.pjAdditionnelles} />
          <SectionAvis avis={demande.avis} />
          <SectionInfosComplementaires infos={demande.infosComplementaires} />
          {etablissements ? <SectionEtablissements etablissements={etablissements} /> : null}
          {agrement ? <SectionRapportsAnnuels demandeId={demande.id} agrement={agrement} /> : null}
          <SectionHistorique historique={historique} />
          <SectionNotes
            notes={notes}
            nonLues={nonLues}
            peutEcrire={peutEcrireNote}
            lastResult={navigation.state === "idle" ? result?.lastResult : undefined}
          />
          <section id="messagerie" aria-labelledby="messagerie-titre" className="fr-mb-6w">
            <h2 id="messagerie-titre" className="fr-h3">
              Messagerie
            </h2>
            <p>
              {demande.messagerie.closed
                ? "La messagerie de ce dossier est fermée : les messages restent consultables."
                : "Les échanges avec le demandeur se font dans la messagerie du dossier."}
            </p>
            <Link
              className="fr-btn fr-btn--secondary fr-icon-mail-line fr-btn--icon-left"
              to={lienMessagerie}
            >
              Ouvrir la messagerie
              {demande.nouveauMessage ? (
                <span className="fr-badge fr-badge--sm fr-badge--new fr-ml-1w">
                  Nouveau message
                </span>
              ) : null}
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? titreDossier(data.demande) : "Dossier") },
];
