/**
 * Suspension of the 3-month instruction clock (DESIGN §5, arrêté art. 5):
 * the clock stops while the applicant owes something (completeness or
 * complement request, return to edition) and, when it restarts, its last
 * day moves back by the Europe/Paris calendar days it stood still. The one
 * place where this arithmetic lives; the handlers write what it returns.
 */
import type { DemandeRow } from "../acces.ts";
import { decalerDate, joursCalendairesParis } from "../../../contract/delais.ts";

type EtatHorloge = Pick<DemandeRow, "suspenduDepuis" | "dateLimiteInstruction">;

/**
 * Columns that stop the clock at `maintenant`. A clock already stopped
 * keeps its start, so two suspensions in a row count the days once.
 */
export function suspendreDelai(demande: EtatHorloge, maintenant: Date): { suspenduDepuis: Date } {
  return { suspenduDepuis: demande.suspenduDepuis ?? maintenant };
}

/** What restarting the clock changes, and by how much. */
export interface Reprise {
  /** Columns to write: clock running, last day pushed back. */
  changements: {
    suspenduDepuis: null;
    dateLimiteInstruction: string | null;
    alerteExpirationEnvoyee?: false;
  };
  /** Europe/Paris calendar days the clock stood still (0 when it was running). */
  joursSuspendus: number;
}

/**
 * Restarts the clock at `maintenant`: `dateLimiteInstruction` moves back by
 * the Europe/Paris calendar days between `suspenduDepuis` and `maintenant`
 * (suspended on 10 March, resumed on 25 March: 15 days later), and the
 * suspension ends; the "expires soon" alert may go out again for the new
 * last day. A running clock is left as it is (0 days).
 */
export function reprendreDelai(demande: EtatHorloge, maintenant: Date): Reprise {
  if (!demande.suspenduDepuis)
    return {
      changements: { suspenduDepuis: null, dateLimiteInstruction: demande.dateLimiteInstruction },
      joursSuspendus: 0,
    };
  const joursSuspendus = joursCalendairesParis(demande.suspenduDepuis, maintenant);
  return {
    changements: {
      suspenduDepuis: null,
      dateLimiteInstruction:
        demande.dateLimiteInstruction === null
          ? null
          : decalerDate(demande.dateLimiteInstruction, { jours: joursSuspendus }),
      alerteExpirationEnvoyee: false,
    },
    joursSuspendus,
  };
}
