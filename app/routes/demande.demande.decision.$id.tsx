import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { consulterDecision, versLEspaceDuDemandeur } from "~/components/dossier/decision.server";

/** Nothing to show here: the decision is consulted by posting the card's form. */
export const loader = (args: LoaderFunctionArgs) => versLEspaceDuDemandeur(args, "demande");

/** `POST /demande/demande/decision/{id}` (spec §4 "View result"): marks the decision seen, then its file. */
export const action = (args: ActionFunctionArgs) => consulterDecision(args, "demande");
