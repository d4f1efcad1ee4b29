import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { INSTRUCTION_ROLES, hasAnyRole } from "#contract/roles";
import { CODE_TYPE_PJ_NOTE, schemaNote } from "#contract/schemas/notes";
import { callEndpoint, deposerNote } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { urlDossier } from "~/components/dossier/actions";
import { chargerDetailDossier } from "~/components/dossier/detail-dossier.server";
import {
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
import { SectionContenu } from "~/components/dossier/section-contenu";
import { SectionEtablissements } from "~/components/dossier/section-etablissements";
import { SectionHistorique } from "~/components/dossier/section-historique";
import { SectionInfosComplementaires } from "~/components/dossier/section-infos-complementaires";
import { SectionMessagerie } from "~/components/dossier/section-messagerie";
import { SectionNotes, libelleNonLues } from "~/components/dossier/section-notes";
import { SectionPiecesJointes } from "~/components/dossier/section-pieces-jointes";
import { SectionRapportsAnnuels } from "~/components/dossier/section-rapports-annuels";
import { ZoneActions } from "~/components/dossier/zone-actions";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

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
  const detail = await chargerDetailDossier(request, context, kind, id);
  return {
    kind,
    ...detail,
    peutEcrireNote: hasAnyRole(user.roles, INSTRUCTION_ROLES),
    breadcrumb: titreDossier(detail.demande),
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
          <SectionContenu
            demande={demande}
            procedure={procedure}
            procedureEtp={procedureEtp}
            nomsZones={nomsZones}
          />
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
          <SectionMessagerie kind={kind} demande={demande} />
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? titreDossier(data.demande) : "Dossier") },
];
