/**
 * Version of the terms of use (CGU) currently in force. An applicant whose
 * accepted version differs must accept them again (spec §2 Modals, §6).
 */
export const CGU_VERSION = "2024-04";
