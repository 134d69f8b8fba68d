/**
 * The full-screen code is a screen of its own (`/qr-codes/mine`); its Done button goes back to the list, which is
 * drawn anew. This remembers, for that one return, to put the focus back on "Show my code" (where it was), rather
 * than leave it on the page's start.
 */
let returning = false;

export const returnFocusToMyCode = () => {
  returning = true;
};

/** Whether the list was just returned to from the full-screen code (answers once). */
export function takeReturnFocusToMyCode(): boolean {
  const was = returning;
  returning = false;
  return was;
}

/** What "Show my code" hands the full-screen screen: Done goes back to the list (and its button) rather than to a new one. */
export type MyCodeState = { fromList?: boolean } | null;
