import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  LIBELLES_STATUT_BANDEAU,
  LIBELLES_TYPE_DOSSIER_BANDEAU,
  MESSAGE_BANDEAU_MAX,
  TITRE_BANDEAU_MAX,
  TYPES_DOSSIER_BANDEAU,
  schemaNouveauBandeau,
  type BandeauAdministre,
  type SaisieNouveauBandeau,
  type StatutBandeau,
} from "#contract/schemas/administration";
import { ApiError } from "~/.server/api.server";
import {
  creerBandeau,
  listerBandeauxAdministres,
  retirerBandeau,
} from "~/.server/administration.server";
import { callEndpoint } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { viderCacheBandeaux } from "~/.server/bandeaux.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { Tableau } from "~/components/dossier/tableau";
import {
  Field,
  FormErrorSummary,
  RadioGroup,
  RequiredFieldsNotice,
  SelectField,
  fieldErrorsOf,
} from "~/components/forms";
import { t } from "~/i18n";
import { dateHeureFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

const TITRE = "Bandeaux d'information";
/** This page: where Post/Redirect/Get comes back. */
const ADRESSE = "/administration/bandeaux";

/** Every banner of the portal with its status (GET /api/administration/bandeaux), admin_fonctionnel only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  return { bandeaux: await callEndpoint(request, context, listerBandeauxAdministres) };
}

/** The form's fields as the browser posts them (strings), for the API. */
function champ(formData: FormData, nom: string): string | undefined {
  const valeur = formData.get(nom);
  return typeof valeur === "string" && valeur.trim() ? valeur : undefined;
}

/**
 * Two forms (`intent`): `creer` checks the new banner with the API's own
 * rules (`schemaNouveauBandeau`: message required, file type of an `info`
 * banner, Paris times, end after start), then POST
 * /api/administration/bandeaux; `retirer` POST
 * /api/administration/bandeaux/{bandeauId}/retrait. After a change the
 * process's banner cache is emptied (`viderCacheBandeaux`): the admin sees
 * it on his next page. Post/Redirect/Get with a notification; a refusal
 * keeps what was typed and shows the API's messages on their fields.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const formData = await request.formData();
  if (formData.get("intent") === "retirer") {
    const bandeauId = String(formData.get("bandeauId") ?? "");
    if (!/^\d{1,9}$/.test(bandeauId)) throw new Response("Bandeau inconnu", { status: 400 });
    try {
      await callEndpoint(request, context, retirerBandeau, { params: { bandeauId } });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      return redirectWithToast(
        ADRESSE,
        { type: "info", titre: t("notification.titre.info"), description: error.message },
        { request, context },
      );
    }
    viderCacheBandeaux();
    return redirectWithToast(
      ADRESSE,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description: "Le bandeau a été retiré.",
      },
      { request, context },
    );
  }

  const submission = parseWithZod(formData, { schema: schemaNouveauBandeau });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  const type = submission.value.type;
  try {
    await callEndpoint(request, context, creerBandeau, {
      body: {
        type,
        demandeType: type === "info" ? champ(formData, "demandeType") : undefined,
        titre: champ(formData, "titre"),
        message: String(formData.get("message")),
        dateDebut: champ(formData, "dateDebut"),
        dateFin: champ(formData, "dateFin"),
      },
      format: "form",
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422)) throw error;
    const erreurs = fieldErrorsOf(error.body);
    return data(
      {
        lastResult: submission.reply(
          Object.keys(erreurs).length
            ? { fieldErrors: erreurs }
            : { formErrors: [error.message || t("erreur.autre.sousTitre")] },
        ) as SubmissionResult<string[]>,
      },
      { status: 422 },
    );
  }
  viderCacheBandeaux();
  return redirectWithToast(
    ADRESSE,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: "Le bandeau a été enregistré.",
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/** DSFR badge colour of a status. */
const BADGE: Record<StatutBandeau, string> = {
  programme: "fr-badge--info",
  en_cours: "fr-badge--success",
  termine: "fr-badge--grey",
  retire: "fr-badge--grey",
};

/** "Début" / "Fin" cell: the Paris date and time, or what an empty bound means. */
function borne(iso: string | null, vide: string): string {
  return iso ? dateHeureFr(iso) : vide;
}

/**
 * `/administration/bandeaux` (spec §3 Information
 * banner): the form of a new banner (scheduled by Paris start and end
 * times) and the list of every banner with its status and a "Retirer"
 * button. Plain forms: works without JavaScript.
 */
export default function AdministrationBandeaux() {
  const { bandeaux } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p>
        Les bandeaux généraux s'affichent en haut de toutes les pages des utilisateurs connectés ;
        les bandeaux d'information, sur les pages des dossiers du type choisi. Les dates sont en
        heure de Paris.
      </p>
      {/* Remounted (emptied) once a banner is added: a client-side Post/Redirect/Get keeps the fields otherwise. */}
      <NouveauBandeau key={bandeaux.length} />
      {bandeaux.length === 0 ? (
        <p className="fr-mt-6w">Aucun bandeau n'a encore été créé.</p>
      ) : (
        <ListeBandeaux bandeaux={bandeaux} />
      )}
    </div>
  );
}

