import type { ResetPasswordRequest } from "@fieldlead/contracts";
import { accountApi } from "@fieldlead/contracts/routes";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

/** Sets the new password; the answer signs the user in. */
export const resetPassword = (body: ResetPasswordRequest) => call(accountApi.resetPassword, { body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
