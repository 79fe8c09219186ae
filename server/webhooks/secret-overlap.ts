// How long a rotated-out signing secret keeps signing beside the new one: apart from config.ts so that the
// customer docs page can state the bounds without loading the webhook services.
/** Unless the caller chooses: a day to switch the receiver's verifier. */
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;
/** The longest overlap a rotation may ask for: a week to switch a verifier is plenty. */
export const MAX_SECRET_OVERLAP_HOURS = 7 * 24;