/** The new banner's form (conform; the action checks it with the API's rules and answers its messages). */
function NouveauBandeau() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const enCours =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "creer";
  const [form, fields] = useForm<SaisieNouveauBandeau>({
    id: "nouveau-bandeau",
    lastResult: result?.lastResult,
    defaultValue: { type: "general" },
    // Checked by the action (the API's own rules), with or without JavaScript.
    constraint: getZodConstraint(schemaNouveauBandeau),
  });
  const types = [
    { value: "general", label: "Général", hint: "En haut de toutes les pages" },
    {
      value: "info",
      label: "Information sur les dossiers",
      hint: "Sur les pages des dossiers du type choisi ci-dessous",
    },
  ];
  return (
    <section aria-labelledby="section-nouveau-bandeau">
      <h2 id="section-nouveau-bandeau">Nouveau bandeau</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        <input type="hidden" name="intent" value="creer" />
        <RadioGroup
          id={fields.type.id}
          legend="Type de bandeau"
          required
          errors={fields.type.errors}
          options={types.map((type) => ({
            props: {
              key: type.value,
              id: `${fields.type.id}-${type.value}`,
              type: "radio",
              name: fields.type.name,
              value: type.value,
              defaultChecked: fields.type.initialValue === type.value,
            },
            label: type.label,
            hint: type.hint,
          }))}
        />
        <SelectField
          id={fields.demandeType.id}
          label="Type de dossier"
          hint="Obligatoire pour un bandeau d'information sur les dossiers"
          errors={fields.demandeType.errors}
          placeholder="Choisir un type de dossier"
          options={TYPES_DOSSIER_BANDEAU.map((type) => ({
            value: type,
            label: LIBELLES_TYPE_DOSSIER_BANDEAU[type],
          }))}
          selectProps={getSelectProps(fields.demandeType)}
        />
        <Field
          id={fields.titre.id}
          label="Titre"
          hint={`Facultatif, ${TITRE_BANDEAU_MAX} caractères au plus`}
          errors={fields.titre.errors}
        >
          <input {...getInputProps(fields.titre, { type: "text" })} maxLength={TITRE_BANDEAU_MAX} />
        </Field>
        <Field
          id={fields.message.id}
          label="Message"
          hint={`${MESSAGE_BANDEAU_MAX} caractères au plus`}
          required
          errors={fields.message.errors}
        >
          <textarea {...getTextareaProps(fields.message)} rows={3} />
        </Field>
        <div className="fr-grid-row fr-grid-row--gutters">
          <div className="fr-col-12 fr-col-md-6">
            <Field
              id={fields.dateDebut.id}
              label="Début de l'affichage"
              hint="Date et heure de Paris, par exemple 01/12/2026 08:00. Vide : dès maintenant"
              errors={fields.dateDebut.errors}
            >
              <input {...getInputProps(fields.dateDebut, { type: "datetime-local" })} />
            </Field>
          </div>
          <div className="fr-col-12 fr-col-md-6">
            <Field
              id={fields.dateFin.id}
              label="Fin de l'affichage"
              hint="Date et heure de Paris, après le début. Vide : sans fin"
              errors={fields.dateFin.errors}
            >
              <input {...getInputProps(fields.dateFin, { type: "datetime-local" })} />
            </Field>
          </div>
        </div>
        <button type="submit" className="fr-btn fr-mt-2w" disabled={enCours}>
          Enregistrer le bandeau
        </button>
      </Form>
    </section>
  );
}

/** The banners, newest first: type, text, window, status, and "Retirer" for those not removed. */
function ListeBandeaux({ bandeaux }: { bandeaux: BandeauAdministre[] }) {
  return (
    <>
      <h2 className="fr-mt-6w">Bandeaux enregistrés</h2>
      <Tableau id="bandeaux" legende="Bandeaux enregistrés">
        <thead>
          <tr>
            <th scope="col">Bandeau</th>
            <th scope="col">Affiché sur</th>
            <th scope="col">Début</th>
            <th scope="col">Fin</th>
            <th scope="col">Statut</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {bandeaux.map((bandeau) => (
            <tr key={bandeau.id}>
              <td className="fr-cell--multiline">
                {bandeau.titre ? <strong>{bandeau.titre} : </strong> : null}
                {bandeau.message}
              </td>
              <td className="fr-cell--multiline">
                {bandeau.type === "general"
                  ? "Toutes les pages"
                  : (LIBELLES_TYPE_DOSSIER_BANDEAU[
                      bandeau.demandeType as keyof typeof LIBELLES_TYPE_DOSSIER_BANDEAU
                    ] ?? bandeau.demandeType)}
              </td>
              <td>{borne(bandeau.dateDebut, "Dès sa création")}</td>
              <td>{borne(bandeau.dateFin, "Sans fin")}</td>
              <td>
                <p className={`fr-badge fr-badge--sm fr-badge--no-icon ${BADGE[bandeau.statut]}`}>
                  {LIBELLES_STATUT_BANDEAU[bandeau.statut]}
                </p>
              </td>
              <td>
                {bandeau.statut === "retire" || bandeau.statut === "termine" ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retirer" />
                    <input type="hidden" name="bandeauId" value={bandeau.id} />
                    {/* aria-label, not a .fr-sr-only span: positioned absolutely, it would escape the table's scroll box. */}
                    <button
                      type="submit"
                      className="fr-btn fr-btn--sm fr-btn--secondary"
                      aria-label={`Retirer le bandeau « ${bandeau.titre ?? bandeau.message.slice(0, 60)} »`}
                    >
                      Retirer
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Tableau>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
