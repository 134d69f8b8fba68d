import type { LoggedInUser } from "@fieldlead/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

export type ResetPasswordInput = { linkId: string; password: string };

/** Sets the new password; the answer signs the user in. */
export const resetPassword = (body: ResetPasswordInput) =>
  api<LoggedInUser>("account.resetPassword", { body });

export function useResetPassword() {
  return useMutation<LoggedInUser, ApiError, ResetPasswordInput>({ mutationFn: resetPassword });
}
