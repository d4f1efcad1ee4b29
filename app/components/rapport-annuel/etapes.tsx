import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Stepper } from "@codegouvfr/react-dsfr/Stepper";
import { Form, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { afficherTaille } from "#contract/pieces-jointes";
import {
  ETAPES_RAPPORT_ANNUEL,
  champEtpPrevisionnel,
  champEtpRealise,
  schemaEtapeActivite,
  schemaEtapeChangements,
  schemaEtapeEffectifs,
  type NumeroEtapeRapport,
  type ProcedureRapportAnnuel,
  type RapportAnnuel,
} from "#contract/schemas/rapport-annuel";
import { afficherDecimal } from "#contract/validation";
import {
  CheckboxField,
  Fieldset,
  FormErrorSummary,
  InputFields,
  RadioField,
  RequiredFieldsNotice,
  UploadField,
  UploadProgress,
  acceptAttribute,
  type Champ,
  type InputFieldDescription,
} from "~/components/forms";
import { dateFr } from "~/utils/dates";
import { useEnvoiAvecProgression } from "./envoi-etape-documents";
import { urlEtapeRapport } from "./urls";
import { AnalyseAntivirus } from "~/components/dossier/analyse-antivirus";
import { BoutonsFormulaireEtapes } from "~/components/dossier/boutons-etape";

/** What conform gives a valid submission's handler (the part step 3 reads). */
interface EnvoiValide {
  formData: FormData;
  action: string;
}

/** The page title of a step: "Étape 2 sur 3 – Activité – Rapport annuel d'activité 2025". */
export function titreEtapeRapport(annee: number, etape: NumeroEtapeRapport): string {
  return `Étape ${etape} sur 3 – ${ETAPES_RAPPORT_ANNUEL[etape - 1].titre} – Rapport annuel d'activité ${annee}`;
}

/** DSFR stepper of the report: "Étape n sur 3", the step's title (h2) and the next one's. */
export function EtapesRapport({ etape }: { etape: NumeroEtapeRapport }) {
  return (
    <Stepper
      currentStep={etape}
      stepCount={ETAPES_RAPPORT_ANNUEL.length}
      title={ETAPES_RAPPORT_ANNUEL[etape - 1].titre}
      nextTitle={ETAPES_RAPPORT_ANNUEL.find((suivante) => suivante.numero === etape + 1)?.titre}
      progressText={({ currentStep, stepCount }) => `Étape ${currentStep} sur ${stepCount}`}
      nextStepText="Étape suivante :"
    />
  );
}

/**
 * The stepper buttons of a report's step (spec §2): "Précédent" from step
 * 2, "Enregistrer", then "Suivant" on steps 1 and 2, or "Soumettre" on
 * step 3 while the report is not deposited. Disabled while the form is
 * being sent (by Remix, or by step 3's script: `envoiEnCours`).
 */
function BoutonsEtapeRapport({
  annee,
  etape,
  soumettre,
  envoiEnCours = false,
}: {
  annee: number;
  etape: NumeroEtapeRapport;
  soumettre: boolean;
  envoiEnCours?: boolean;
}) {
  const occupe = useNavigation().state === "submitting" || envoiEnCours;
  return (
    <BoutonsFormulaireEtapes
      precedent={etape > 1 ? urlEtapeRapport(annee, (etape - 1) as 1 | 2) : null}
      suite={etape < 3 ? "suivant" : soumettre ? "soumettre" : null}
      occupe={occupe}
    />
  );
}

/** Props shared by the three step forms. */
export interface EtapeRapportProps {
  rapport: RapportAnnuel;
  /** conform's result of the last refused post of this step. */
  lastResult: SubmissionResult<string[]> | null;
}

const DEMI = "fr-col-12 fr-col-md-6";
/** Spec §5 ETP: typed the French way ("7,5"); the counts of step 2: whole numbers. */
const ETP = { hint: "En ETP annuels. Exemple : 7,5", inputMode: "decimal" } as const;
const NOMBRE = { hint: "Un nombre entier. Exemple : 12", inputMode: "numeric" } as const;

/**
 * Rows of {@link InputFields} for figures of a step, `[name, label]`
 * each: text inputs of `sorte` (ETP or whole count), `requis` or not, in
 * `colonnes` of the grid.
 */
function chiffres(
  sorte: typeof ETP | typeof NOMBRE,
  colonnes: string,
  requis: boolean,
  liste: [string, string][],
): InputFieldDescription[] {
  return liste.map(([name, label]) => ({
    name,
    label,
    hint: sorte.hint,
    className: colonnes,
    inputProps: { required: requis || undefined, inputMode: sorte.inputMode },
  }));
}

/**
 * Step 1 "Effectifs" (spec §3 Annual report content: ETP total; ETP per
 * département of the approval's perimeter, actual for the reported year
 * and forecast for the next): checked with the contract's
 * `schemaEtapeEffectifs` on blur and by the server.
 */
export function EtapeEffectifs({ rapport, lastResult }: EtapeRapportProps) {
  const { annee } = rapport;
  const codes = rapport.departements.map((d) => d.code);
  const schema = schemaEtapeEffectifs(codes);
  const enregistre = rapport.contenu.effectifs;
  const defaut: Record<string, string> = {};
  if (enregistre) {
    defaut.etpStructure = afficherDecimal(enregistre.etpStructure);
    defaut.etpAccompagnement = afficherDecimal(enregistre.etpAccompagnement);
    for (const ligne of enregistre.departements) {
      defaut[champEtpRealise(ligne.code)] = afficherDecimal(ligne.realise);
      defaut[champEtpPrevisionnel(ligne.code)] = afficherDecimal(ligne.previsionnel);
    }
  }
  const [form, fields] = useForm({
    id: "rapport-etape-1",
    lastResult,
    defaultValue: defaut,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const champs = fields as unknown as Record<string, Champ>;
  const ordre = [
    "etpStructure",
    "etpAccompagnement",
    ...codes.flatMap((code) => [champEtpRealise(code), champEtpPrevisionnel(code)]),
  ];
  return (
    <Form method="post" action={urlEtapeRapport(annee, 1)} {...getFormProps(form)}>
      <FormErrorSummary form={form} order={ordre} />
      <RequiredFieldsNotice />
      <Fieldset
        id="rapport-etp-structure"
        legend={`Effectifs au 31 décembre ${annee}`}
        heading="h3"
      >
        <InputFields
          fields={champs}
          inputs={chiffres(ETP, DEMI, true, [
            ["etpStructure", "Nombre d'ETP de la structure"],
            ["etpAccompagnement", "Nombre d'ETP dédiés à l'accompagnement"],
          ])}
        />
      </Fieldset>
      <h3 className="fr-h5 fr-mt-4w">ETP dédiés à l'accompagnement par département</h3>
      <p className="fr-text--sm">
        Pour chaque département de votre périmètre, renseignez les deux champs ou aucun.
      </p>
      {rapport.departements.map((departement) => (
        <Fieldset
          key={departement.code}
          id={`rapport-departement-${departement.code}`}
          legend={`${departement.nom} (${departement.code})`}
          heading="h4"
          headingClassName="fr-text--lg fr-mb-0"
        >
          <InputFields
            fields={champs}
            inputs={chiffres(ETP, DEMI, false, [
              [champEtpRealise(departement.code), `ETP réalisés en ${annee}`],
              [champEtpPrevisionnel(departement.code), `ETP prévisionnels en ${annee + 1}`],
            ])}
          />
        </Fieldset>
      ))}
      <BoutonsEtapeRapport annee={annee} etape={1} soumettre={false} />
    </Form>
  );
}

/**
 * Step 2 "Activité" (spec §3: contracts signed and abandoned, files filed,
 * forecast accompaniments, subcontracting yes/no with its counts): the
 * counts of subcontracting are asked with "Oui" (without JavaScript they
 * stay visible, and are ignored with "Non").
 */
export function EtapeActivite({ rapport, lastResult }: EtapeRapportProps) {
  const { annee } = rapport;
  const enregistre = rapport.contenu.activite;
  const defaut: Record<string, string> = {};
  if (enregistre)
    for (const [cle, valeur] of Object.entries(enregistre))
      defaut[cle] = typeof valeur === "boolean" ? (valeur ? "oui" : "non") : String(valeur);
  const [form, fields] = useForm({
    id: "rapport-etape-2",
    lastResult,
    defaultValue: defaut,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaEtapeActivite }),
  });
  const champs = fields as unknown as Record<string, Champ>;
  const sousTraitance = fields.sousTraitance.value;
  return (
    <Form method="post" action={urlEtapeRapport(annee, 2)} {...getFormProps(form)}>
      <FormErrorSummary
        form={form}
        order={[
          "nbContratsSignes",
          "nbContratsAbandonnes",
          "nbDossiersDeposes",
          "nbAccompagnementsPrevisionnels",
          "sousTraitance",
          "nbSousTraitanceAudits",
          "nbSousTraitancePrestationsRenforcees",
          "nbSousTraitanceMissionComplete",
        ]}
        targets={{ sousTraitance: fields.sousTraitance.id }}
      />
      <RequiredFieldsNotice />
      <Fieldset id="rapport-activite" legend={`Activité en ${annee}`} heading="h3">
        <InputFields
          fields={champs}
          inputs={chiffres(NOMBRE, DEMI, true, [
            ["nbContratsSignes", "Nombre de contrats signés"],
            ["nbContratsAbandonnes", "Nombre de contrats abandonnés"],
            ["nbDossiersDeposes", "Nombre de dossiers déposés"],
            [
              "nbAccompagnementsPrevisionnels",
              `Nombre d'accompagnements prévisionnels en ${annee + 1}`,
            ],
          ])}
        />
      </Fieldset>
      <RadioField
        field={champs.sousTraitance}
        legend="La structure a-t-elle sous-traité une partie de l'accompagnement ?"
        required
        inline
      />
      {sousTraitance !== "non" ? (
        <Fieldset
          id="rapport-sous-traitance"
          legend="Sous-traitance"
          heading="h3"
          hint="À renseigner si vous avez répondu « Oui »."
        >
          <InputFields
            fields={champs}
            inputs={chiffres(NOMBRE, "fr-col-12 fr-col-md-4", false, [
              ["nbSousTraitanceAudits", "Nombre d'audits sous-traités"],
              [
                "nbSousTraitancePrestationsRenforcees",
                "Nombre de prestations renforcées sous-traitées",
              ],
              [
                "nbSousTraitanceMissionComplete",
                "Nombre de missions obligatoires complètes sous-traitées",
              ],
            ])}
          />
        </Fieldset>
      ) : null}
      <BoutonsEtapeRapport annee={annee} etape={2} soumettre={false} />
    </Form>
  );
}

/**
 * The zod schema of step `etape` of `rapport`, for the page and the server
 * alike; step 3 knowing how many documents each type code of `codes`
 * holds once `formData` is saved: the report's documents not ticked
 * "Retirer", plus the files chosen in the type's input.
 */
export function schemaEtapeRapport(
  etape: NumeroEtapeRapport,
  rapport: RapportAnnuel,
  formData: FormData,
  codes: readonly string[],
) {
  if (etape === 1) return schemaEtapeEffectifs(rapport.departements.map((d) => d.code));
  if (etape === 2) return schemaEtapeActivite;
  const fichiers: Record<string, number> = {};
  const supprimes = new Set(formData.getAll("supprimer").map(String));
  for (const code of codes)
    fichiers[code] =
      rapport.piecesJointes.filter((p) => p.codeTypePJ === code && !supprimes.has(p.id)).length +
      formData.getAll(code).filter((v) => typeof v !== "string" && v.size > 0).length;
  return schemaEtapeChangements(fichiers);
}

/** What the sections of step 3 share: the form's id, the year, conform's fields, the accepted types and the limits as a sentence. */
interface FormulaireChangements {
  id: string;
  annee: number;
  champs: Record<string, Champ>;
  types: string[];
  limites: string;
}

/**
 * One group of step 3 (capital structure, governance): its yes/no
 * question, its documents already sent, each with a "Retirer" box
 * (`supprimer`), and one file input per document type.
 */
function SectionChangement({
  groupe,
  justificatifs,
  formulaire: { id, annee, champs, types, limites },
}: {
  groupe: ProcedureRapportAnnuel["groupes"][number];
  justificatifs: RapportAnnuel["piecesJointes"];
  formulaire: FormulaireChangements;
}) {
  const question = champs[groupe.question];
  return (
    <section className="fr-mb-4w" aria-labelledby={`titre-${groupe.code}`}>
      <h3 id={`titre-${groupe.code}`} className="fr-h5">
        {groupe.libelle}
      </h3>
      <RadioField
        field={question}
        legend={
          groupe.question === "capitalModifie"
            ? `La structure du capital a-t-elle été modifiée en ${annee} ?`
            : `La gouvernance de la structure a-t-elle été modifiée en ${annee} ?`
        }
        hint="Avec « Oui », joignez au moins un justificatif ; avec « Non », les documents joints sont retirés."
        required
        inline
      />
      {justificatifs.length ? (
        <ul className="fr-raw-list fr-mb-2w">
          {justificatifs.map((justificatif) => (
            <li key={justificatif.id} className="fr-mb-1w">
              <AnalyseAntivirus piece={justificatif}>
                <a href={`/piece-jointe/${justificatif.id}`} className="fr-link fr-link--sm">
                  {justificatif.nom} ({afficherTaille(justificatif.size)}, ajouté le{" "}
                  {dateFr(justificatif.dateCreation)})
                </a>
              </AnalyseAntivirus>
              <CheckboxField
                id={`supprimer-${justificatif.id}`}
                label={`Retirer ${justificatif.nom}`}
              >
                <input type="checkbox" name="supprimer" value={justificatif.id} />
              </CheckboxField>
            </li>
          ))}
        </ul>
      ) : null}
      {groupe.values.map((valeur) => (
        <UploadField
          key={valeur.code}
          id={`${id}-${valeur.code}`}
          name={valeur.code}
          label={valeur.libelle}
          hint={`À joindre si vous avez répondu « Oui ». ${limites}`}
          multiple
          accept={acceptAttribute(types)}
          errors={champs[valeur.code]?.errors}
        />
      ))}
    </section>
  );
}

/**
 * Step 3 "Changements et documents" (spec §3: capital structure and
 * governance changed, each with its documents): a multipart form that
 * works without JavaScript; the documents already sent are listed with a
 * "Retirer" box (`supprimer`), new ones are chosen in the group's file
 * input (named by its type code). A browser cannot refill a file input:
 * after a refused post the files are chosen again. With JavaScript, a
 * valid form is sent by script to show the upload's progress
 * (envoi-etape-documents.ts), and a refusal keeps the
 * chosen files.
 */
export function EtapeChangements({
  rapport,
  lastResult,
  procedure,
}: EtapeRapportProps & { procedure: ProcedureRapportAnnuel }) {
  const { annee } = rapport;
  const enregistre = rapport.contenu.changements;
  const defaut: Record<string, string> = {};
  if (enregistre) {
    defaut.capitalModifie = enregistre.capitalModifie ? "oui" : "non";
    defaut.gouvernanceModifiee = enregistre.gouvernanceModifiee ? "oui" : "non";
  }
  const envoi = useEnvoiAvecProgression();
  const [form, fields] = useForm({
    id: "rapport-etape-3",
    lastResult: envoi.lastResult ?? lastResult,
    defaultValue: defaut,
    shouldValidate: "onSubmit",
    // Called once the form passed the checks below (never for conform's own validation posts).
    onSubmit: (event: FormEvent<HTMLFormElement>, { formData, action }: EnvoiValide) => {
      event.preventDefault();
      void envoi.envoyer(action, formData);
    },
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: schemaEtapeRapport(
          3,
          rapport,
          formData,
          procedure.groupes.flatMap((groupe) => groupe.values.map((valeur) => valeur.code)),
        ),
      }),
  });
  const champs = fields as unknown as Record<string, Champ>;
  const types = procedure.typesAcceptes.split(",").map((type) => type.trim());
  const limites = `Taille maximale : ${afficherTaille(procedure.tailleMaxOctets)} par fichier, ${procedure.maxFichiers} fichiers au plus. Formats acceptés : ${types.map((type) => type.split("/")[1]?.toUpperCase() ?? type).join(", ")}.`;
  const formulaire: FormulaireChangements = { id: form.id, annee, champs, types, limites };
  return (
    <Form
      method="post"
      action={urlEtapeRapport(annee, 3)}
      encType="multipart/form-data"
      {...getFormProps(form)}
    >
      <FormErrorSummary
        form={form}
        targets={Object.fromEntries(
          procedure.groupes.map((groupe) => [groupe.question, champs[groupe.question].id]),
        )}
      />
      <RequiredFieldsNotice />
      {procedure.groupes.map((groupe) => (
        <SectionChangement
          key={groupe.code}
          groupe={groupe}
          justificatifs={rapport.piecesJointes.filter((piece) =>
            groupe.values.some((valeur) => valeur.code === piece.codeTypePJ),
          )}
          formulaire={formulaire}
        />
      ))}
      {envoi.erreur ? (
        <div className="fr-alert fr-alert--error fr-alert--sm fr-mt-2w" role="alert">
          <p>{envoi.erreur}</p>
        </div>
      ) : null}
      {/* Read out as it changes: "Envoi en cours : n %". */}
      <div role="status">
        <UploadProgress id={`${form.id}-progression`} percent={envoi.progression} />
      </div>
      <BoutonsEtapeRapport
        annee={annee}
        etape={3}
        soumettre={rapport.etat !== "depose"}
        envoiEnCours={envoi.progression !== null}
      />
    </Form>
  );
}
