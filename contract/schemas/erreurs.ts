/** Error bodies of the API (DESIGN §7, spec §8). */
import { z } from "zod";

/** 401, 403, 404, 409, 500: `{ message }` ("Forbidden" for a failed role gate). */
export const messageErreurSchema = z.object({ message: z.string() });
export type MessageErreur = z.infer<typeof messageErreurSchema>;

/** 422: the validation message(s) the UI shows as is (spec §8). */
export const erreurValidationSchema = z.object({ detail: z.string() });
export type ErreurValidation = z.infer<typeof erreurValidationSchema>;
